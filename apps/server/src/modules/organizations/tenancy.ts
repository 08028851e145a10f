// Tenancy and roles of DESIGN §5, shared by organizations, properties and areas: what lies outside
// the caller's organizations does not exist for them (404), and only site managers change things.
// Membership is checked with what it guards, never by an earlier query a write could outlive: a
// read or change by id carries it in its own statement (`inCallerOrganizations`); a write naming
// an organization (creating or moving a property) reads the membership row FOR SHARE in the
// write's transaction (`lockMembership`), so neither the membership nor the organization can go
// before the write commits. `isMember` serves only reads, whose queries are scoped as well.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { organizationMemberships } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else names nothing the caller could reach (404, not 400). */
export const isUuid = (id: string) => UUID.test(id);

export function assertId(id: string, notFoundMessage: string) {
  if (!isUuid(id)) throw notFound(notFoundMessage);
}

export const ORGANIZATION_NOT_FOUND = 'Organization not found.';
export const PROPERTY_NOT_FOUND = 'Property not found.';
export const AREA_NOT_FOUND = 'Area not found.';

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

/** Checked after tenancy, so someone outside the organization still learns nothing (404). */
export function assertSiteManager(caller: AccessClaims, message?: string) {
  if (caller.role !== 'site-manager') throw forbidden(message);
}
