// A property's data exports (DESIGN §4.4 "Export", docs/export-web.md) as endpoints of the one api
// slice: the history a page at a time, one export (polled while its file is being made), and a new
// export. A new export is put at the top of the history the screen shows, and every answer about
// one export replaces it there, so a finished file shows as ready without fetching the list again.
// The file itself is fetched with the session's token (fetchExportFile): a plain link cannot send
// it.
import type { CreateExport, Export } from '@portal/contracts/exports';
import type { Draft } from '@reduxjs/toolkit';
import { api } from '../../../api/api-slice';
import { itemsOf, type Page, type PageParam, pagedList, pageParams } from '../../../api/pages';
import { propertyExportsTag, TAG } from '../../../api/tags';
import { http } from '../../../lib/http';
import { followLink, saveFile } from '../model/save-file';

/** Exports a page of the history holds: a phone shows a few, 'Show more' the rest. */
export const EXPORT_HISTORY_PAGE_SIZE = 20;

/** How often an export whose file is being made is asked about. */
export const EXPORT_POLL_MS = 1000;

const propertyExportsUrl = (propertyId: string) =>
  `/properties/${encodeURIComponent(propertyId)}/exports`;
const exportUrl = (id: string) => `/exports/${encodeURIComponent(id)}`;

/** Whether an export's file is still being made (pending or running). */
export const isUnfinished = (item: Pick<Export, 'status'>) =>
  item.status === 'pending' || item.status === 'running';

type History = { pages: Page<Export>[] };

/** Puts what is known of one export into a history: replaced where it is, else at the top. */
function placeIn(history: Draft<History>, item: Export, { add }: { add: boolean }) {
  for (const page of history.pages) {
    const index = page.items.findIndex((one) => one.id === item.id);
    if (index >= 0) {
      page.items[index] = item;
      return;
    }
  }
  if (add) history.pages[0]?.items.unshift(item);
}

export const exportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A property's exports, newest first, a page at a time. */
    getExports: build.infiniteQuery<Page<Export>, string, PageParam>({
      ...pagedList,
      query: ({ queryArg: propertyId, pageParam }) => ({
        url: propertyExportsUrl(propertyId),
        params: pageParams({ limit: EXPORT_HISTORY_PAGE_SIZE }, pageParam),
      }),
      providesTags: (result, _error, propertyId) => [
        propertyExportsTag(propertyId),
        ...itemsOf(result).map((item) => ({ type: TAG.exports, id: item.id })),
      ],
    }),
    /** One export: asked every second while its file is being made. */
    getExport: build.query<Export, string>({
      query: (id) => ({ url: exportUrl(id) }),
      providesTags: (_result, _error, id) => [{ type: TAG.exports, id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The history shows the export as it now is (its progress, or its file once ready).
        if (data)
          dispatch(
            exportsApi.util.updateQueryData('getExports', data.propertyId, (history) =>
              placeIn(history, data, { add: false }),
            ),
          );
      },
    }),
    /** Starts a new export: 202 with the export, pending. */
    createExport: build.mutation<Export, { propertyId: string } & CreateExport>({
      query: ({ propertyId, ...body }) => ({
        url: propertyExportsUrl(propertyId),
        method: 'POST',
        body,
      }),
      async onQueryStarted({ propertyId }, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!created) return;
        // At the top of the history at once, without fetching it again; and its own entry, which
        // the history's row then keeps asking about until the file is ready.
        dispatch(
          exportsApi.util.updateQueryData('getExports', propertyId, (history) =>
            placeIn(history, created, { add: true }),
          ),
        );
        dispatch(
          exportsApi.util.upsertQueryEntries([
            { endpointName: 'getExport', arg: created.id, value: created },
          ]),
        );
      },
    }),
  }),
});

export const { useGetExportsInfiniteQuery, useGetExportQuery, useCreateExportMutation } =
  exportsApi;

/**
 * Where an export's file is fetched from: its `url` is a path on the API's host
 * (`/api/exports/{id}/file`), so it is read against the host the client calls, not against the
 * client's base path (which would name `/api` twice).
 */
export function exportFileUrl(url: string, baseURL = http.defaults.baseURL ?? '/api'): string {
  return new URL(url, new URL(baseURL, window.location.href)).href;
}

/** An export's file, with the session's token (refreshed on a 418 like every call). */
export async function fetchExportFile(url: string): Promise<Blob> {
  const response = await http.get<Blob>(exportFileUrl(url), { responseType: 'blob' });
  return response.data;
}

/**
 * Downloads an export's file (docs/export-web.md "Downloading"). Where the API is the page's own
 * host, a ticket is asked for with the session's token — a cookie for the file's address alone,
 * for a minute — and the browser follows a plain link to the file, writing it straight to disk
 * however large (a year per hour of 300 meters is hundreds of megabytes, more than a phone holds
 * in a tab). An API on another host could not set that cookie: the file is fetched into memory
 * with the token and saved from there.
 */
export async function downloadExportFile(
  item: { id: string; url: string },
  fileName: string,
  { baseURL = http.defaults.baseURL ?? '/api', pageOrigin = window.location.origin } = {},
) {
  // The API names the file by its path; anything else is not sent the session's token.
  if (!item.url.startsWith('/api/exports/')) throw new Error('not the address of an export file');
  const fileUrl = exportFileUrl(item.url, baseURL);
  if (new URL(fileUrl).origin !== pageOrigin) {
    saveFile(await fetchExportFile(item.url), fileName);
    return;
  }
  await http.post(exportFileUrl(`/api/exports/${item.id}/download`, baseURL));
  followLink(fileUrl, fileName);
}
