// The hourly, daily and monthly use per device (docs/telemetry.md "Tables", "Time zones"): kept
// at ingest as additive changes — an hour's change, summed by the property's local date and
// month, each level one upsert per batch — and rebuilt whole from the readings' stored intervals
// by recomputeRollups (demo data, tests; the additive rows must always equal it).
import { localDateOf } from '@portal/contracts/periods';
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-literal';
import type { Queryable } from '../../db/client';
import type { UseDelta } from './series-walk';

/** A change of one device's use in one bucket: an hour's start (ms) or a local date. */
export type RollupChange<Bucket> = { deviceId: string; bucket: Bucket } & UseDelta;

export type RollupChanges = {
  hourly: RollupChange<number>[];
  daily: RollupChange<string>[];
  monthly: RollupChange<string>[];
};

/** Adds a change to a bucket's sum (a copy of the change when the bucket is new). */
export function addTo(buckets: Map<string, UseDelta>, bucket: string, delta: UseDelta) {
  const sum = buckets.get(bucket);
  if (!sum) {
    buckets.set(bucket, { use: delta.use, estimated: delta.estimated, simulated: delta.simulated });
    return;
  }
  sum.use += delta.use;
  sum.estimated += delta.estimated;
  sum.simulated += delta.simulated;
}

/** A device's buckets as rows. */
function rowsOf(deviceId: string, buckets: Map<string, UseDelta>, into: RollupChange<string>[]) {
  for (const [bucket, delta] of buckets) into.push({ deviceId, bucket, ...delta });
}

/**
 * The hours' changes of each device as changes of its hours, local days and local months: the
 * day of an hour is the local date its start falls on in `timeZone` (so a DST day has 23 or 25).
 */
export function rollupChanges(
  hoursByDevice: ReadonlyMap<string, ReadonlyMap<number, UseDelta>>,
  timeZone: string,
): RollupChanges {
  const changes: RollupChanges = { hourly: [], daily: [], monthly: [] };
  // A batch touches a few hundred to a few thousand hours, many of them shared by its meters.
  const dates = new Map<number, string>();
  for (const [deviceId, hours] of hoursByDevice) {
    const days = new Map<string, UseDelta>();
    const months = new Map<string, UseDelta>();
    for (const [hourMs, delta] of hours) {
      let date = dates.get(hourMs);
      if (date === undefined) {
        date = localDateOf(hourMs, timeZone);
        dates.set(hourMs, date);
      }
      changes.hourly.push({ deviceId, bucket: hourMs, ...delta });
      addTo(days, date, delta);
      addTo(months, `${date.slice(0, 7)}-01`, delta);
    }
    rowsOf(deviceId, days, changes.daily);
    rowsOf(deviceId, months, changes.monthly);
  }
  return changes;
}

/** Each level's table, bucket column, the bucket's type as sent and as stored. */
const LEVELS = {
  hourly: {
    table: 'use_hourly',
    bucket: 'hour',
    // Hours go as ms since the epoch, as readings.repository.ts sends instants.
    sent: 'float8',
    stored: sql`to_timestamp(u.bucket / 1000)`,
  },
  daily: { table: 'use_daily', bucket: 'day', sent: 'date', stored: sql`u.bucket` },
  monthly: { table: 'use_monthly', bucket: 'month', sent: 'date', stored: sql`u.bucket` },
} as const;

/** One level's changes added to its table (an upsert of all of them). */
function upsert(
  { table, bucket, sent, stored }: (typeof LEVELS)[keyof typeof LEVELS],
  rows: RollupChange<string | number>[],
) {
  const column = (pick: (change: RollupChange<string | number>) => string | number) =>
    arrayParam(rows.map(pick));
  return sql`
    insert into ${sql.identifier(table)} as t (device_id, ${sql.identifier(bucket)}, use,
                                               estimated_use, simulated_use)
    select u.device_id, ${stored}, u.use, u.estimated, u.simulated
    from unnest(${column((c) => c.deviceId)}::uuid[], ${column((c) => c.bucket)}::${sql.raw(sent)}[],
                ${column((c) => c.use)}::float8[], ${column((c) => c.estimated)}::float8[],
                ${column((c) => c.simulated)}::float8[])
         as u(device_id, bucket, use, estimated, simulated)
    on conflict (device_id, ${sql.identifier(bucket)}) do update set use = t.use + excluded.use,
      estimated_use = t.estimated_use + excluded.estimated_use,
      simulated_use = t.simulated_use + excluded.simulated_use`;
}

/** Adds the changes to the three tables: one statement, whatever their number (each level's
 * upsert in a WITH of the last: a batch pays one statement's round trip and planning, not three).
 * A level may be empty (the demo loads the hours it makes new by COPY and adds only the rest). */
export async function addToRollups(db: Queryable, changes: RollupChanges) {
  const upserts = [
    changes.hourly.length > 0 ? upsert(LEVELS.hourly, changes.hourly) : undefined,
    changes.daily.length > 0 ? upsert(LEVELS.daily, changes.daily) : undefined,
    changes.monthly.length > 0 ? upsert(LEVELS.monthly, changes.monthly) : undefined,
  ].filter((statement) => statement !== undefined);
  const last = upserts.pop();
  if (!last) return;
  const before = upserts.map(
    (statement, index) => sql`level${sql.raw(String(index))} as (${statement})`,
  );
  await db.execute(before.length > 0 ? sql`with ${sql.join(before, sql`, `)} ${last}` : last);
}

/** The daily rows, then the monthly ones, of the devices `where` picks (a condition on `d`, the
 * device), rebuilt from their hourly rows in their property's time zone. */
async function rebuildLocalRows(db: Queryable, where: SQL) {
  const devicesPicked = sql`select d.id from devices d where ${where}`;
  await db.execute(sql`delete from use_daily where device_id in (${devicesPicked})`);
  await db.execute(sql`delete from use_monthly where device_id in (${devicesPicked})`);
  await db.execute(sql`
    insert into use_daily (device_id, day, use, estimated_use, simulated_use)
    select h.device_id, (h.hour at time zone p.time_zone)::date, sum(h.use),
           sum(h.estimated_use), sum(h.simulated_use)
    from use_hourly h
    join devices d on d.id = h.device_id
    join properties p on p.id = d.property_id
    where ${where}
    group by 1, 2`);
  await db.execute(sql`
    insert into use_monthly (device_id, month, use, estimated_use, simulated_use)
    select u.device_id, date_trunc('month', u.day)::date, sum(u.use), sum(u.estimated_use),
           sum(u.simulated_use)
    from use_daily u
    where u.device_id in (${devicesPicked})
    group by 1, 2`);
}

/**
 * Rebuilds every hourly, daily and monthly row of these devices from their readings' stored
 * intervals (prev_at, at], use and flags: each interval spread over the UTC hours it covers in
 * proportion to time, as eachHourShare does at ingest; days and months from the hours in the
 * property's time zone. Set-based statements in one transaction (a savepoint inside one), the
 * devices locked as the ingest locks them, so no batch adds to rows being rebuilt. The demo's
 * generated readings get their rollups this way, and the tests check the ingest's against it.
 */
export async function recomputeRollups(db: Queryable, deviceIds: string[]) {
  if (deviceIds.length === 0) return;
  const ids = sql.param([...new Set(deviceIds)].sort());
  await db.transaction(async (transaction) => {
    await transaction.execute(
      sql`select id from devices where id = any(${ids}::uuid[]) order by id for no key update`,
    );
    await transaction.execute(sql`delete from use_hourly where device_id = any(${ids}::uuid[])`);
    // An hour h < at takes the share of (prev_at, at] that falls in [h, h + 1 hour).
    await transaction.execute(sql`
      insert into use_hourly (device_id, hour, use, estimated_use, simulated_use)
      select r.device_id, h.hour, sum(s.part),
             sum(case when r.estimated then s.part else 0 end),
             sum(case when r.simulated then s.part else 0 end)
      from readings r
      cross join lateral generate_series(date_trunc('hour', r.prev_at, 'UTC'),
                                         r.at - interval '1 microsecond', interval '1 hour') h(hour)
      cross join lateral (select r.use * (extract(epoch from least(r.at, h.hour + interval '1 hour')
                                                           - greatest(r.prev_at, h.hour))
                                          / extract(epoch from r.at - r.prev_at))::float8 as part) s
      where r.device_id = any(${ids}::uuid[]) and r.prev_at is not null and r.use <> 0
      group by r.device_id, h.hour`);
    await rebuildLocalRows(transaction, sql`d.id = any(${ids}::uuid[])`);
  });
}

/**
 * After a property's time zone changed, in that change's transaction: its meters' daily and
 * monthly rows rebuilt from the hourly ones (which are UTC and stay), so days and months are
 * local to the new zone. The ingest holds the property's row FOR SHARE, so the change waits for
 * batches in flight and batches after it see the new zone.
 */
export async function rebuildLocalRollups(db: Queryable, propertyId: string) {
  await rebuildLocalRows(db, sql`d.property_id = ${propertyId}`);
}
