// For tests: exports as the API describes them (read by the contract's own schema), and a fake of
// the export calls (DESIGN §4.4 "Export") that starts each new export pending, moves it on by one
// step each time it is asked about (pending → running at half → ready, or failed), pages the
// history, and serves a ready file with the name and type the API gives it. Every other request is
// passed on (undefined).
import { type CreateExport, type Export, ExportSchema } from '@portal/contracts/exports';
import { pagedAnswer } from '../../test/paged-answer';
import { karin } from '../../test/people';
import { solrosen1 } from '../../test/properties';
import { failure } from '../../test/serve-test-api';
import type { ReceivedRequest, Reply } from '../../test/test-api';

let made = 0;
const uuid = () => `00000000-0000-4000-a000-${String(++made).padStart(12, '0')}`;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A ready export of Solrosen 1's October 2026, made by Karin. */
export function anExport(fields: Partial<Export> = {}): Export {
  const id = fields.id ?? uuid();
  return ExportSchema.parse({
    id,
    propertyId: solrosen1.id,
    areas: [],
    areaTypes: [],
    chosenAreas: [],
    from: '2026-10-01',
    to: '2026-10-31',
    types: ['heat', 'el', 'hw', 'cw', 'solar'],
    style: 'xlsx',
    resolution: 'day',
    fields: ['area', 'device'],
    language: 'sv',
    status: 'ready',
    progress: 1,
    url: `/api/exports/${id}/file`,
    fileName: 'Solrosen_1_2026-10-01_2026-10-31.xlsx',
    size: 48_213,
    time: '2026-11-23T09:15:00.000Z',
    userId: karin.id,
    userName: karin.name,
    userEmail: karin.email,
    rows: 12_345,
    expiresAt: '2026-12-23T09:15:00.000Z',
    ...fields,
  });
}

/** The steps an export takes each time it is asked about. */
const STEPS: Partial<Export>[] = [
  { status: 'running', progress: 0.5 },
  { status: 'ready', progress: 1 },
];

export function exportsApi(
  propertyId: string = solrosen1.id,
  {
    history = [],
    fail = false,
    pageSize,
    refuse,
  }: {
    /** Exports made before, newest first. */
    history?: Export[];
    /** New exports fail instead of becoming ready. */
    fail?: boolean;
    pageSize?: number;
    /** POST is refused with this answer. */
    refuse?: Reply;
  } = {},
) {
  const stored = [...history];
  /** The bytes of each ready file. */
  const fileOf = (item: Export) => Buffer.from(`\uFEFFfile of ${item.id}`, 'utf8');

  const respond = (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname === `/properties/${propertyId}/exports`) {
      if (request.method === 'GET') {
        // A small page, whatever the app asks for, so a test can page a short history.
        if (pageSize) url.searchParams.set('limit', String(pageSize));
        return pagedAnswer(stored, url, { searchText: () => '', order: () => 0 });
      }
      if (request.method !== 'POST') return undefined;
      if (refuse) return refuse;
      const body = request.body as CreateExport;
      const id = uuid();
      const created = anExport({
        id,
        ...body,
        areas: body.areas ?? [],
        areaTypes: body.areaTypes ?? [],
        fields: body.fields ?? [],
        language: body.language ?? 'sv',
        status: 'pending',
        progress: 0,
        url: null,
        fileName: null,
        size: null,
        rows: null,
        time: new Date().toISOString(),
      });
      stored.unshift(created);
      return { status: 202, body: created };
    }
    const one = /^\/exports\/([^/]+)$/.exec(url.pathname);
    const index = stored.findIndex((item) => item.id === one?.[1]);
    const found = stored[index];
    if (one && request.method === 'GET') {
      if (!found) return failure(404, 'Not found.', { code: 'NOT_FOUND' });
      if (found.status === 'pending' || found.status === 'running') {
        const step = found.status === 'pending' ? STEPS[0] : STEPS[1];
        const next: Export = {
          ...found,
          ...(fail && found.status === 'running' ? { status: 'failed', progress: 0.5 } : step),
        };
        if (next.status === 'ready') {
          const name = `Solrosen_1_${next.from}_${next.to}.${next.style}`;
          Object.assign(next, {
            url: `/api/exports/${next.id}/file`,
            fileName: name,
            size: fileOf(next).length,
            rows: 31,
          });
        }
        stored[index] = next;
      }
      return { status: 200, body: stored[index] };
    }
    const ticket = /^\/api\/exports\/([^/]+)\/download$/.exec(url.pathname);
    if (ticket && request.method === 'POST') {
      const readyForTicket = stored.find(
        (item) => item.id === ticket[1] && item.status === 'ready',
      );
      return readyForTicket
        ? { status: 204 }
        : failure(404, 'Export not found.', { code: 'NOT_FOUND' });
    }
    const file = /^\/api\/exports\/([^/]+)\/file$/.exec(url.pathname);
    const ready = stored.find((item) => item.id === file?.[1] && item.status === 'ready');
    if (file && request.method === 'GET') {
      if (!ready) return failure(404, 'Not found.', { code: 'NOT_FOUND' });
      return {
        status: 200,
        body: fileOf(ready),
        headers: {
          'Content-Type': ready.style === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
          'Content-Disposition': `attachment; filename="${ready.fileName}"`,
        },
      };
    }
    return undefined;
  };
  return Object.assign(respond, { stored });
}
