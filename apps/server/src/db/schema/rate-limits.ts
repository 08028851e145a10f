// Request counts of the per-route rate limits (http/rate-limit-store.ts), shared by every replica.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per limit and client address: how many requests its current window has counted, and
 * when that window ends. A row whose window has ended counts as none; they are deleted now and
 * then.
 */
export const rateLimitCounts = pgTable('rate_limit_counts', {
  /** The limit (a route's method and path, or a shared budget's name) and the client address. */
  key: text().primaryKey(),
  count: integer().notNull(),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
});
