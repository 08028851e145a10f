// SQL for properties and their area, device and open alert counts, always scoped to the caller's
// memberships.
import {
  and,
  count,
  eq,
  exists,
  getTableColumns,
  isNull,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inCallerOrganizations } from '../../access/tenancy';
import { arrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/client';
import { preparedPerHandle, preparedPerShape } from '../../db/prepared';
import { areas } from '../../db/schema/areas';
import { devices } from '../../db/schema/devices';
import { organizations } from '../../db/schema/organizations';
import { properties } from '../../db/schema/properties';
import { alerts } from '../../db/schema/telemetry';
import { everyWordIn } from '../../db/search';

export type PropertyRow = typeof properties.$inferSelect;
export type NewPropertyRow = typeof properties.$inferInsert;
export type PropertyWithOrganization = PropertyRow & { organizationName: string };
/** How many areas or devices of one type a property has, or devices with an open alert of one kind. */
export type PropertyCount = {
  propertyId: string;
  of: 'area' | 'device' | 'alert';
  type: string;
  count: number;
};

const withOrganizationName = {
  ...getTableColumns(properties),
  organizationName: organizations.name,
};

function selectProperties(db: Queryable, userId: string | Placeholder, condition?: SQL) {
  return db
    .select(withOrganizationName)
    .from(properties)
    .innerJoin(organizations, eq(organizations.id, properties.organizationId))
    .where(and(inCallerOrganizations(db, properties.organizationId, userId), condition))
    .orderBy(properties.name, properties.id);
}

/** Where a page of properties starts: after the last one of the page before, by name. */
export type PropertyListKey = readonly [name: string, id: string];

export type PropertyListQuery = {
  organizationId?: string;
  /** Looked for in the name, the address and the organization's name, case-insensitively. */
  search?: string;
  /** Only those with an open alert (a device offline, a possible leak). */
  withOpenAlerts?: boolean;
  after?: PropertyListKey;
  /** How many rows to fetch. */
  limit: number;
};

/**
 * The list's conditions, with values or with a prepared query's parameters: the search alone is
 * always values, its words being any number.
 */
function listConditions(
  db: Queryable,
  filters: {
    organizationId?: string | Placeholder;
    search?: string;
    withOpenAlerts?: boolean;
    after?: readonly [name: string | Placeholder, id: string | Placeholder];
  },
) {
  const { organizationId, search, withOpenAlerts, after } = filters;
  return and(
    organizationId ? eq(properties.organizationId, organizationId) : undefined,
    search
      ? everyWordIn(search, [properties.name, properties.address, organizations.name])
      : undefined,
    withOpenAlerts
      ? exists(
          db
            .select({ id: alerts.id })
            .from(alerts)
            .where(and(eq(alerts.propertyId, properties.id), isNull(alerts.endedAt))),
        )
      : undefined,
    after
      ? sql`(${properties.name}, ${properties.id}) > (${after[0]}::text, ${after[1]}::uuid)`
      : undefined,
  );
}

/** Which filters a page without a search uses: each combination is one prepared query. */
type ListShape = { organization: boolean; openAlerts: boolean; after: boolean };

const listPage = preparedPerShape(
  (shape: ListShape) =>
    [
      'list_properties',
      shape.organization ? '_organization' : '',
      shape.openAlerts ? '_open_alerts' : '',
      shape.after ? '_after' : '',
    ].join(''),
  (db, shape, name) =>
    selectProperties(
      db,
      sql.placeholder('userId'),
      listConditions(db, {
        organizationId: shape.organization ? sql.placeholder('organizationId') : undefined,
        withOpenAlerts: shape.openAlerts,
        after: shape.after ? [sql.placeholder('afterName'), sql.placeholder('afterId')] : undefined,
      }),
    )
      .limit(sql.placeholder('limit'))
      .prepare(name),
);

/**
 * A keyset page of the properties of the caller's organizations, or of one of them, by name.
 * Prepared (db/prepared.ts) unless searched: every list screen and the dashboard ask for it.
 */
export async function listProperties(
  db: Queryable,
  userId: string,
  query: PropertyListQuery,
): Promise<PropertyWithOrganization[]> {
  if (query.search)
    return selectProperties(db, userId, listConditions(db, query)).limit(query.limit);
  const shape = {
    organization: query.organizationId !== undefined,
    openAlerts: query.withOpenAlerts === true,
    after: query.after !== undefined,
  };
  return listPage(db, shape, {
    userId,
    organizationId: query.organizationId,
    afterName: query.after?.[0],
    afterId: query.after?.[1],
    limit: query.limit,
  });
}

const selectPropertyById = preparedPerHandle((db) =>
  selectProperties(db, sql.placeholder('userId'), eq(properties.id, sql.placeholder('id'))).prepare(
    'find_property',
  ),
);

/** The property, or undefined outside the caller's organizations (prepared: every screen of a
 * property asks for it). */
export async function findProperty(
  db: Queryable,
  id: string,
  userId: string,
): Promise<PropertyWithOrganization | undefined> {
  const [row] = await selectPropertyById(db, { id, userId });
  return row;
}

/** Rows of `table` the caller may see in the properties asked for, per property and `type`. */
const countOf = (
  db: Queryable,
  table: typeof areas | typeof devices | typeof alerts,
  of: PropertyCount['of'],
  type: PgColumn,
  only?: SQL,
) =>
  db
    .select({
      propertyId: table.propertyId,
      of: sql<PropertyCount['of']>`${of}::text`.as('of'),
      type: sql<string>`${type}`.as('type'),
      count: count().as('count'),
    })
    .from(table)
    .where(
      and(
        inCallerOrganizations(db, table.organizationId, sql.placeholder('userId')),
        sql`${table.propertyId} = any(${sql.placeholder('propertyIds')}::uuid[])`,
        only,
      ),
    )
    .groupBy(table.propertyId, type);

const selectCounts = preparedPerHandle((db) =>
  countOf(db, areas, 'area', areas.areaType)
    .unionAll(countOf(db, devices, 'device', devices.deviceType))
    .unionAll(
      // One open alert per device and kind (the partial unique index alerts_open): rows are devices.
      countOf(db, alerts, 'alert', alerts.kind, isNull(alerts.endedAt)),
    )
    .prepare('count_property_contents'),
);

/**
 * Areas and devices per property and type, and devices with an open alert per kind, of the
 * properties asked for (one, or a page of them) that the caller can see: one grouped query for a
 * whole list, never one per property; prepared, with the ids as one array parameter.
 */
export async function countAreasAndDevices(
  db: Queryable,
  userId: string,
  propertyIds: readonly string[],
): Promise<PropertyCount[]> {
  return selectCounts(db, { userId, propertyIds: arrayLiteral(propertyIds) });
}

/**
 * The property's id and organization, locked until the transaction ends against being moved or
 * deleted, so areas added meanwhile always match their property's organization, and against
 * another transaction doing the same, so what the first counts of its areas stays true until it
 * commits (FOR NO KEY UPDATE: unlike FOR SHARE, two holders exclude each other).
 */
export async function lockPropertyForChildren(db: Queryable, id: string, userId: string) {
  const [row] = await db
    .select({ id: properties.id, organizationId: properties.organizationId })
    .from(properties)
    .where(and(eq(properties.id, id), inCallerOrganizations(db, properties.organizationId, userId)))
    .for('no key update');
  return row;
}

export async function insertProperty(db: Queryable, values: NewPropertyRow): Promise<PropertyRow> {
  const [row] = await db.insert(properties).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changing organizationId moves the property's areas along (ON UPDATE CASCADE); answers whether
 * the property was there (and the caller's) to change. */
export async function updateProperty(
  db: Queryable,
  id: string,
  userId: string,
  values: Omit<NewPropertyRow, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<boolean> {
  const rows = await db
    .update(properties)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(properties.id, id), inCallerOrganizations(db, properties.organizationId, userId)))
    .returning({ id: properties.id });
  return rows.length > 0;
}

/** Its areas go with it (ON DELETE CASCADE). */
export async function deleteProperty(db: Queryable, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(properties)
    .where(and(eq(properties.id, id), inCallerOrganizations(db, properties.organizationId, userId)))
    .returning({ id: properties.id });
  return rows.length > 0;
}
