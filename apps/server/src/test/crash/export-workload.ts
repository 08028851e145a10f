// The crash test's exports (POST /api/properties/{id}/exports, CSV): each asked for, then followed
// until it is ready before the next. An export asked for and answered 202 is never lost; after a
// kill it is pending, or running (a build the kill cut off), or ready with its whole file — never
// ready with part of one. After the last restart each is built and downloads whole.
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PortalDb } from '../../db/client';
import { dataExportChunks, dataExports } from '../../db/schema/exports';
import { CallLoop, type CrashWorkload, pause, type ServerLife } from './workload';

/** Three days of the meters' hours, a row per meter and hour: a file of about 30 kB. */
const EXPORT = {
  from: '2026-01-01',
  to: '2026-01-03',
  types: ['heat', 'el', 'hw', 'cw'],
  style: 'csv',
  resolution: 'hour',
  fields: ['device', 'register', 'estimated'],
  language: 'sv',
};
const POLL_MS = 20;
/** How long the last server may take to build what the kills left. */
const FINISH_TIMEOUT_MS = 60_000;

type ExportAnswer = { id: string; status: string; size: number | null; rows: number | null };

export class ExportWorkload implements CrashWorkload {
  readonly name = 'export';
  readonly #propertyId: string;
  readonly #acknowledged: string[] = [];
  #sent = 0;
  /** After the last kill: the exports' statuses, and every export's id. */
  #statuses: Record<string, number> = {};
  #ids: string[] = [];
  #downloaded = 0;

  constructor(propertyId: string) {
    this.#propertyId = propertyId;
  }

  start(life: ServerLife) {
    /**
     * The export asked for last, followed until it is built: a kill meanwhile cuts off its build,
     * or finds it still waiting. The first of a life is not followed: the second is asked for as
     * soon as every client has had its first write acknowledged, so its build is under way when
     * the kill comes, more often than not.
     */
    let following: string | undefined;
    let asked = 0;
    return new CallLoop(life, async (acknowledged) => {
      if (following) {
        const answer = await exportOf(life, following);
        expect(answer.status).not.toBe('failed');
        if (answer.status === 'ready') following = undefined;
        else await pause(POLL_MS);
        return true;
      }
      this.#sent += 1;
      const response = await fetch(`${life.url}/api/properties/${this.#propertyId}/exports`, {
        method: 'POST',
        headers: { ...life.headers, 'content-type': 'application/json' },
        body: JSON.stringify(EXPORT),
      });
      const created = (await response.json()) as ExportAnswer;
      expect(response.status, JSON.stringify(created)).toBe(202);
      this.#acknowledged.push(created.id);
      asked += 1;
      if (asked > 1) following = created.id;
      acknowledged();
      return true;
    });
  }

  async checkStored(db: PortalDb) {
    const rows = await db
      .select({
        id: dataExports.id,
        status: dataExports.status,
        size: dataExports.size,
        fileRunId: dataExports.fileRunId,
        chunks: sql<number>`(select count(*)::int from ${dataExportChunks} c
          where c.export_id = ${dataExports.id} and c.run_id = ${dataExports.fileRunId})`,
        lastSeq: sql<number | null>`(select max(c.seq) from ${dataExportChunks} c
          where c.export_id = ${dataExports.id} and c.run_id = ${dataExports.fileRunId})`,
        bytes: sql<number | null>`(select sum(octet_length(c.bytes))::int from ${dataExportChunks} c
          where c.export_id = ${dataExports.id} and c.run_id = ${dataExports.fileRunId})`,
      })
      .from(dataExports)
      .where(eq(dataExports.propertyId, this.#propertyId));
    const stored = new Set(rows.map((row) => row.id));
    expect(this.#acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    for (const row of rows) {
      this.#statuses[row.status] = (this.#statuses[row.status] ?? 0) + 1;
      expect(['pending', 'running', 'ready']).toContain(row.status);
      // A ready export's file is whole: its chunks numbered without a gap, as long as recorded.
      if (row.status === 'ready')
        expect(row, row.id).toMatchObject({
          chunks: (row.lastSeq ?? -1) + 1,
          bytes: row.size,
        });
    }
    expect(rows.every((row) => row.status !== 'ready' || (row.size ?? 0) > 0)).toBe(true);
    this.#ids = rows.map((row) => row.id);
    // A build the kill cut off keeps its claim for two minutes (export-builds.ts), lest another
    // replica's live build lose it; the test moves those claims back rather than wait.
    await db
      .update(dataExports)
      .set({ claimedAt: sql`${dataExports.claimedAt} - interval '1 hour'` })
      .where(and(eq(dataExports.propertyId, this.#propertyId), eq(dataExports.status, 'running')));
  }

  /** Every export gets built, and its file downloads whole. */
  async finish(life: ServerLife) {
    const deadline = Date.now() + FINISH_TIMEOUT_MS;
    for (const id of this.#ids) {
      let answer = await exportOf(life, id);
      while (answer.status !== 'ready') {
        expect(answer.status).not.toBe('failed');
        expect(Date.now(), `export ${id} is still ${answer.status}`).toBeLessThan(deadline);
        await pause(POLL_MS);
        answer = await exportOf(life, id);
      }
      const file = await fetch(`${life.url}/api/exports/${id}/file`, { headers: life.headers });
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBe(answer.size);
      // A BOM, the header and a line per row, each ended.
      const text = bytes.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.split('\r\n').length - 2).toBe(answer.rows);
      this.#downloaded += 1;
    }
  }

  summary() {
    const statuses = Object.entries(this.#statuses)
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    return `${this.#acknowledged.length} exports acknowledged of ${this.#sent} asked (after the last kill: ${statuses}), ${this.#downloaded} downloaded whole`;
  }
}

async function exportOf(life: ServerLife, id: string) {
  const response = await fetch(`${life.url}/api/exports/${id}`, { headers: life.headers });
  const answer = (await response.json()) as ExportAnswer;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}
