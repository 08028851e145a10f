// Tenancy of DESIGN §5: what lies outside the caller's organizations does not exist for them (404).
// Membership is checked with what it guards, never by an earlier query a write could outlive: a
// read or change by id carries it in its own statement (`inCallerOrganizations`); a write naming
// an organization (creating or moving a property) reads the membership row FOR SHARE in the
// write's transaction (`lockMembership`), so neither the membership nor the organization can go
// before the write commits. `roleIn` serves reads, whose queries are scoped as well, and role
// checks of writes whose own statements are scoped. Tenancy is checked before the role
// (policies.ts), so an outsider never learns a thing exists.
import type { Role } from '@portal/contracts/domain';
import { and, asc, eq, inArray, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { organizationMemberships } from '../db/schema/organizations';

/**
 * "This organization id is one of the caller's", as a subquery: the membership is read by the same
 * statement that reads or writes the data, so a membership removed before the statement starts
 * reaches nothing. The caller is an id, or a parameter of a prepared query (db/prepared.ts).
 */
export function inCallerOrganizations(
  db: Queryable,
  column: PgColumn,
  userId: string | Placeholder,
): SQL {
  return inArray(
    column,
    db
      .select({ organizationId: organizationMemberships.organizationId })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.userId, userId)),
  );
}

const membership = (db: Queryable, userId: string, organizationId: string) =>
  db
    .select({ role: organizationMemberships.role })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
      ),
    );

/** The user's role in the organization, or undefined when they do not belong to it. */
export async function roleIn(
  db: Queryable,
  userId: string,
  organizationId: string,
): Promise<Role | undefined> {
  return (await membership(db, userId, organizationId))[0]?.role;
}

/**
 * The caller's role in the organization (undefined: not a member), reading the membership row FOR
 * SHARE: in a transaction, removing that membership, changing its role or deleting the
 * organization (which cascades to it) waits until the transaction ends, so what the transaction
 * writes into the organization never outlives the check. A removal under way is waited for, and
 * then the membership is found gone.
 */
export async function lockMembership(
  db: Queryable,
  userId: string,
  organizationId: string,
): Promise<Role | undefined> {
  return (await membership(db, userId, organizationId).for('share'))[0]?.role;
}

/**
 * The roles of every membership of the user, reading the rows FOR SHARE: in a transaction, a
 * change of one of those roles or a removal waits until it ends, so the account's role
 * (policies.ts `accountRole`) a write relies on stands until it commits.
 */
export async function lockMembershipRolesOf(db: Queryable, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: organizationMemberships.role })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId))
    // In organization order, the order every lock of membership rows takes.
    .orderBy(asc(organizationMemberships.organizationId))
    .for('share');
  return rows.map((row) => row.role);
}

/**
 * Locks every membership row of the organizations until the transaction ends (FOR UPDATE), in
 * organization and user order: the order in which deleting an organization takes them, before
 * any organization row (organizations.repository.ts), so the two never wait for each other
 * crosswise. A change that must read every member's role as it stands (changing a role, a site
 * manager leaving) takes it first: such changes take turns, each reading what the one before
 * committed, and a property being created in the organization (`lockMembership`) waits too.
 */
export async function lockMembershipsOf(db: Queryable, organizationIds: string[]) {
  await lockMemberships(db, inArray(organizationMemberships.organizationId, organizationIds));
}

/** lockMembershipsOf every organization the user belongs to. */
export async function lockMembershipsAroundUser(db: Queryable, userId: string) {
  await lockMemberships(
    db,
    inCallerOrganizations(db, organizationMemberships.organizationId, userId),
  );
}

async function lockMemberships(db: Queryable, organizations: SQL) {
  await db
    .select({ userId: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(organizations)
    .orderBy(asc(organizationMemberships.organizationId), asc(organizationMemberships.userId))
    .for('update');
}
