// SQL of recorded meter replacements, scoped to the caller's memberships where an id comes from
// a request.
import { and, desc, eq, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { meterReplacements } from '../../db/schema/telemetry';

export type MeterReplacementRow = typeof meterReplacements.$inferSelect;
export type NewMeterReplacementRow = typeof meterReplacements.$inferInsert;

/** A device's replacements, newest first, each with who recorded it ('' once they are gone). */
export async function listReplacements(db: Queryable, deviceId: string) {
  return db
    .select({
      replacement: meterReplacements,
      userEmail: sql<string>`coalesce(${users.email}, '')`,
    })
    .from(meterReplacements)
    .leftJoin(users, eq(users.id, meterReplacements.userId))
    .where(eq(meterReplacements.deviceId, deviceId))
    .orderBy(desc(meterReplacements.at));
}

/** The replacement, if its meter is in the caller's organizations. */
export async function findReplacement(db: Queryable, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(meterReplacements)
    .where(
      and(
        eq(meterReplacements.id, id),
        inCallerOrganizations(db, meterReplacements.organizationId, userId),
      ),
    );
  return row;
}

/** Records it; undefined when the meter has one at that time already. */
export async function insertReplacement(db: Queryable, values: NewMeterReplacementRow) {
  const [row] = await db
    .insert(meterReplacements)
    .values(values)
    .onConflictDoNothing({ target: [meterReplacements.deviceId, meterReplacements.at] })
    .returning();
  return row;
}

/** Removes it; undefined when it was gone already. */
export async function deleteReplacement(db: Queryable, id: string) {
  const [row] = await db.delete(meterReplacements).where(eq(meterReplacements.id, id)).returning();
  return row;
}
