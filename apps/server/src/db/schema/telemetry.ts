// Meter readings and what is derived from them at ingest (docs/telemetry.md): the registers with the
// use of the interval each closes, the hourly, daily and monthly use per device (statistics read
// only these), recorded meter replacements, and alerts (offline, leak).
//
// Readings and rollups carry no organization column, the one written exception to CONVENTIONS'
// rule: they are reached only through their device, whose organization is checked first, and a
// property moved to another organization then rewrites its devices, not ten million readings.
import { ALERT_KINDS } from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { devices } from './devices';
import { properties } from './properties';

/**
 * The device a reading or rollup row belongs to. Deliberately no foreign key: its check costs a
 * lookup per inserted row — 60 of a 5 000-reading batch's milliseconds on PostgreSQL (W1). The
 * ingest locks the devices it writes for before inserting (so none can vanish meanwhile), and a
 * statement-level trigger on devices deletes the rows of deleted devices, cascades included
 * (migration 0012, tested in telemetry-cleanup.test.ts).
 */
const device = () => uuid().notNull();

/** A meter's register at a time, in Wh or litres, and the use of the interval it closes. */
export const readings = pgTable(
  'readings',
  {
    deviceId: device(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The register, normalised to Wh (heat, el) or litres (hw, cw). */
    value: doublePrecision().notNull(),
    /** The interval (prevAt, at] this reading closes: the anchor before it (derive-use.ts). */
    prevAt: timestamp({ withTimezone: true }),
    /** Use in that interval, never negative. */
    use: doublePrecision().notNull().default(0),
    /** ReadingKind of derive-use.ts: normal, first of a series, reset, dip, implausible, replacement. */
    kind: smallint().notNull().default(0),
    /** The interval is a gap (longer than GAP_MS): its use is interpolated. */
    estimated: boolean().notNull().default(false),
    /** Generated demo data. */
    simulated: boolean().notNull().default(false),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.at] })],
);

/**
 * Use per bucket. The flags are sums rather than booleans so that every rollup is additive: a late
 * reading adds its intervals' new contributions and takes back the old ones. A bucket is estimated
 * when estimatedUse > 0.001, simulated when simulatedUse > 0.001.
 */
const rollupColumns = () => ({
  deviceId: device(),
  use: doublePrecision().notNull(),
  estimatedUse: doublePrecision().notNull().default(0),
  simulatedUse: doublePrecision().notNull().default(0),
});

/** Use per device per UTC hour (`hour` is an instant on a whole hour). */
export const useHourly = pgTable(
  'use_hourly',
  { ...rollupColumns(), hour: timestamp({ withTimezone: true }).notNull() },
  (table) => [primaryKey({ columns: [table.deviceId, table.hour] })],
);

/** Use per device per local date of its property's time zone (the day an hour starts in). */
export const useDaily = pgTable(
  'use_daily',
  { ...rollupColumns(), day: date({ mode: 'string' }).notNull() },
  (table) => [primaryKey({ columns: [table.deviceId, table.day] })],
);

/** Use per device per local month (`month` is its 1st): a year by month reads 12 rows a meter. */
export const useMonthly = pgTable(
  'use_monthly',
  { ...rollupColumns(), month: date({ mode: 'string' }).notNull() },
  (table) => [primaryKey({ columns: [table.deviceId, table.month] })],
);

/** A meter exchanged at `at`: the old meter's final register and the new one's first. */
export const meterReplacements = pgTable(
  'meter_replacements',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    deviceId: uuid().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    oldFinal: doublePrecision().notNull(),
    newFirst: doublePrecision().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.deviceId, table.organizationId],
      foreignColumns: [devices.id, devices.organizationId],
      name: 'meter_replacements_device_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('meter_replacements_device_at').on(table.deviceId, table.at),
  ],
);

/** A device that is news: offline since, or a possible leak since; ended when it is not. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    areaId: uuid().notNull(),
    deviceId: uuid().notNull(),
    kind: text({ enum: ALERT_KINDS }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    /** What the rule saw (e.g. the last time heard, the nights with flow). */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    foreignKey({
      columns: [table.deviceId, table.organizationId],
      foreignColumns: [devices.id, devices.organizationId],
      name: 'alerts_device_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'alerts_property_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // At most one open alert of a kind per device.
    uniqueIndex('alerts_open').on(table.deviceId, table.kind).where(sql`${table.endedAt} is null`),
    index('alerts_property_started').on(table.propertyId, sql`${table.startedAt} desc`),
  ],
);

/**
 * The demo's simulated meters (demo/demo-readings.ts): how far their readings have been generated,
 * so a restart continues where the last run stopped, and when the demo was seeded, which places
 * its stories (an outage, a replaced meter, a leak) in the year before.
 */
export const demoFeeds = pgTable(
  'demo_feeds',
  {
    propertyId: uuid().primaryKey(),
    organizationId: uuid().notNull(),
    seededAt: timestamp({ withTimezone: true }).notNull(),
    generatedTo: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'demo_feeds_property_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);
