// SQL for sign-in throttling: the rows of table sign_in_failures, one per subject. What the
// columns mean for each kind of subject is sign-in-throttle.ts's to say.
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { signInFailures } from '../../db/schema/accounts';

export type ThrottleRow = { subject: string; failures: number; lockedUntil: Date | null };

const throttleColumns = {
  subject: signInFailures.subject,
  failures: signInFailures.failures,
  lockedUntil: signInFailures.lockedUntil,
};

/**
 * Makes sure each subject has a row, then locks them all until the transaction ends, in one
 * order for every caller (so two attempts sharing rows never wait on each other crosswise).
 * A missing row could not be locked: two first attempts would both see nothing and both pass.
 */
export async function lockThrottleRows(
  transaction: Queryable,
  subjects: string[],
): Promise<ThrottleRow[]> {
  const ordered = [...new Set(subjects)].sort();
  await transaction
    .insert(signInFailures)
    .values(ordered.map((subject) => ({ subject, failures: 0 })))
    .onConflictDoNothing();
  return transaction
    .select(throttleColumns)
    .from(signInFailures)
    .where(inArray(signInFailures.subject, ordered))
    .orderBy(signInFailures.subject)
    .for('update');
}

/** Reads rows without locking them. */
export async function readThrottleRows(db: Queryable, subjects: string[]): Promise<ThrottleRow[]> {
  return db
    .select(throttleColumns)
    .from(signInFailures)
    .where(inArray(signInFailures.subject, subjects));
}

/** Sets a subject's count and when its next attempt may start; `runStartedAt` starts a new run. */
export async function setThrottleRow(
  db: Queryable,
  subject: string,
  values: { failures: number; lockedUntil: Date; runStartedAt?: Date },
) {
  await db
    .update(signInFailures)
    .set({
      failures: values.failures,
      lockedUntil: values.lockedUntil,
      ...(values.runStartedAt ? { firstFailureAt: values.runStartedAt } : {}),
    })
    .where(eq(signInFailures.subject, subject));
}

/** A subject that stands for something until a time (a known address), written or renewed. */
export async function keepThrottleRowUntil(db: Queryable, subject: string, until: Date) {
  await db
    .insert(signInFailures)
    .values({ subject, failures: 0, lockedUntil: until })
    .onConflictDoUpdate({ target: signInFailures.subject, set: { lockedUntil: until } });
}

/** Deletes the rows whose time ended before `before`: they stand for nothing any more. */
export async function deleteRowsEndedBefore(db: Queryable, before: Date) {
  await db.delete(signInFailures).where(lt(signInFailures.lockedUntil, before));
}

export async function deleteThrottleRows(db: Queryable, subjects: string[]) {
  await db.delete(signInFailures).where(inArray(signInFailures.subject, subjects));
}

/** Deletes an account's row and every row whose subject starts with the prefix (its pairs). */
export async function deleteAccountRows(db: Queryable, subject: string, prefix: string) {
  await db.execute(sql`
    delete from ${signInFailures}
    where subject = ${subject} or starts_with(subject, ${prefix})`);
}
