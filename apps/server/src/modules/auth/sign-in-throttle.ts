// Sign-in throttling: slows down whoever guesses passwords without ever locking an account's
// owner out. No account is locked; instead each attempt may have to wait, and the wait grows
// with the failures of whoever is guessing:
//
// - per pair of account and client address: 5 attempts free, then a wait that starts at 1 s
//   and doubles with every further failure, up to 15 minutes. Someone guessing from one address
//   slows only their own pair: the owner elsewhere signs in at once.
// - per client address, across accounts: 20 free, then the same growing wait, for that address.
// - per account, across addresses: counts the addresses that have failed, not the attempts, so
//   one address never slows the owner elsewhere; from the 10th address on, attempts on the
//   account from anywhere are spaced by the growing wait. That bounds a guesser with many
//   addresses, and the owner still gets through: from a "known address" (one they have signed
//   in from within 90 days), which the address and account waits do not apply to, or after a
//   password reset through the e-mailed link, which forgets the account's failures.
//
// The counts live in table sign_in_failures, so every replica counts alike, and a run of
// failures is forgotten 24 hours after its last wait ended. Every attempt is counted when it
// starts, with its rows locked, so a burst of attempts sent together cannot all pass before the
// first failure is written; a success takes its count back. The same rules apply to an address
// that has no account, so neither the answers nor the waits tell who has one.
import { normalizeIP } from '@fastify/rate-limit';
import type { PortalDb, Queryable } from '../../db/client';
import { tooManyRequests } from '../../errors';
import {
  deleteAccountRows,
  deleteRowsEndedBefore,
  deleteThrottleRows,
  keepThrottleRowUntil,
  lockThrottleRows,
  readThrottleRows,
  setThrottleRow,
  type ThrottleRow,
} from './sign-in-throttle.repository';

/** How many counted attempts of each subject go through before any wait. */
export const FREE_ATTEMPTS = { pair: 5, address: 20, account: 10 } as const;
export const FIRST_WAIT_SECONDS = 1;
export const LONGEST_WAIT_SECONDS = 15 * 60;
/** A run of failures is forgotten this long after its last wait ended. */
export const FORGET_AFTER_SECONDS = 24 * 60 * 60;
/** A successful sign-in makes its address known to the account for this long. */
export const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;

type Subject = keyof typeof FREE_ATTEMPTS;

/**
 * The wait before the next attempt once a subject has this many counted attempts: nothing while
 * they are within the free ones, then 1 s doubling with each one more, up to 15 minutes.
 */
export function waitSecondsAfter(count: number, subject: Subject): number {
  const beyondFree = count - FREE_ATTEMPTS[subject];
  if (beyondFree < 0) return 0;
  // The exponent is capped so that a count in the thousands stays a finite number.
  return Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.min(beyondFree, 30));
}

/** The account as the throttle names it: an address that has no account is named alike. */
const accountKey = (email: string) => email.trim().toLowerCase();

/** The rows' names (sign_in_failures.subject) for an attempt. */
export function throttleSubjects(email: string, clientIp: string) {
  const account = accountKey(email);
  // One client: an IPv6 /64 is one subscriber's, and IPv4-mapped addresses are IPv4.
  const address = normalizeIP(clientIp);
  return {
    /** failures: counted attempts; locked_until: when the next one may start. */
    pair: `pair:${account}|${address}`,
    address: `address:${address}`,
    /** failures: addresses that have failed in this run; locked_until as above. */
    account: `account:${account}`,
    /** A known address: locked_until is when it stops being known. */
    known: `known:${account}|${address}`,
  };
}

export type SignInAttempt = {
  subjects: ReturnType<typeof throttleSubjects>;
  /** Whether this attempt was the first of its pair's run, so it counted an address to the account. */
  countedAddress: boolean;
};

/** How often a process clears out the rows that stand for nothing any more. */
export const PRUNE_EVERY_SECONDS = 10 * 60;
/** When each database was last pruned by this process. */
const lastPrunedAt = new WeakMap<PortalDb, number>();

/**
 * Every attempt writes rows, a made-up address's as well, so forgotten runs and known addresses
 * long expired are deleted now and then (at most every PRUNE_EVERY_SECONDS per process), keeping
 * the table to about a day of attempts. A forgotten row and no row mean the same.
 */
async function pruneNowAndThen(db: PortalDb) {
  const now = Date.now();
  if (now - (lastPrunedAt.get(db) ?? 0) < PRUNE_EVERY_SECONDS * 1000) return;
  lastPrunedAt.set(db, now);
  // In a transaction, so that meeting an attempt's locked rows in another order is retried
  // (db/retry-transaction.ts) rather than failing the sign-in.
  await db.transaction((transaction) =>
    deleteRowsEndedBefore(transaction, new Date(now - FORGET_AFTER_SECONDS * 1000)),
  );
}

/** A run of failures ends a day after its last wait did (or at once for a row never counted). */
const isForgotten = (row: ThrottleRow | undefined, now: number) =>
  !row?.lockedUntil || row.lockedUntil.getTime() < now - FORGET_AFTER_SECONDS * 1000;

/**
 * Milliseconds until the row lets an attempt start; 0 when it does now. A count within the free
 * attempts never waits, whatever its time says: another attempt (or replica, whose clock may be
 * a little ahead) may have written that time a moment after this one read the clock.
 */
const waitOf = (row: ThrottleRow | undefined, subject: Subject, now: number) => {
  if (!row?.lockedUntil || isForgotten(row, now)) return 0;
  if (waitSecondsAfter(row.failures, subject) === 0) return 0;
  return Math.max(0, row.lockedUntil.getTime() - now);
};

/**
 * Counts an attempt before its password is checked, or refuses it with 429 and the seconds to
 * wait (the longest wait that applies). A known address waits only for its own pair. The clock
 * is this process's (replicas keep theirs synchronised; tests set it).
 */
export async function beginSignInAttempt(
  db: PortalDb,
  email: string,
  clientIp: string,
): Promise<SignInAttempt> {
  await pruneNowAndThen(db);
  const subjects = throttleSubjects(email, clientIp);
  const [known] = await readThrottleRows(db, [subjects.known]);
  const isKnown = (known?.lockedUntil?.getTime() ?? 0) > Date.now();
  const applies: Subject[] = isKnown ? ['pair'] : ['pair', 'address', 'account'];

  const outcome = await db.transaction(async (transaction) => {
    const rows = await lockThrottleRows(transaction, [
      subjects.pair,
      subjects.address,
      subjects.account,
    ]);
    // Read once the rows are ours, so an attempt that went first is in the past.
    const now = Date.now();
    const rowOf = (subject: Subject) => rows.find((row) => row.subject === subjects[subject]);
    const waitMs = Math.max(...applies.map((subject) => waitOf(rowOf(subject), subject, now)));
    if (waitMs > 0) return { counted: false as const, waitMs };

    const count = async (subject: Subject, increment: number) => {
      const row = rowOf(subject);
      const restart = isForgotten(row, now);
      const failures = (restart ? 0 : (row?.failures ?? 0)) + increment;
      await setThrottleRow(transaction, subjects[subject], {
        failures,
        lockedUntil: new Date(now + waitSecondsAfter(failures, subject) * 1000),
        ...(restart ? { runStartedAt: new Date(now) } : {}),
      });
      return failures;
    };
    const countedAddress = (await count('pair', 1)) === 1;
    await count('address', 1);
    // Only a new address counts to the account, and only it starts the account's wait again:
    // were every attempt to restart it, one address trying now and then could keep it going
    // for good, and the owner out of every address they have not signed in from. The pair's
    // wait already spaces that address's own attempts.
    if (countedAddress) await count('account', 1);
    return { counted: true as const, countedAddress };
  });
  if (!outcome.counted) throw tooManyRequests(outcome.waitMs / 1000);
  return { subjects, countedAddress: outcome.countedAddress };
}

/**
 * The password was right: the pair starts afresh, the address becomes known to the account, and
 * the address and the account take back the count this attempt added (their wait becomes the
 * one of the count left, from now).
 */
export async function signInSucceeded(db: PortalDb, attempt: SignInAttempt) {
  const { subjects, countedAddress } = attempt;
  await deleteThrottleRows(db, [subjects.pair]);
  await keepThrottleRowUntil(
    db,
    subjects.known,
    new Date(Date.now() + KNOWN_ADDRESS_SECONDS * 1000),
  );
  await db.transaction(async (transaction) => {
    const rows = await lockThrottleRows(transaction, [subjects.address, subjects.account]);
    const now = Date.now();
    const decrements = { address: 1, account: countedAddress ? 1 : 0 } as const;
    for (const subject of ['address', 'account'] as const) {
      const row = rows.find((candidate) => candidate.subject === subjects[subject]);
      if (!row || isForgotten(row, now)) continue;
      const failures = Math.max(0, row.failures - decrements[subject]);
      await setThrottleRow(transaction, subjects[subject], {
        failures,
        lockedUntil: new Date(now + waitSecondsAfter(failures, subject) * 1000),
      });
    }
  });
}

/**
 * Forgets every failure on the account, from every address: its owner has just proved who they
 * are through the e-mailed reset link. Known addresses stay known.
 */
export async function forgetAccountFailures(db: Queryable, email: string) {
  const account = accountKey(email);
  await deleteAccountRows(db, `account:${account}`, `pair:${account}|`);
}
