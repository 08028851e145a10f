// PIN codes of doors and keypads (DESIGN §4.4, §5), the Z-Wave User Code model: one row per
// occupied slot, its code encrypted at rest, and the state of its delivery to the lock.
import { PIN_CODE_STATUSES, PIN_SYNC_STATES } from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';
import { devices } from './devices';

export const pinCodes = pgTable(
  'pin_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    deviceId: uuid().notNull(),
    slot: integer().notNull(),
    /** AES-256-GCM (SECRETS_KEY) of the code; null while the slot is being cleared on the lock. */
    codeCiphertext: bytea(),
    status: text({ enum: PIN_CODE_STATUSES }).notNull().default('enabled'),
    label: text().notNull().default(''),
    /** Raised by every change; a gateway's acknowledgement names the version it applied. */
    version: integer().notNull().default(1),
    sync: text({ enum: PIN_SYNC_STATES }).notNull().default('pending'),
    syncedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      columns: [table.deviceId, table.organizationId],
      foreignColumns: [devices.id, devices.organizationId],
      name: 'pin_codes_device_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('pin_codes_device_slot').on(table.deviceId, table.slot),
    // What gateways fetch: the pending changes, found without reading the applied ones.
    index('pin_codes_pending').on(table.deviceId).where(sql`${table.sync} = 'pending'`),
  ],
);
