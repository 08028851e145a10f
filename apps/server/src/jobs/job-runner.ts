// Runs the jobs of a JobQueue one at a time: claim a row, do its work outside any transaction
// (so the database, which PGlite has one connection to, is never held while an SMTP server or an
// export answers), record the outcome, and retry a failure on a later run until it has had
// `maxAttempts` tries. Runs started while one is going share one follow-up run.
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PortalDb } from '../db/client';
import type { JobQueue, JobRow, JobTable } from './job-queue';

export type JobRunnerOptions<T extends JobTable> = {
  db: PortalDb;
  queue: JobQueue<T>;
  /** After this many failed tries a job is given `failedStatus` and never tried again. */
  maxAttempts: number;
  failedStatus: T['$inferSelect']['status'];
  /** The work, outside any transaction; resolves with what to record of a job done. */
  perform(row: T['$inferSelect']): Promise<PgUpdateSetSource<T>>;
  /** An error as one short line fit for the table and the log (no secrets). */
  describe(error: unknown): string;
  /** Told of each failed try, after it is recorded. */
  onFailure?(
    row: T['$inferSelect'],
    failure: { attempts: number; gaveUp: boolean; error: string },
  ): void;
  /** Told when a claim went stale before its outcome could be recorded. */
  onClaimLost?(row: T['$inferSelect']): void;
  /** Checked before each job: a runner being closed starts no more. */
  stopped(): boolean;
};

/**
 * Works through the claimable jobs until none is left. A job that failed in this run waits for
 * the next run rather than being retried at once. Database failures propagate to the caller.
 */
export async function runJobs<T extends JobTable>(options: JobRunnerOptions<T>): Promise<void> {
  const { db, queue } = options;
  const tried: string[] = [];
  while (!options.stopped()) {
    const [row] = await queue.claim(db, { limit: 1, skip: tried });
    if (!row) return;
    const job = row as T['$inferSelect'] & JobRow;
    tried.push(job.id);
    let done: PgUpdateSetSource<T>;
    try {
      done = await options.perform(row);
    } catch (error) {
      const attempts = job.attempts + 1;
      const lastError = options.describe(error);
      const gaveUp = attempts >= options.maxAttempts;
      const status = gaveUp ? options.failedStatus : queue.options.pending;
      const recorded = await queue.settle(db, job, {
        attempts,
        lastError,
        status,
      } as PgUpdateSetSource<T>);
      if (!recorded) options.onClaimLost?.(row);
      options.onFailure?.(row, { attempts, gaveUp, error: lastError });
      continue;
    }
    if (!(await queue.settle(db, job, done))) options.onClaimLost?.(row);
  }
}

/**
 * One run at a time, and at most one waiting behind it for the calls made meanwhile: it starts
 * after the current run, so it also sees jobs committed in the meantime.
 */
export class SingleFlight {
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;

  constructor(private readonly run: () => Promise<void>) {}

  trigger(): Promise<void> {
    if (!this.#running) {
      this.#running = this.run().finally(() => {
        this.#running = undefined;
      });
      return this.#running;
    }
    this.#queued ??= this.#running.then(() => {
      this.#queued = undefined;
      return this.trigger();
    });
    return this.#queued;
  }

  /** Resolves when the run under way and the one waiting behind it are over. */
  async settled(): Promise<void> {
    await this.#queued;
    await this.#running;
  }
}
