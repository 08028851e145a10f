// Areas: the apartments and shared rooms of a property.
import { MAX_AREA_NUMBER } from '@portal/contracts/areas';
import { AREA_TYPES } from '@portal/contracts/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { properties } from './properties';

/**
 * The list order of areas (SPEC §3's type order, then number with unnumbered last), as
 * expressions the list's index is built on. Literals, not parameters: PostgreSQL uses an
 * expression index only for a query that writes the very same expression.
 */
export const areaListKeys = {
  typePosition: (areaType: AnyColumn): SQL<number> =>
    sql`(case ${areaType} ${sql.raw(
      AREA_TYPES.map((type, index) => `when '${type}' then ${index}`).join(' '),
    )} end)`,
  number: (number: AnyColumn): SQL<number> =>
    sql`coalesce(${number}, ${sql.raw(String(MAX_AREA_NUMBER + 1))})`,
};

/** An apartment or shared room inside a property (SPEC §3 "Area"). */
export const areas = pgTable(
  'areas',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    name: text().notNull().default(''),
    areaType: text({ enum: AREA_TYPES }).notNull(),
    /** Unique within the property (DESIGN §5); several areas may have none. */
    number: integer(),
    /** m² */
    floorArea: doublePrecision(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'areas_property_organization_fk',
    })
      .onDelete('cascade')
      // Moving a property to another organization takes its areas along.
      .onUpdate('cascade'),
    uniqueIndex('areas_property_number_unique').on(table.propertyId, table.number),
    // Lets devices reference the three, so a device always sits in its area's property and
    // organization, and moves with them.
    uniqueIndex('areas_id_property_organization').on(
      table.id,
      table.propertyId,
      table.organizationId,
    ),
    index('areas_property_type').on(table.propertyId, table.areaType),
    index('areas_organization').on(table.organizationId),
    // A page of a property's areas in list order is one range of this index (keyset paging):
    // no sort of all 5 000 areas for each page of 200.
    index('areas_list_order').on(
      table.propertyId,
      areaListKeys.typePosition(table.areaType),
      areaListKeys.number(table.number),
      table.name,
      table.id,
    ),
  ],
);
