// The export calls in the cache, against a loopback API: a new export goes to the top of the
// history held without fetching it again, an answer about one export replaces it in the history,
// and the file's address is read against the API's host.
import { describe, expect, it, vi } from 'vitest';
import { primed } from '../../../test/refetches';
import { serveTestApi } from '../../../test/serve-test-api';
import { makeStore } from '../../../test/store';
import { anExport, exportsApi as fakeExports } from '../test-exports';
import { downloadExportFile, exportFileUrl, exportsApi } from './exports-api';

const api = serveTestApi();
const older = anExport();
const propertyId = older.propertyId;

const historyOf = (store: ReturnType<typeof makeStore>) =>
  exportsApi.endpoints.getExports
    .select(propertyId)(store.getState())
    .data?.pages.flatMap((page) => page.items);

describe('exports in the cache', () => {
  it('puts a new export at the top of the history, and keeps it up to date while it is made', async () => {
    const fake = fakeExports(propertyId, { history: [older] });
    api.answer((request) => fake(request) ?? { status: 404 });
    const store = makeStore();
    const release = await primed(api, [
      store.dispatch(exportsApi.endpoints.getExports.initiate(propertyId)),
    ]);
    const created = await store
      .dispatch(
        exportsApi.endpoints.createExport.initiate({
          propertyId,
          from: '2026-10-01',
          to: '2026-10-31',
          types: ['heat'],
          style: 'csv',
          resolution: 'day',
        }),
      )
      .unwrap();
    expect(historyOf(store)?.map((item) => [item.id, item.status])).toEqual([
      [created.id, 'pending'],
      [older.id, 'ready'],
    ]);
    // The history itself was not fetched again.
    expect(api.requests.map((request) => request.method)).toEqual(['POST']);

    for (const status of ['running', 'ready'])
      await store
        .dispatch(exportsApi.endpoints.getExport.initiate(created.id, { forceRefetch: true }))
        .unwrap()
        .then((answer) => expect(answer.status).toBe(status));
    expect(historyOf(store)?.[0]).toMatchObject({
      id: created.id,
      status: 'ready',
      url: `/api/exports/${created.id}/file`,
      rows: 31,
    });
    release();
  });
});

describe("an export file's address", () => {
  it('is the path on the API host, whatever the base path of the client', () => {
    expect(exportFileUrl('/api/exports/1/file', '/api')).toBe(
      `${window.location.origin}/api/exports/1/file`,
    );
    expect(exportFileUrl('/api/exports/1/file', 'https://api.example.se/api')).toBe(
      'https://api.example.se/api/exports/1/file',
    );
  });
});

describe('downloading a file from the page’s own host', () => {
  it('asks for a ticket through the app’s client (the session’s token), then follows a plain link to the file', async () => {
    const ready = anExport({ style: 'csv' });
    const fake = fakeExports(propertyId, { history: [ready] });
    api.answer((request) => fake(request) ?? { status: 404 });
    const followed: { href: string; name: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push({ href: this.href, name: this.download });
    });
    const apiUrl = new URL(api.url);
    await downloadExportFile(ready as { id: string; url: string }, 'Solrosen 1.csv', {
      baseURL: api.url,
      pageOrigin: apiUrl.origin,
    });
    const ticket = api.requests.find(
      (request) => request.url === `/api/exports/${ready.id}/download`,
    );
    expect(ticket?.method).toBe('POST');
    // The file itself is not fetched by the page: the browser follows the link.
    expect(api.requests.some((request) => request.url?.endsWith('/file'))).toBe(false);
    expect(followed).toEqual([
      { href: `${apiUrl.origin}/api/exports/${ready.id}/file`, name: 'Solrosen 1.csv' },
    ]);
  });
});
