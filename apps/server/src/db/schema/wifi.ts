// A property's WiFi networks (DESIGN §4.4 "WiFi", docs/wifi.md); the password encrypted at rest.
import { WIFI_SECURITIES } from '@portal/contracts/wifi';
import { boolean, foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';
import { properties } from './properties';

export const wifiNetworks = pgTable(
  'wifi_networks',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    ssid: text().notNull(),
    /** AES-256-GCM (SECRETS_KEY) of the password, bound to the network's id; null when open. */
    passwordCiphertext: bytea(),
    security: text({ enum: WIFI_SECURITIES }).notNull(),
    hidden: boolean().notNull().default(false),
    note: text().notNull().default(''),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'wifi_networks_property_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('wifi_networks_property').on(table.propertyId, table.ssid),
  ],
);
