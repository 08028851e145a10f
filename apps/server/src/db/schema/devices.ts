// Devices: the meters, gateways, doors and keypads of an area, and the log of changes to them.
import {
  DEVICE_TYPES,
  METER_EVENTS,
  METER_ROLES,
  PIN_CODE_CHANGES,
} from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { areas } from './areas';
import { timestamps } from './columns';
import { properties } from './properties';

/** A meter, gateway, door or keypad in an area (SPEC §3 "Device", DESIGN §4.4, §5). */
export const devices = pgTable(
  'devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    areaId: uuid().notNull(),
    deviceType: text({ enum: DEVICE_TYPES }).notNull(),
    /** As kept and shown (contracts' device-ids.ts readDeviceId). */
    idNumber: text().notNull(),
    /** What makes it the same device: unique in the organization; readings find meters by it. */
    idKey: text().notNull(),
    name: text().notNull().default(''),
    /** Electricity meters only. */
    role: text({ enum: METER_ROLES }),
    /** The property's main meter of its type. */
    main: boolean().notNull().default(false),
    /** Doors and keypads: how many PIN code slots. */
    slotCount: integer(),
    /** Kept although it does not fit its type, as its creator confirmed. */
    idFormatConfirmed: boolean().notNull().default(false),
    lastSeenAt: timestamp({ withTimezone: true }),
    /** Gateways: SHA-256 of the ingestion key, which is shown once and never stored. */
    gatewayKeyHash: text(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      columns: [table.areaId, table.propertyId, table.organizationId],
      foreignColumns: [areas.id, areas.propertyId, areas.organizationId],
      name: 'devices_area_fk',
    })
      .onDelete('cascade')
      // A property moved to another organization takes its areas' devices along.
      .onUpdate('cascade'),
    uniqueIndex('devices_organization_id_key').on(table.organizationId, table.idKey),
    // What images and PIN codes reference, so they follow their device to another organization.
    uniqueIndex('devices_id_organization').on(table.id, table.organizationId),
    uniqueIndex('devices_gateway_key_hash').on(table.gatewayKeyHash),
    index('devices_area').on(table.areaId, table.deviceType),
    index('devices_property').on(table.propertyId, table.deviceType),
  ],
);

/** Who created, changed or deleted which device, when (SPEC §3 "Log entry"). */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    /** No reference: the entry outlives a deleted device. */
    deviceId: uuid().notNull(),
    deviceType: text({ enum: DEVICE_TYPES }).notNull(),
    idNumber: text().notNull(),
    action: text({ enum: ['created', 'updated', 'deleted'] }).notNull(),
    /** Entries about a PIN code (action 'updated'): the slot and what was done — never the code. */
    pinSlot: integer(),
    pinChange: text({ enum: PIN_CODE_CHANGES }),
    /** Entries about a meter's readings (action 'updated'): what happened, at which reading time. */
    meterEvent: text({ enum: METER_EVENTS }),
    meterEventAt: timestamp({ withTimezone: true }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was: the entry says who it was after their account is gone. */
    userEmail: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'device_logs_property_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // A page of a property's log, newest first, is one range of this index.
    index('device_logs_property_time').on(
      table.propertyId,
      sql`${table.createdAt} desc`,
      sql`${table.id} desc`,
    ),
    index('device_logs_device').on(table.deviceId),
  ],
);
