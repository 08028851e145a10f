// Tenancy and roles of DESIGN §5, shared by organizations, properties and areas: what lies outside
// the caller's organizations does not exist for them (404), and only site managers change things.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { organizationMemberships } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else names nothing the caller could reach (404, not 400). */
export function assertId(id: string, notFoundMessage: string) {
  if (!UUID.test(id)) throw notFound(notFoundMessage);
}

/**
 * "This organization id is one of the caller's", as a subquery: the membership is read by the same
 * statement that reads or writes the data, so a member removed a moment ago reaches nothing.
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

export async function isMember(db: Queryable, userId: string, organizationId: string) {
  const [row] = await db
    .select({ userId: organizationMemberships.userId })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.organizationId, organizationId),
        eq(organizationMemberships.userId, userId),
      ),
    );
  return Boolean(row);
}

/** Checked after tenancy, so someone outside the organization still learns nothing (404). */
export function assertSiteManager(caller: AccessClaims, message?: string) {
  if (caller.role !== 'site-manager') throw forbidden(message);
}
