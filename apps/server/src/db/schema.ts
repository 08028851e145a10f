// The database schema, as code; `npm run db:generate` turns changes into SQL migrations in drizzle/.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A housing cooperative or property company; every other record hangs under one (SPEC §3). */
export const organizations = pgTable('organizations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  address: text().notNull().default(''),
  ...timestamps,
});
