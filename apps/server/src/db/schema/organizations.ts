// Organizations and who belongs to them: the tenancy every other table hangs under (DESIGN §5).
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

/** A housing cooperative or property company; every other record hangs under one (SPEC §3). */
export const organizations = pgTable('organizations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  address: text().notNull().default(''),
  ...timestamps,
});

/**
 * Which organizations a user belongs to, and their role in each: everything a user may see follows
 * from these rows, and what they may change in an organization from its row's role
 * (docs/accounts.md "People and roles").
 */
export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['site-manager', 'user'] })
      .notNull()
      .default('user'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_memberships_user').on(table.userId),
  ],
);
