// Export files built as jobs (jobs/, DESIGN §2): an export asked for is a pending row; a build
// claims it (FOR UPDATE SKIP LOCKED, so replicas never build one twice), writes its file's chunks
// under a run id of its own, moves its claim on with every page it records progress for, and
// marks it ready with that run's file. A build that dies leaves a running row whose claim goes
// stale: another build takes it over. Runs after every export asked for, and every half minute
// for what another process left; exports older than 30 days are removed every hour.
import { randomUUID } from 'node:crypto';
import { EXPORT_KEPT_DAYS } from '@portal/contracts/exports';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDb } from '../../db/client';
import { dataExports } from '../../db/schema/exports';
import { JobQueue } from '../../jobs/job-queue';
import { runJobs, SingleFlight } from '../../jobs/job-runner';
import { buildExport, type ExportJob } from './export-builder';
import { countAttempt, recordProgress, removeExpiredExports } from './exports.repository';

/** Tries a build gets before its export is marked failed. */
export const MAX_BUILD_ATTEMPTS = 3;
/** A running build records progress at least this often (every page, at most once a second). */
const PROGRESS_INTERVAL_MS = 1000;
const RUN_INTERVAL_MS = 30_000;
const REMOVE_INTERVAL_MS = 3_600_000;

export const exportQueue = new JobQueue({
  table: dataExports,
  pending: 'pending',
  running: 'running',
  // Far above the longest a page takes: a live build moves its claim on after every page.
  staleAfter: sql`interval '2 minutes'`,
});

/** Thrown into a build whose claim another build has taken over, or whose process is closing. */
class BuildStopped extends Error {}

export type ExportBuildsOptions = {
  db: PortalDb;
  log: FastifyBaseLogger;
  /** No other process uses the database (the embedded one): builds a killed process left
   * running are taken over at start, not after their claim goes stale (2 minutes). */
  soleProcess?: boolean;
  /** Rows per page and per XLSX sheet, bytes per chunk (tests make them small). */
  pageRows?: number;
  sheetRows?: number;
  chunkBytes?: number;
};

/** The error as one line for the table and the log: a database error's own words (drizzle wraps
 * it in the failed statement, parameters and all, a megabyte of them for a chunk). */
function describeBuildError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
}

export class ExportBuilds {
  readonly #options: ExportBuildsOptions;
  readonly #runs = new SingleFlight(() => this.#buildAll());
  #timers: NodeJS.Timeout[] = [];
  #closed = false;

  constructor(options: ExportBuildsOptions) {
    this.#options = options;
  }

  /** Builds every pending export (or shares the run under way and the one after it); never
   * rejects. */
  buildPending(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#runs.trigger();
  }

  /** Runs now and every half minute, and removes expired exports now and every hour. Alone on
   * its database, first takes over the builds a killed process left running. Resolves when the
   * first run is over; never rejects. */
  start(): Promise<void> {
    const firstRun = this.#takeOverAbandoned().then(() => this.buildPending());
    void this.removeExpired();
    this.#timers = [
      setInterval(() => void this.buildPending(), RUN_INTERVAL_MS).unref(),
      setInterval(() => void this.removeExpired(), REMOVE_INTERVAL_MS).unref(),
    ];
    return firstRun;
  }

  async #takeOverAbandoned() {
    if (!this.#options.soleProcess) return;
    try {
      const released = await exportQueue.releaseRunning(this.#options.db);
      if (released > 0)
        this.#options.log.info(
          { released },
          'exports a stopped process was building are built again',
        );
    } catch (error) {
      this.#options.log.warn({ err: error }, 'taking over abandoned exports failed');
    }
  }

  /** Removes exports kept their 30 days, and chunks no export reads; never rejects. */
  async removeExpired(): Promise<void> {
    try {
      const removed = await removeExpiredExports(this.#options.db, EXPORT_KEPT_DAYS);
      if (removed > 0) this.#options.log.info({ removed }, 'expired exports removed');
    } catch (error) {
      this.#options.log.warn({ err: error }, 'removing expired exports failed');
    }
  }

  /** Resolves once the run under way and the one waiting behind it are over. */
  idle(): Promise<void> {
    return this.#runs.settled();
  }

  /** No more builds; a build under way stops after its page (its export is built again later). */
  async close() {
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
    await this.#runs.settled();
  }

  async #buildAll() {
    const { db, log } = this.#options;
    try {
      await runJobs({
        db,
        queue: exportQueue,
        maxAttempts: MAX_BUILD_ATTEMPTS,
        failedStatus: 'failed',
        stopped: () => this.#closed,
        describe: describeBuildError,
        perform: (row) => this.#build(row),
        onFailure: (row, { attempts, gaveUp, error }) =>
          log.warn(
            { exportId: row.id, attempts, error },
            gaveUp ? 'export could not be built; giving up' : 'export could not be built',
          ),
        onClaimLost: (row) =>
          log.warn({ exportId: row.id }, 'export claim was lost before it was built'),
      });
    } catch (error) {
      // The database failed between builds; the exports stay pending for the next run.
      log.warn({ err: error }, 'export builds stopped');
    }
  }

  async #build(row: typeof dataExports.$inferSelect) {
    const { db } = this.#options;
    // The try is counted before it starts: a build that takes its process down (out of memory)
    // is never caught, and its export must not be tried without end.
    if (row.attempts >= MAX_BUILD_ATTEMPTS)
      return {
        status: 'failed' as const,
        lastError: 'the build stopped before it ended, on every try',
      };
    const counted = await countAttempt(db, { id: row.id, claimedAt: row.claimedAt as Date });
    if (!counted) throw new BuildStopped('another build took the export over');
    try {
      return await this.#buildFile(row);
    } catch (error) {
      // Stopped by a closing server: pending again, this try not counted.
      if (error instanceof BuildStopped && this.#closed)
        return { status: 'pending' as const, attempts: row.attempts, progress: 0 };
      throw error;
    }
  }

  async #buildFile(row: typeof dataExports.$inferSelect) {
    const { db } = this.#options;
    const runId = randomUUID();
    const claim = { id: row.id, claimedAt: row.claimedAt as Date };
    let recordedAt = 0;
    const started = performance.now();
    const built = await buildExport({
      db,
      job: row as ExportJob,
      runId,
      pageRows: this.#options.pageRows,
      sheetRows: this.#options.sheetRows,
      chunkBytes: this.#options.chunkBytes,
      progress: async (share) => {
        if (this.#closed) throw new BuildStopped('the server is closing');
        if (Date.now() - recordedAt < PROGRESS_INTERVAL_MS && share < 1) return;
        const claimedAt = await recordProgress(db, claim, Math.min(share, 0.99));
        if (!claimedAt) throw new BuildStopped('another build took the export over');
        // The queue records the outcome only while the claim is the one it last saw.
        claim.claimedAt = claimedAt;
        row.claimedAt = claimedAt;
        recordedAt = Date.now();
      },
    });
    this.#options.log.info(
      {
        exportId: row.id,
        rows: built.rows,
        bytes: built.size,
        ms: Math.round(performance.now() - started),
      },
      'export built',
    );
    return {
      status: 'ready' as const,
      progress: 1,
      fileRunId: runId,
      fileName: built.fileName,
      size: built.size,
      rows: built.rows,
      lastError: null,
      finishedAt: sql`clock_timestamp()`,
    };
  }
}
