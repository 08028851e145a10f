// SQL for refresh tokens and e-mailed keys (sign-in failures: sign-in-throttle.repository.ts).
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailKeys, refreshTokens, users } from '../../db/schema/accounts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailKeyPurpose = (typeof emailKeys.$inferSelect)['purpose'];

export async function insertRefreshToken(
  db: Queryable,
  values: { tokenHash: string; familyId: string; userId: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Queryable, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a live token replaced; false when another request did so first (a reuse). */
export async function markReplaced(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ replacedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.replacedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Queryable, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: Queryable, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Swaps a password hash for one made at another setting, unless the password changed meanwhile
 * (a reset finishing at the same moment wins).
 */
export async function replacePasswordHash(
  db: Queryable,
  userId: string,
  current: string,
  replacement: string,
) {
  await db
    .update(users)
    .set({ passwordHash: replacement })
    .where(and(eq(users.id, userId), eq(users.passwordHash, current)));
}

export async function insertEmailKey(
  db: Queryable,
  values: {
    purpose: EmailKeyPurpose;
    keyHash: string;
    userId: string;
    email: string;
    expiresAt: Date;
  },
) {
  await db.insert(emailKeys).values(values);
}

/** Uses up a key: only an unused, unexpired key of this purpose sent to this address counts. */
export async function consumeEmailKey(
  db: Queryable,
  purpose: EmailKeyPurpose,
  keyHash: string,
  email: string,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(emailKeys)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailKeys.keyHash, keyHash),
        eq(emailKeys.purpose, purpose),
        eq(emailKeys.email, email.toLowerCase()),
        isNull(emailKeys.usedAt),
        gt(emailKeys.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailKeys.userId });
  return row;
}

/** A key of this purpose sent to this address, used or not, with its user's invitation status. */
export async function findEmailKey(
  db: Queryable,
  purpose: EmailKeyPurpose,
  keyHash: string,
  email: string,
) {
  const [row] = await db
    .select({
      usedAt: emailKeys.usedAt,
      expiresAt: emailKeys.expiresAt,
      invitationStatus: users.invitationStatus,
    })
    .from(emailKeys)
    .innerJoin(users, eq(users.id, emailKeys.userId))
    .where(
      and(
        eq(emailKeys.keyHash, keyHash),
        eq(emailKeys.purpose, purpose),
        eq(emailKeys.email, email.toLowerCase()),
      ),
    );
  return row;
}

/** Older keys of the same purpose stop working when a new one is sent. */
export async function retireEmailKeys(db: Queryable, userId: string, purpose: EmailKeyPurpose) {
  await db
    .update(emailKeys)
    .set({ usedAt: new Date() })
    .where(
      and(eq(emailKeys.userId, userId), eq(emailKeys.purpose, purpose), isNull(emailKeys.usedAt)),
    );
}
