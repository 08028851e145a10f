// Runs a whole transaction again when PostgreSQL ended it only to let another one go on: a
// deadlock (40P01) or a serialization failure (40001). Either rolls the transaction back
// entirely, and the same work started afresh usually passes. Callbacks given to
// `db.transaction` only do database work (mail is queued as rows and sent after commit), so
// running one again repeats nothing outside the database.
import { setTimeout as sleep } from 'node:timers/promises';

/** The SQLSTATEs after which the same transaction may simply be tried again, and their names. */
export const RETRYABLE_SQLSTATES: Readonly<Record<string, string>> = {
  '40P01': 'deadlock_detected',
  '40001': 'serialization_failure',
};

export type TransactionRetry = {
  /** SQLSTATE of the failure, e.g. '40P01'. */
  code: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  attempts: number;
  delayMs: number;
};

export type TransactionRetryOptions = {
  /** Tries in all, the first included. */
  attempts?: number;
  /** The wait before the second try; each later wait doubles it. */
  baseDelayMs?: number;
  onRetry?: (retry: TransactionRetry) => void;
  /** For tests: the source of jitter, in [0, 1). */
  random?: () => number;
};

/** Three retries: a deadlock that recurs four times in a row is not bad luck but a lock order
 * to fix, and the caller should hear of it as the error it is. */
export const TRANSACTION_ATTEMPTS = 4;
const BASE_DELAY_MS = 10;

/** The retryable SQLSTATE a database error carries, on itself or on an error it wraps (Drizzle
 * wraps the driver's error as `cause`); undefined for anything else. */
export function retryableSqlState(error: unknown): string | undefined {
  let current = error;
  // A few levels are enough for any wrapper; the bound keeps a cyclic cause from looping.
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in RETRYABLE_SQLSTATES) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * `run` until it succeeds, fails with anything but a retryable SQLSTATE, or has failed `attempts`
 * times; then its last error is thrown as it was. The waits grow and are jittered (between half
 * and all of 10, 20, 40 ms) so that transactions that just deadlocked do not start again in step.
 */
export async function withTransactionRetry<T>(
  run: () => Promise<T>,
  options: TransactionRetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const baseDelayMs = options.baseDelayMs ?? BASE_DELAY_MS;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = retryableSqlState(error);
      if (!code || attempt >= attempts) throw error;
      const ceiling = baseDelayMs * 2 ** (attempt - 1);
      const delayMs = Math.round(ceiling / 2 + (random() * ceiling) / 2);
      options.onRetry?.({ code, attempt, attempts, delayMs });
      await sleep(delayMs);
    }
  }
}
