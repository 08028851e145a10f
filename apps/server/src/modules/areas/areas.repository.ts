// SQL for areas, always scoped to the caller's memberships.

import type { AreaType } from '@portal/contracts/domain';
import { and, asc, between, count, eq, type SQL, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { areaListKeys, areas } from '../../db/schema/areas';
import { everyWordIn } from '../../db/search';

export type AreaRow = typeof areas.$inferSelect;
export type NewAreaRow = typeof areas.$inferInsert;
export type AreaFields = Pick<NewAreaRow, 'name' | 'areaType' | 'number' | 'floorArea'>;

/** Types in the order of SPEC §3 (apartments first), not alphabetically. */
const typeOrder = areaListKeys.typePosition(areas.areaType);

const scoped = (db: Queryable, userId: string, condition: SQL | undefined) =>
  and(condition, inCallerOrganizations(db, areas.organizationId, userId));

/** Unnumbered areas sort after every number an area can have. */
const numberKey = areaListKeys.number(areas.number);

/** Where a page of areas starts: after the last one of the page before, in list order. */
export type AreaListKey = readonly [typeIndex: number, number: number, name: string, id: string];

export type AreaListQuery = {
  areaType?: AreaType;
  /** Looked for in names and numbers, case-insensitively. */
  search?: string;
  after?: AreaListKey;
  /** How many rows to fetch. */
  limit: number;
};

export type ListedAreaRow = AreaRow & { sortKey: AreaListKey };

/** A property's areas by type, then number (unnumbered last), then name: one keyset page. */
export async function listAreas(
  db: Queryable,
  propertyId: string,
  userId: string,
  { areaType, search, after, limit }: AreaListQuery,
): Promise<ListedAreaRow[]> {
  const rows = await db
    .select({ area: areas, typeIndex: sql<number>`${typeOrder}`, numberKey })
    .from(areas)
    .where(
      scoped(
        db,
        userId,
        and(
          eq(areas.propertyId, propertyId),
          areaType ? eq(areas.areaType, areaType) : undefined,
          search ? everyWordIn(search, [areas.name, sql`${areas.number}::text`]) : undefined,
          after
            ? sql`(${typeOrder}, ${numberKey}, ${areas.name}, ${areas.id}) > (${after[0]}::int, ${after[1]}::int, ${after[2]}::text, ${after[3]}::uuid)`
            : undefined,
        ),
      ),
    )
    .orderBy(typeOrder, numberKey, asc(areas.name), asc(areas.id))
    .limit(limit);
  return rows.map(({ area, typeIndex, numberKey: number }) => ({
    ...area,
    sortKey: [Number(typeIndex), Number(number), area.name, area.id] as const,
  }));
}

export async function findArea(
  db: Queryable,
  id: string,
  userId: string,
): Promise<AreaRow | undefined> {
  const [row] = await db
    .select()
    .from(areas)
    .where(scoped(db, userId, eq(areas.id, id)));
  return row;
}

/** How many areas the property has. */
export async function countPropertyAreas(
  db: Queryable,
  propertyId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ areas: count() })
    .from(areas)
    .where(scoped(db, userId, eq(areas.propertyId, propertyId)));
  return row?.areas ?? 0;
}

/** The numbers from `from` to `to` the property already uses, ascending. */
export async function takenNumbers(
  db: Queryable,
  propertyId: string,
  userId: string,
  range: { from: number; to: number },
): Promise<number[]> {
  const rows = await db
    .select({ number: areas.number })
    .from(areas)
    .where(
      scoped(
        db,
        userId,
        and(eq(areas.propertyId, propertyId), between(areas.number, range.from, range.to)),
      ),
    )
    .orderBy(areas.number);
  return rows.flatMap((row) => (row.number === null ? [] : [row.number]));
}

/** One statement for any number of areas, so a range is written all at once. */
export async function insertAreas(db: Queryable, values: NewAreaRow[]): Promise<AreaRow[]> {
  if (values.length === 0) return [];
  return db.insert(areas).values(values).returning();
}

export async function updateArea(
  db: Queryable,
  id: string,
  userId: string,
  values: AreaFields,
): Promise<AreaRow | undefined> {
  const [row] = await db
    .update(areas)
    .set({ ...values, updatedAt: new Date() })
    .where(scoped(db, userId, eq(areas.id, id)))
    .returning();
  return row;
}

export async function deleteArea(db: Queryable, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(areas)
    .where(scoped(db, userId, eq(areas.id, id)))
    .returning({ id: areas.id });
  return rows.length > 0;
}
