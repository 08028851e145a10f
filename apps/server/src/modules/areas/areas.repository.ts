// SQL for areas, always scoped to the caller's memberships.
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import { and, asc, between, count, eq, type SQL, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { areas } from '../../db/schema/areas';

export type AreaRow = typeof areas.$inferSelect;
export type NewAreaRow = typeof areas.$inferInsert;
export type AreaFields = Pick<NewAreaRow, 'name' | 'areaType' | 'number' | 'floorArea'>;

/** Types in the order of SPEC §3 (apartments first), not alphabetically. */
const typeOrder = sql`case ${areas.areaType} ${sql.join(
  AREA_TYPES.map((type, index) => sql`when ${type} then ${sql.raw(String(index))}`),
  sql` `,
)} end`;

const scoped = (db: Queryable, userId: string, condition: SQL | undefined) =>
  and(condition, inCallerOrganizations(db, areas.organizationId, userId));

/** A property's areas by type, then number (unnumbered last), then name. */
export async function listAreas(
  db: Queryable,
  propertyId: string,
  userId: string,
  areaType?: AreaType,
): Promise<AreaRow[]> {
  return db
    .select()
    .from(areas)
    .where(
      scoped(
        db,
        userId,
        and(eq(areas.propertyId, propertyId), areaType ? eq(areas.areaType, areaType) : undefined),
      ),
    )
    .orderBy(typeOrder, sql`${areas.number} asc nulls last`, asc(areas.name), asc(areas.id));
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
