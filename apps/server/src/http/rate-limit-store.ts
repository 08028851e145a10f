// @fastify/rate-limit's counts kept in the database (table rate_limit_counts) instead of each
// process's memory, so that replicas on one PostgreSQL count every request alike: two of them do
// not let an attacker try twice as often. Only the routes that carry a limit (the sign-in calls,
// the mail-sending budget) count, one statement per counted request; every other call, /api/health
// above all (W3), never reaches this.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalDb } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { rateLimitCounts } from '../db/schema/rate-limits';

/** How often a process deletes the rows whose window has ended (any process's). */
export const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Counts a request in one atomic statement: a first request makes the row, a request after the
 * window ended starts a new window at 1, any other adds 1; the answer is the count and when its
 * window ends. Two requests at once on two replicas take turns on the row, so none is lost.
 */
const countRequest = preparedPerHandle((db) =>
  db
    .insert(rateLimitCounts)
    .values({
      key: sql.placeholder('key'),
      count: 1,
      windowEndsAt: sql`${sql.placeholder('windowEndsAt')}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounts.key,
      set: {
        count: sql`case when ${rateLimitCounts.windowEndsAt} <= ${sql.placeholder('now')}::timestamptz
          then 1 else ${rateLimitCounts.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitCounts.windowEndsAt} <= ${sql.placeholder('now')}::timestamptz
          then excluded.window_ends_at else ${rateLimitCounts.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimitCounts.count, windowEndsAt: rateLimitCounts.windowEndsAt })
    .prepare('count_rate_limited_request'),
);

type Counted = { current: number; ttl: number };

/**
 * The store class for @fastify/rate-limit's `store` option, counting in `db`. Each route's limit
 * counts under its method and path (`child`), so routes count apart as they did in memory; a
 * limiter of `createRateLimit` has no route, and its keyGenerator names its budget instead
 * (mail/mail-sending-budget.ts). Times are this process's clock, as the sign-in throttle's are.
 */
export function databaseRateLimitStore(
  db: PortalDb,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): FastifyRateLimitStoreCtor {
  let lastPrunedAt = 0;

  /** Rows of windows that have ended count as nothing; deleted at most every PRUNE_EVERY_MS, beside
   * the request that is due (it does not wait, and a failure only waits for the next time). */
  function pruneNowAndThen(now: number) {
    if (now - lastPrunedAt < PRUNE_EVERY_MS) return;
    lastPrunedAt = now;
    db.delete(rateLimitCounts)
      .where(lt(rateLimitCounts.windowEndsAt, new Date(now)))
      .catch((error: unknown) =>
        log?.warn({ err: error }, 'removing ended rate-limit windows failed'),
      );
  }

  async function count(key: string, timeWindowMs: number): Promise<Counted> {
    const now = Date.now();
    pruneNowAndThen(now);
    const [row] = await countRequest(db, {
      key,
      now: new Date(now).toISOString(),
      windowEndsAt: new Date(now + timeWindowMs).toISOString(),
    });
    if (!row) throw new Error('counting a rate-limited request returned no row');
    return { current: row.count, ttl: Math.max(0, row.windowEndsAt.getTime() - now) };
  }

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** @param prefix names the limit: a route's method and path, or '' for a named budget. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Counted) => void,
      timeWindow: number,
    ) {
      count(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** The plugin passes its options merged with the route's, and the route as `routeInfo`
     * (its types name only the former). */
    child(options: object) {
      const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      return new DatabaseRateLimitStore(
        options,
        route?.url ? `${String(method)} ${route.url} ` : '',
      );
    }
  };
}
