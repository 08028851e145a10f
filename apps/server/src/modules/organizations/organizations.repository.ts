// SQL for organizations, always scoped to the caller's memberships.
import { and, asc, eq, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { organizationMemberships, organizations } from '../../db/schema/organizations';
import { properties } from '../../db/schema/properties';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;
export type OrganizationWithCounts = OrganizationRow & {
  propertyCount: number;
  memberCount: number;
};

// Correlated counts keep the list one query however many organizations the caller has. The outer
// table is named explicitly: Drizzle writes columns in a selection unqualified, and inside the
// subquery an unqualified "id" would be the inner table's.
const withCounts = {
  id: organizations.id,
  name: organizations.name,
  address: organizations.address,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
  propertyCount:
    sql<number>`(select count(*) from ${properties} where ${properties}.organization_id = ${organizations}.id)`.mapWith(
      Number,
    ),
  memberCount:
    sql<number>`(select count(*) from ${organizationMemberships} where ${organizationMemberships}.organization_id = ${organizations}.id)`.mapWith(
      Number,
    ),
};

export async function listOrganizations(
  db: Queryable,
  userId: string,
): Promise<OrganizationWithCounts[]> {
  return db
    .select(withCounts)
    .from(organizations)
    .where(inCallerOrganizations(db, organizations.id, userId))
    .orderBy(organizations.name, organizations.id);
}

export async function findOrganization(
  db: Queryable,
  id: string,
  userId: string,
): Promise<OrganizationWithCounts | undefined> {
  const [row] = await db
    .select(withCounts)
    .from(organizations)
    .where(and(eq(organizations.id, id), inCallerOrganizations(db, organizations.id, userId)));
  return row;
}

export async function insertOrganization(
  db: Queryable,
  values: NewOrganizationRow,
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Answers whether the organization was there (and the caller's) to change. */
export async function updateOrganization(
  db: Queryable,
  id: string,
  userId: string,
  values: Pick<NewOrganizationRow, 'name' | 'address'>,
): Promise<boolean> {
  const rows = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(organizations.id, id), inCallerOrganizations(db, organizations.id, userId)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}

/**
 * Its memberships, properties and their areas go with it (ON DELETE CASCADE). The membership rows
 * are locked first, and only then the organization. That is the order in which a write into the
 * organization takes them: tenancy.ts `lockMembership`, then the foreign key's KEY SHARE lock on
 * the organization row. A bare delete would lock the organization row first and reach the
 * memberships only through the cascade, the other way round, so a property being created at
 * that moment deadlocked with it. The rows are locked in user order, so two deletes queue
 * instead of crossing. In a transaction of its own, which is retried should a deadlock happen
 * all the same (db/retry-transaction.ts; docs/organizations-and-properties.md).
 */
export async function deleteOrganization(
  db: Queryable,
  id: string,
  userId: string,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    await transaction
      .select({ userId: organizationMemberships.userId })
      .from(organizationMemberships)
      .where(
        and(
          eq(organizationMemberships.organizationId, id),
          inCallerOrganizations(transaction, organizationMemberships.organizationId, userId),
        ),
      )
      .orderBy(asc(organizationMemberships.userId))
      .for('update');
    const rows = await transaction
      .delete(organizations)
      .where(
        and(eq(organizations.id, id), inCallerOrganizations(transaction, organizations.id, userId)),
      )
      .returning({ id: organizations.id });
    return rows.length > 0;
  });
}
