// SQL for users and their organization memberships.
import type { Role } from '@portal/contracts/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
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

export type Membership = {
  userId: string;
  organizationId: string;
  organizationName: string;
  role: Role;
};

/** The organizations of each given user, in one query. */
const selectMemberships = preparedPerHandle((db) =>
  db
    .select({
      userId: organizationMemberships.userId,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: organizationMemberships.role,
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

/** Makes the user a member with the role; whether they were not one already. */
export async function addMembership(
  db: Queryable,
  organizationId: string,
  userId: string,
  role: Role,
) {
  const added = await db
    .insert(organizationMemberships)
    .values({ organizationId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: organizationMemberships.userId });
  return added.length > 0;
}

export async function setMembershipRole(
  db: Queryable,
  organizationId: string,
  userId: string,
  role: Role,
) {
  await db
    .update(organizationMemberships)
    .set({ role })
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
      ),
    );
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

/** The organizations both users belong to, with the caller's role in each: the scope in which
 * one may see or manage the other. */
export async function sharedOrganizations(db: Queryable, callerId: string, otherId: string) {
  const rows = await db.execute<{ organization_id: string; role: Role }>(sql`
    select mine.organization_id, mine.role
    from ${organizationMemberships} mine
    join ${organizationMemberships} theirs on theirs.organization_id = mine.organization_id
    where mine.user_id = ${callerId} and theirs.user_id = ${otherId}`);
  return (rows as unknown as { rows: { organization_id: string; role: Role }[] }).rows.map(
    (row) => ({ organizationId: row.organization_id, callerRole: row.role }),
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
    .select({ user: users, role: organizationMemberships.role })
    .from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(eq(organizationMemberships.organizationId, organizationId))
    .orderBy(users.name, users.email);
}

/** The user, if they are a member of the organization, with its name and their role in it. */
export async function findMember(db: Queryable, organizationId: string, userId: string) {
  const [row] = await db
    .select({
      user: users,
      organizationName: organizations.name,
      role: organizationMemberships.role,
    })
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

/** The user's row, locked until the transaction ends against other changes to it (FOR NO KEY UPDATE). */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  // NO KEY UPDATE: a key written for the user meanwhile (its foreign key's KEY SHARE lock) need
  // not wait, so a registration holding the recipient's mail turn never waits on this crosswise.
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

/** The user manages every organization they belong to. */
export async function makeSiteManagerEverywhere(db: Queryable, userId: string) {
  await db
    .update(organizationMemberships)
    .set({ role: 'site-manager' })
    .where(eq(organizationMemberships.userId, userId));
}

/**
 * The organizations the user is the only site manager of while others belong to them too: what
 * their leaving would leave unmanaged (access/policies.ts's last-site-manager rule).
 */
export async function organizationsOnlyManagedBy(db: Queryable, userId: string) {
  const rows = await db.execute<{ organization_id: string }>(sql`
    select organization_id
    from ${organizationMemberships}
    where organization_id in (
      select organization_id from ${organizationMemberships}
      where user_id = ${userId} and role = 'site-manager')
    group by organization_id
    having count(*) filter (where role = 'site-manager') = 1 and count(*) > 1`);
  return (rows as unknown as { rows: { organization_id: string }[] }).rows.map(
    (row) => row.organization_id,
  );
}
