// A table of jobs that any replica may run, each exactly once (DESIGN §2): a row is claimed in a
// transaction of one statement (FOR UPDATE SKIP LOCKED), worked on outside any transaction, and
// its outcome recorded only while the claim still holds. The mail outbox is one such table;
// export files are the next.
import { and, asc, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PortalDb } from '../db/client';

/** The columns a job table has, whatever else it holds. */
export type JobTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  lastError: PgColumn;
  claimedAt: PgColumn;
  createdAt: PgColumn;
};

/** What the queue reads of a claimed row. */
export type JobRow = {
  id: string;
  status: string;
  attempts: number;
  claimedAt: Date | null;
  createdAt: Date;
};

export type JobQueueOptions<T extends JobTable> = {
  table: T;
  /** The status of a row waiting to be run. */
  pending: T['$inferSelect']['status'];
  /** The status of a row a run has claimed and is working on now. */
  running: T['$inferSelect']['status'];
  /**
   * How long after its claim a running row counts as pending again: its run died (a crashed or
   * killed process). Far above the longest a run may take, so a live run never loses its row.
   */
  staleAfter: SQL;
};

export class JobQueue<T extends JobTable> {
  constructor(readonly options: JobQueueOptions<T>) {}

  /**
   * Atomically moves up to `limit` claimable rows (oldest first, none of `skip`) to `status` (the
   * running status unless told) and returns them. Rows another run is claiming at the same moment
   * are skipped (FOR UPDATE SKIP LOCKED), and a row claimed just before is no longer claimable when
   * rechecked, so two runs never get the same row. A running row whose claim is stale counts as
   * pending.
   */
  async claim(
    db: PortalDb,
    options: { limit: number; skip?: string[]; status?: T['$inferSelect']['status'] },
  ): Promise<T['$inferSelect'][]> {
    const { table, pending, running, staleAfter } = this.options;
    const skip = options.skip ?? [];
    // Whole milliseconds, so the claim time read back as a Date still matches it exactly.
    const now: SQL = sql`date_trunc('milliseconds', clock_timestamp())`;
    const rows = await db.transaction((tx) => {
      const claimable = tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(
          and(
            or(
              eq(table.status, pending),
              and(
                eq(table.status, running),
                lt(table.claimedAt, sql`clock_timestamp() - ${staleAfter}`),
              ),
            ),
            skip.length > 0 ? notInArray(table.id, skip) : undefined,
          ),
        )
        .orderBy(asc(table.createdAt))
        .limit(options.limit)
        .for('update', { skipLocked: true });
      return tx
        .update(table as PgTable)
        .set({ status: options.status ?? running, claimedAt: now } as PgUpdateSetSource<PgTable>)
        .where(inArray(table.id, claimable))
        .returning();
    });
    return (rows as unknown as (T['$inferSelect'] & JobRow)[]).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
  }

  /**
   * Makes every running row pending again, its tries as counted: for a process that is the
   * database's only user (the embedded one, DATA_DIR locked) at its start, when a running row can
   * only be a dead process's — claimable now rather than once its claim is stale.
   */
  async releaseRunning(db: PortalDb): Promise<number> {
    const { table, pending, running } = this.options;
    const released = await db
      .update(table as PgTable)
      .set({ status: pending, claimedAt: null } as PgUpdateSetSource<PgTable>)
      .where(eq(table.status, running))
      .returning({ id: table.id });
    return released.length;
  }

  /**
   * Records the outcome of a run, only while the row is still this run's claim; false when the
   * claim went stale and another run took the row over (that run records its own outcome).
   */
  async settle(db: PortalDb, row: JobRow, values: PgUpdateSetSource<T>): Promise<boolean> {
    const { table, running } = this.options;
    const settled = await db
      .update(table as PgTable)
      .set(values as PgUpdateSetSource<PgTable>)
      .where(
        and(
          eq(table.id, row.id),
          eq(table.status, running),
          row.claimedAt ? eq(table.claimedAt, row.claimedAt) : undefined,
        ),
      )
      .returning({ id: table.id });
    return settled.length > 0;
  }
}
