// Tenancy of DESIGN §5: what lies outside the caller's organizations does not exist for them (404).
// Membership is checked with what it guards, never by an earlier query a write could outlive: a
// read or change by id carries it in its own statement (`inCallerOrganizations`); a write naming
// an organization (creating or moving a property) reads the membership row FOR SHARE in the
// write's transaction (`lockMembership`), so neither the membership nor the organization can go
// before the write commits. `isMember` serves only reads, whose queries are scoped as well.
// Tenancy is checked before the role (policies.ts), so an outsider never learns a thing exists.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { organizationMemberships, organizations } from '../db/schema/organizations';

/**
 * "This organization id is one of the caller's", as a subquery: the membership is read by the same
 * statement that reads or writes the data, so a membership removed before the statement starts
 * reaches nothing.
 */
export function inCallerOrganizations(db: Queryable, column: PgColumn, userId: string): SQL {
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
    .select({ userId: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
      ),
    );

/** Whether the caller belongs to the organization, for a read whose own query is scoped anyway. */
export async function isMember(db: Queryable, userId: string, organizationId: string) {
  return (await membership(db, userId, organizationId)).length > 0;
}

/**
 * Whether the caller belongs to the organization, reading the membership row FOR SHARE: in a
 * transaction, removing that membership or deleting the organization (which cascades to it) waits
 * until the transaction ends, so what the transaction writes into the organization never outlives
 * the check. A removal under way is waited for, and then the membership is found gone.
 */
export async function lockMembership(db: Queryable, userId: string, organizationId: string) {
  return (await membership(db, userId, organizationId).for('share')).length > 0;
}

/**
 * Locks the rows of the user's organizations until the transaction ends (FOR NO KEY UPDATE: two
 * holders exclude each other, members may still be added). Changes that must leave every
 * organization with a site manager take it first, so they take turns and each counts what the
 * one before committed. In id order, so two holders never wait for each other crosswise.
 */
export async function lockOrganizationsOf(db: Queryable, userId: string) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inCallerOrganizations(db, organizations.id, userId))
    .orderBy(asc(organizations.id))
    .for('no key update');
}
