// The hourly, daily and monthly use per device (docs/telemetry.md "Tables", "Time zones"): kept
// at ingest as additive changes — an hour's change, summed by the property's local date and
// month, each level one upsert per batch — and rebuilt whole from the readings' stored intervals
// by recomputeRollups (demo data, tests; the additive rows must always equal it).
import { localDateOf } from '@portal/contracts/periods';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { UseDelta } from './series-walk';

/** A change of one device's use in one bucket: an hour's instant (ISO) or a local date. */
export type RollupChange = { deviceId: string; bucket: string } & UseDelta;

export type RollupChanges = {
  hourly: RollupChange[];
  daily: RollupChange[];
  monthly: RollupChange[];
};

function addTo(
  buckets: Map<string, RollupChange>,
  deviceId: string,
  bucket: string,
  delta: UseDelta,
) {
  const key = `${deviceId} ${bucket}`;
  const sum = buckets.get(key);
  if (!sum) {
    buckets.set(key, { deviceId, bucket, ...delta });
    return;
  }
  sum.use += delta.use;
  sum.estimated += delta.estimated;
  sum.simulated += delta.simulated;
}

/**
 * The hours' changes of each device as changes of its hours, local days and local months: the
 * day of an hour is the local date its start falls on in `timeZone` (so a DST day has 23 or 25).
 */
export function rollupChanges(
  hoursByDevice: ReadonlyMap<string, ReadonlyMap<number, UseDelta>>,
  timeZone: string,
): RollupChanges {
  const hourly = new Map<string, RollupChange>();
  const daily = new Map<string, RollupChange>();
  const monthly = new Map<string, RollupChange>();
  // A batch touches a few hundred to a few thousand hours, many of them shared by its meters.
  const dates = new Map<number, string>();
  for (const [deviceId, hours] of hoursByDevice) {
    for (const [hourMs, delta] of hours) {
      let date = dates.get(hourMs);
      if (date === undefined) {
        date = localDateOf(hourMs, timeZone);
        dates.set(hourMs, date);
      }
      addTo(hourly, deviceId, new Date(hourMs).toISOString(), delta);
      addTo(daily, deviceId, date, delta);
      addTo(monthly, deviceId, `${date.slice(0, 7)}-01`, delta);
    }
  }
  return {
    hourly: [...hourly.values()],
    daily: [...daily.values()],
    monthly: [...monthly.values()],
  };
}

/** Each level's table, bucket column and the bucket's SQL type. */
const LEVELS = [
  { level: 'hourly', table: 'use_hourly', bucket: 'hour', type: 'timestamptz' },
  { level: 'daily', table: 'use_daily', bucket: 'day', type: 'date' },
  { level: 'monthly', table: 'use_monthly', bucket: 'month', type: 'date' },
] as const;

/** Adds the changes to the three tables: one upsert each, whatever their number. */
export async function addToRollups(db: Queryable, changes: RollupChanges) {
  for (const { level, table, bucket, type } of LEVELS) {
    const rows = changes[level];
    if (rows.length === 0) continue;
    const column = <T>(pick: (change: RollupChange) => T) => sql.param(rows.map(pick));
    await db.execute(sql`
      insert into ${sql.identifier(table)} as t (device_id, ${sql.identifier(bucket)}, use,
                                                 estimated_use, simulated_use)
      select * from unnest(${column((c) => c.deviceId)}::uuid[],
                           ${column((c) => c.bucket)}::${sql.raw(type)}[],
                           ${column((c) => c.use)}::float8[], ${column((c) => c.estimated)}::float8[],
                           ${column((c) => c.simulated)}::float8[])
      on conflict (device_id, ${sql.identifier(bucket)}) do update set use = t.use + excluded.use,
        estimated_use = t.estimated_use + excluded.estimated_use,
        simulated_use = t.simulated_use + excluded.simulated_use`);
  }
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
 * proportion to time, as spreadOverHours does at ingest; days and months from the hours in the
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
