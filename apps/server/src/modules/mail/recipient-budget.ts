// How much mail one inbox gets: at most 5 mails to a recipient within an hour from each sender,
// counted in the outbox (so across every mail-sending call and every replica). The senders are
// each organization (its site managers' invitations) and the portal itself (what visitors ask
// for: registrations, reset links), so that nobody can spend another's budget: a stranger
// registering an address again and again does not stop an organization's invitation to it, nor
// does one organization's stop another's. It keeps one inbox from being flooded through the
// portal; the calls' budget per client address is mail-sending-budget.ts.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';

export const RECIPIENT_BUDGET = { mails: 5, windowSeconds: 60 * 60 } as const;
/** The 429's text where a signed-in caller may hear that the inbox has had enough. */
export const TOO_MANY_MAILS = 'This address has been sent too many mails. Try again later.';

export type RecipientBudget = { fits: true } | { fits: false; retryAfterSeconds: number };

/**
 * Whether one more mail to the recipient fits, or how long until it does. In a transaction it
 * holds the recipient's turn until the end, so two calls at once cannot both take the last
 * place; the caller inserts the mail in the same transaction.
 */
export async function recipientBudget(
  db: Queryable,
  recipient: string,
  senderOrganizationId: string | undefined,
): Promise<RecipientBudget> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('mail_outbox.recipient'), hashtext(lower(${recipient})))`,
  );
  const window = sql`make_interval(secs => ${RECIPIENT_BUDGET.windowSeconds})`;
  // The oldest of the last `mails` mails: while it is within the window, the budget is spent,
  // and it leaves the window when the next mail fits.
  const [oldestCounted] = await db
    .select({
      leavesInSeconds: sql<number>`extract(epoch from ${mailOutbox.createdAt} + ${window} - now())::float8`,
    })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.recipient}) = lower(${recipient})`,
        senderOrganizationId
          ? eq(mailOutbox.senderOrganizationId, senderOrganizationId)
          : isNull(mailOutbox.senderOrganizationId),
        gt(mailOutbox.createdAt, sql`now() - ${window}`),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .offset(RECIPIENT_BUDGET.mails - 1)
    .limit(1);
  if (!oldestCounted) return { fits: true };
  return { fits: false, retryAfterSeconds: Number(oldestCounted.leavesInSeconds) };
}
