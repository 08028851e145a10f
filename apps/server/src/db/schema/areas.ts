// Areas: the apartments and shared rooms of a property.
import { AREA_TYPES } from '@portal/contracts/domain';
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
    index('areas_property_type').on(table.propertyId, table.areaType),
    index('areas_organization').on(table.organizationId),
  ],
);
