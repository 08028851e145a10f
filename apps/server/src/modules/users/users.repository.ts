// SQL for users and their organization memberships.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { users } from '../../db/schema/accounts';
import { organizationMemberships, organizations } from '../../db/schema/organizations';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

const selectUserById = preparedPerHandle((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user_by_id'),
);

/** Run for every signed-in call that reads the caller (prepared: db/prepared.ts). */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await selectUserById(db, { id });
  return row;
}

export async function insertUser(db: Queryable, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserRow(
  db: Queryable,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteUserRow(db: Queryable, id: string) {
  await db.delete(users).where(eq(users.id, id));
}

export type Membership = { userId: string; organizationId: string; organizationName: string };

/** The organizations of each given user, in one query. */
const selectMemberships = preparedPerHandle((db) =>
  db
    .select({
      userId: organizationMemberships.userId,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    // One array parameter, so one prepared statement serves any number of users.
    .where(sql`${organizationMemberships.userId} = any(${sql.placeholder('userIds')}::uuid[])`)
    .orderBy(organizations.name)
    .prepare('memberships_of'),
);

/** Run with every user answered (prepared: db/prepared.ts). */
export async function membershipsOf(db: Queryable, userIds: string[]): Promise<Membership[]> {
  if (userIds.length === 0) return [];
  return selectMemberships(db, { userIds });
}

export async function addMembership(db: Queryable, organizationId: string, userId: string) {
  await db.insert(organizationMemberships).values({ organizationId, userId }).onConflictDoNothing();
}

export async function removeMemberships(db: Queryable, userId: string, organizationIds: string[]) {
  if (organizationIds.length === 0) return;
  await db
    .delete(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.userId, userId),
        inArray(organizationMemberships.organizationId, organizationIds),
      ),
    );
}

/** The organizations both users belong to: the scope in which one may see or manage the other. */
export async function sharedOrganizationIds(db: Queryable, callerId: string, otherId: string) {
  const rows = await db.execute<{ organization_id: string }>(sql`
    select mine.organization_id
    from ${organizationMemberships} mine
    join ${organizationMemberships} theirs on theirs.organization_id = mine.organization_id
    where mine.user_id = ${callerId} and theirs.user_id = ${otherId}`);
  return (rows as unknown as { rows: { organization_id: string }[] }).rows.map(
    (row) => row.organization_id,
  );
}

/** Members of an organization, if the caller is one of them; undefined otherwise. */
export async function membersOf(db: Queryable, organizationId: string, callerId: string) {
  const [isMember] = await db
    .select({ userId: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, callerId),
      ),
    );
  if (!isMember) return undefined;
  return db
    .select({ user: users })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(eq(organizationMemberships.organizationId, organizationId))
    .orderBy(users.name, users.email);
}

/** The user, if they are a member of the organization, with its name. */
export async function findMember(db: Queryable, organizationId: string, userId: string) {
  const [row] = await db
    .select({ user: users, organizationName: organizations.name })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
      ),
    );
  return row;
}

/** The user's row, locked until the transaction ends (FOR UPDATE). */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * For each organization of the user: how many site managers it has and whether the user is one,
 * as access/policies.ts's last-site-manager rule reads them.
 */
export async function siteManagerCounts(db: Queryable, userId: string) {
  return db
    .select({
      organizationId: organizationMemberships.organizationId,
      siteManagers: sql<number>`count(*) filter (where ${users.role} = 'site-manager')`.mapWith(
        Number,
      ),
      isSiteManager: sql<boolean>`bool_or(${users.id} = ${userId} and ${users.role} = 'site-manager')`,
    })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(inCallerOrganizations(db, organizationMemberships.organizationId, userId))
    .groupBy(organizationMemberships.organizationId);
}

export async function organizationName(db: Queryable, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}
