// Prices: what a property pays per meter type, which the usage estimate turns use into kronor with
// (DESIGN §4.4 "Prices", docs/energy.md "Usage estimate").
import { PRICED_TYPES } from '@portal/contracts/prices';
import {
  foreignKey,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { properties } from './properties';

/**
 * One meter type's price at one property, in SEK: per kWh (heat, el) or per m³ (hw, cw), the unit
 * following from the type (PRICE_UNITS), and a fixed part per month. A type without a row has no
 * price. Numeric, not double: kronor and öre are decimal, and a price read back is the one typed.
 */
export const propertyPrices = pgTable(
  'property_prices',
  {
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    deviceType: text({ enum: PRICED_TYPES }).notNull(),
    perUnit: numeric({ mode: 'number' }).notNull(),
    fixedPerMonth: numeric({ mode: 'number' }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The site manager who set it; null once their account is gone. */
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.deviceType] }),
    // Through the property's (id, organization) pair, as areas do: a price never sits in another
    // organization than its property, goes with it when deleted and moves with it when moved.
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'property_prices_property_organization_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);
