// Properties: the buildings of an organization, with what their energy figures need.
import { HEATING_CARRIERS, PROPERTY_TYPES } from '@portal/contracts/domain';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { organizations } from './organizations';

/** A building or estate of one organization, with what its energy figures need (SPEC §3, DESIGN §5). */
export const properties = pgTable(
  'properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull().default(''),
    propertyType: text({ enum: PROPERTY_TYPES }).notNull(),
    /** Atemp, m² */
    heatedArea: doublePrecision(),
    buildYear: integer(),
    timeZone: text().notNull().default('Europe/Stockholm'),
    heatingCarrier: text({ enum: HEATING_CARRIERS }).notNull().default('district-heating'),
    /** Fgeo of BBR 9:2 */
    geoFactor: doublePrecision().notNull().default(1),
    /** A gateway or meter silent this long is offline (docs/telemetry.md "Alerts"). */
    offlineAfterMinutes: integer().notNull().default(180),
    ...timestamps,
  },
  (table) => [
    index('properties_organization').on(table.organizationId),
    // Lets areas (and later devices) reference the pair, so a child can never sit in one
    // organization while its property belongs to another.
    uniqueIndex('properties_id_organization').on(table.id, table.organizationId),
  ],
);
