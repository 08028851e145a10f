// Data exports of a property (DESIGN §4.4 "Export"): asked for by any member of its organization,
// built as a job (export-builds.ts), listed newest first, downloaded by members only. Nobody
// else learns the property or an export exists (404); an export's id is random and is no key:
// the download checks membership like every other call.
import { Readable } from 'node:stream';
import { ErrorCode } from '@portal/contracts/errors';
import {
  type CreateExportSchema,
  EXPORT_KEPT_DAYS,
  type Export,
  exportGrain,
} from '@portal/contracts/exports';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import { lockMembership } from '../../access/tenancy';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../errors';
import { resolveJwtSecret } from '../auth/jwt-secret';
import type { AccessClaims } from '../auth/tokens';
import { cursorParts, decodeCursor, type Page, pageOf } from '../paging';
import { DownloadTickets, ticketCookie, ticketIn } from './download-tickets';
import { exportBuckets } from './export-buckets';
import {
  countAreasOfProperty,
  countUnfinishedExportsOf,
  type ExportProperty,
  type ExportRow,
  findExportProperty,
  insertExport,
  selectChunk,
  selectExportMeters,
  selectExportOf,
  selectExportsPage,
  selectLanguageOf,
} from './exports.repository';

export const EXPORT_NOT_FOUND = 'Export not found.';
/** Exports one caller may have waiting or being built at once. */
export const MAX_UNFINISHED_EXPORTS = 5;
/** Rows one file may have: twice the 10 M of bench X1, which a build keeps in about 300 MB. */
export const MAX_EXPORT_ROWS = 20_000_000;
const DAY_MS = 86_400_000;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export function presentExport(row: ExportRow): Export {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    propertyId: row.propertyId,
    areas: row.areas,
    areaTypes: row.areaTypes,
    chosenAreas: row.chosenAreas,
    from: row.from,
    to: row.to,
    types: row.types,
    style: row.style,
    resolution: row.resolution,
    fields: row.fields,
    language: row.language,
    status: row.status,
    progress: row.progress,
    url: ready ? `/api/exports/${row.id}/file` : null,
    fileName: ready ? row.fileName : null,
    size: ready ? row.size : null,
    time: row.createdAt.toISOString(),
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    rows: ready ? row.rows : null,
    expiresAt: new Date(row.createdAt.getTime() + EXPORT_KEPT_DAYS * DAY_MS).toISOString(),
  };
}

const HistoryCursor = zod.tuple([cursorParts.text, cursorParts.uuid]);

export type ExportFile = {
  fileName: string;
  size: number;
  contentType: string;
  stream: Readable;
};

export class ExportsService {
  readonly #tickets: DownloadTickets;

  constructor(private readonly context: AppContext) {
    this.#tickets = new DownloadTickets(resolveJwtSecret(context.config));
  }

  /** A ticket to download the export's file with a plain link, as a cookie for its address. */
  async ticket(caller: AccessClaims, exportId: string): Promise<string> {
    const row = await selectExportOf(this.db, exportId, caller.userId);
    if (row?.status !== 'ready') throw notFound(EXPORT_NOT_FOUND);
    const ticket = await this.#tickets.issue(caller.userId, exportId);
    return ticketCookie(ticket, exportId, this.context.config.publicUrl.startsWith('https:'));
  }

  /** Who downloads: the signed-in caller, or the holder of a ticket for this export. */
  async downloader(
    caller: AccessClaims | undefined,
    cookieHeader: string | undefined,
    exportId: string,
  ): Promise<string> {
    if (caller) return caller.userId;
    const ticket = ticketIn(cookieHeader);
    const holder = ticket && (await this.#tickets.holderOf(ticket, exportId));
    if (!holder) throw unauthorized();
    return holder;
  }

  private get db() {
    return this.context.database.db;
  }

  async create(
    caller: AccessClaims,
    propertyId: string,
    input: z.output<typeof CreateExportSchema>,
  ): Promise<Export> {
    const created = await this.db.transaction(async (transaction) => {
      const property = await findExportProperty(transaction, propertyId, caller.userId);
      if (!property) throw notFound(PROPERTY_NOT_FOUND);
      // The membership held until commit, as every write into an organization holds it.
      if (!(await lockMembership(transaction, caller.userId, property.organizationId)))
        throw notFound(PROPERTY_NOT_FOUND);
      const areas = [...new Set(input.areas)];
      if ((await countAreasOfProperty(transaction, propertyId, areas)) !== areas.length) {
        const message = 'An area chosen is not in this property.';
        throw badRequest(`areas: ${message}`, ErrorCode.validation, {
          issues: [{ field: 'areas', rule: 'custom', message }],
        });
      }
      const rows = await this.rowsOf(transaction, property, input, areas);
      if (rows > MAX_EXPORT_ROWS) {
        const message = `The export would have ${rows.toLocaleString('en')} rows; at most ${MAX_EXPORT_ROWS.toLocaleString('en')}. Choose a shorter window, a coarser resolution or fewer areas.`;
        throw badRequest(`to: ${message}`, ErrorCode.validation, {
          issues: [{ field: 'to', rule: 'too_big', limit: MAX_EXPORT_ROWS, message }],
        });
      }
      // One caller's requests take turns here, so five at once cannot all count four before them.
      await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${caller.userId}))`);
      if ((await countUnfinishedExportsOf(transaction, caller.userId)) >= MAX_UNFINISHED_EXPORTS)
        throw tooManyRequests(
          10,
          `At most ${MAX_UNFINISHED_EXPORTS} of your exports can be under way at once: wait until one is ready.`,
        );
      const id = await insertExport(transaction, {
        organizationId: property.organizationId,
        propertyId,
        areas,
        areaTypes: input.areaTypes,
        from: input.from,
        to: input.to,
        types: input.types,
        style: input.style,
        resolution: input.resolution,
        fields: input.fields,
        language: input.language ?? (await selectLanguageOf(transaction, caller.userId)),
        userId: caller.userId,
      });
      return (await selectExportOf(transaction, id, caller.userId)) as ExportRow;
    });
    // Built after the commit, outside the request; the answer does not wait for it.
    void this.context.exportBuilds.buildPending();
    return presentExport(created);
  }

  /** Rows the file will have: a row per bucket and meter, area or everything (the grain). */
  private async rowsOf(
    db: Queryable,
    property: ExportProperty,
    input: z.output<typeof CreateExportSchema>,
    areas: string[],
  ): Promise<number> {
    const meters = await selectExportMeters(db, { ...property, ...input, areas });
    const grain = exportGrain(input.fields);
    const groups =
      grain === 'device'
        ? meters.length
        : grain === 'area'
          ? new Set(meters.map((meter) => meter.areaId)).size
          : 1;
    return groups * exportBuckets(input.resolution, input.from, input.to, property.timeZone).length;
  }

  async history(
    caller: AccessClaims,
    propertyId: string,
    query: { limit: number; cursor?: string },
  ): Promise<Page<Export>> {
    const property = await findExportProperty(this.db, propertyId, caller.userId);
    if (!property) throw notFound(PROPERTY_NOT_FOUND);
    const after = query.cursor ? decodeCursor(query.cursor, HistoryCursor) : undefined;
    const rows = await selectExportsPage(this.db, property, {
      limit: query.limit,
      after: after && { createdAt: after[0], id: after[1] },
    });
    const page = pageOf(rows, query.limit, (row) => [row.createdAtKey, row.id]);
    return { rows: page.rows.map(presentExport), nextKey: page.nextKey };
  }

  async get(caller: AccessClaims, exportId: string): Promise<Export> {
    const row = await selectExportOf(this.db, exportId, caller.userId);
    if (!row) throw notFound(EXPORT_NOT_FOUND);
    return presentExport(row);
  }

  /** The file, read a chunk at a time as the answer is sent; 404 until it is ready, and for
   * anyone no longer a member of its organization (a ticket's holder too). */
  async file(userId: string, exportId: string): Promise<ExportFile> {
    const row = await selectExportOf(this.db, exportId, userId);
    if (row?.status !== 'ready' || !row.fileRunId || !row.fileName)
      throw notFound(EXPORT_NOT_FOUND);
    const db = this.db;
    const file = { exportId, runId: row.fileRunId };
    const size = row.size ?? 0;
    // A file whose chunks go while it is sent (its export removed) ends in an error, not short of
    // its Content-Length as if it were whole.
    async function* chunks() {
      let sent = 0;
      for (let seq = 0; sent < size; seq++) {
        const bytes = await selectChunk(db, file, seq);
        if (!bytes) throw new Error('the export was removed while it was sent');
        sent += bytes.length;
        yield bytes;
      }
    }
    return {
      fileName: row.fileName,
      size,
      contentType: CONTENT_TYPES[row.style],
      stream: Readable.from(chunks(), { objectMode: false }),
    };
  }
}
