// SQL of the readings a batch (or a meter replacement) writes, each statement set-based with
// arrays (docs/telemetry.md "One ingest batch"): the meters a batch names, the devices locked in
// id order, the stretch of each series the batch touches, the new and re-derived rows, the
// device-log entries of implausible steps and the devices' last contact.
import type { MeterType } from '@portal/contracts/device-ids';
import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-literal';
import { type BinaryColumn, uuidEncoder } from '../../db/binary-copy';
import type { Queryable } from '../../db/client';
import { copyOnPglite } from '../../db/pglite-copy';
import type { ReadingKind, Replacement } from './derive-use';
import type { StoredReading, WindowPlace, WindowRow } from './series-walk';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Instants go to SQL as milliseconds since the epoch (float8 arrays) and become timestamptz by
 * `to_timestamp(ms / 1000)` there: exact to the millisecond for any time before the year 2242,
 * and much cheaper on both ends than ISO text — a 5 000-reading batch made 10 000 `toISOString`
 * calls and as many timestamp parses.
 */
const instants = (values: readonly (number | null)[]) => arrayParam(values);

export type MeterRow = {
  id: string;
  deviceType: MeterType;
  idKey: string;
  idNumber: string;
  main: boolean;
};

/**
 * The meters of the property that any of these find (docs/telemetry.md "Finding the meter"): by
 * UUID, by exact key, or by a key starting with a bare serial's prefix. One query per batch.
 */
export async function findMeters(
  db: Queryable,
  where: { organizationId: string; propertyId: string },
  lookups: { uuids: string[]; keys: string[]; prefixes: string[] },
): Promise<MeterRow[]> {
  if (lookups.uuids.length + lookups.keys.length + lookups.prefixes.length === 0) return [];
  const patterns = lookups.prefixes.map((prefix) => `${prefix}%`);
  const result = await db.execute(sql`
    select id, device_type as "deviceType", id_key as "idKey", id_number as "idNumber", main
    from devices
    where property_id = ${where.propertyId} and organization_id = ${where.organizationId}
      and device_type in ('heat', 'el', 'hw', 'cw')
      and (id = any(${arrayParam(lookups.uuids)}::uuid[])
           or id_key = any(${arrayParam(lookups.keys)}::text[])
           or id_key like any(${arrayParam(patterns)}::text[]))`);
  return rowsOf<MeterRow>(result);
}

/**
 * Holds the devices (FOR NO KEY UPDATE, in id order: two batches for one meter take turns, and
 * never deadlock) and their property's row FOR SHARE (its time zone stays as read until commit).
 * NO KEY UPDATE rather than UPDATE: the same turn-taking, while a row merely referencing the
 * device (an image, a PIN code) need not wait. Answers the devices still in the property, with
 * its time zone. What else the change needs is read by the statements after this one: a
 * statement that waited for a lock reads other tables as they were before it waited.
 */
export async function lockDevices(db: Queryable, propertyId: string, deviceIds: string[]) {
  const ids = [...new Set(deviceIds)].sort();
  const result = await db.execute(sql`
    select d.id, p.time_zone as "timeZone"
    from devices d join properties p on p.id = d.property_id
    where d.id = any(${arrayParam(ids)}::uuid[]) and d.property_id = ${propertyId}
    order by d.id
    for no key update of d for share of p`);
  return rowsOf<{ id: string; timeZone: string }>(result);
}

/** What a series' stretch spans: from the anchor before `loMs` to the boundary after `hiMs`. */
export type Stretch = { deviceId: string; loMs: number; hiMs: number };

type FetchedRow = {
  stretch: number;
  atMs: number;
  value: number;
  prevAtMs: number | null;
  use: number;
  kind: number;
  estimated: boolean;
  simulated: boolean;
  place: WindowPlace;
};

/**
 * For each stretch, its device's stored readings from the anchor (the last reading before `lo`
 * that is not skipped) to the boundary (the first after `hi` that is not skipped), and the one
 * reading after the boundary, in timestamp order, by the stretch's position in `stretches`; one
 * query for all. Usually — readings arriving in order — this is the device's latest reading alone.
 */
export async function fetchStretches(db: Queryable, stretches: Stretch[]): Promise<WindowRow[][]> {
  const windows = stretches.map((): WindowRow[] => []);
  if (stretches.length === 0) return windows;
  // Each stretch's anchor, boundary and end looked up once (materialized: inlined, the planner
  // would probe them again for every row the join returns), then its rows by an index range per
  // stretch (a lateral kept from being flattened by `offset 0`: as a join, the planner hashed the
  // stretches and read the whole readings table for a batch of 100 readings, 60–140 ms).
  const result = await db.execute(sql`
    with t(device_id, lo, hi, n) as (
      select u.device_id, to_timestamp(u.lo_ms / 1000), to_timestamp(u.hi_ms / 1000), u.n
      from unnest(${arrayParam(stretches.map((s) => s.deviceId))}::uuid[],
                  ${instants(stretches.map((s) => s.loMs))}::float8[],
                  ${instants(stretches.map((s) => s.hiMs))}::float8[])
           with ordinality as u(device_id, lo_ms, hi_ms, n)),
    w as materialized (
      select t.n, t.device_id,
        coalesce((select a.at from readings a where a.device_id = t.device_id and a.at < t.lo
                  and a.kind not in (3, 4) order by a.at desc limit 1), '-infinity') as from_at,
        coalesce((select b.at from readings b where b.device_id = t.device_id and b.at > t.hi
                  and b.kind not in (3, 4) order by b.at limit 1), 'infinity') as to_at
      from t),
    e as materialized (
      select w.*, coalesce((select c.at from readings c
                            where c.device_id = w.device_id and c.at > w.to_at
                            order by c.at limit 1), w.to_at) as end_at
      from w)
    select (e.n - 1)::int as stretch,
           (extract(epoch from r.at) * 1000)::float8 as "atMs",
           r.value,
           (extract(epoch from r.prev_at) * 1000)::float8 as "prevAtMs",
           r.use, r.kind, r.estimated, r.simulated,
           case when r.at = e.from_at then 'anchor'
                when r.at = e.to_at then 'boundary'
                when r.at > e.to_at then 'lookahead'
                else 'inside' end as place
    from e
    cross join lateral (select * from readings r
                        where r.device_id = e.device_id and r.at between e.from_at and e.end_at
                        offset 0) r
    order by e.n, r.at`);
  for (const { stretch, ...reading } of rowsOf<FetchedRow>(result))
    windows[stretch]?.push({ ...reading, kind: reading.kind as ReadingKind });
  return windows;
}

/** The recorded replacements of these meters (a meter has one in years, if ever). */
export async function replacementsOf(
  db: Queryable,
  deviceIds: string[],
): Promise<Map<string, Replacement[]>> {
  const byDevice = new Map<string, Replacement[]>();
  if (deviceIds.length === 0) return byDevice;
  const result = await db.execute(sql`
    select device_id as "deviceId", (extract(epoch from at) * 1000)::float8 as "atMs",
           old_final as "oldFinal", new_first as "newFirst"
    from meter_replacements where device_id = any(${arrayParam(deviceIds)}::uuid[])`);
  for (const { deviceId, ...replacement } of rowsOf<Replacement & { deviceId: string }>(result)) {
    byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), replacement]);
  }
  return byDevice;
}

export type ReadingRow = StoredReading & { deviceId: string };

const readingColumns = (rows: ReadingRow[]) => ({
  devices: arrayParam(rows.map((row) => row.deviceId)),
  at: instants(rows.map((row) => row.atMs)),
  prevAt: instants(rows.map((row) => row.prevAtMs)),
  use: arrayParam(rows.map((row) => row.use)),
  kind: arrayParam(rows.map((row) => row.kind)),
  estimated: arrayParam(rows.map((row) => row.estimated)),
});

const READINGS_COPIED = 'readings (device_id, at, value, prev_at, use, kind, estimated, simulated)';

/** READINGS_COPIED's columns of the rows in binary, each device's id encoded once. */
function readingsCopied(rows: readonly ReadingRow[]): BinaryColumn[] {
  const row = (index: number) => rows[index] as ReadingRow;
  const encode = uuidEncoder();
  const idOf = (index: number) => encode(row(index).deviceId);
  return [
    { type: 'uuid', value: idOf },
    { type: 'timestamptz', value: (index) => row(index).atMs },
    { type: 'float8', value: (index) => row(index).value },
    { type: 'timestamptz', value: (index) => row(index).prevAtMs },
    { type: 'float8', value: (index) => row(index).use },
    { type: 'int2', value: (index) => row(index).kind },
    { type: 'bool', value: (index) => row(index).estimated },
    { type: 'bool', value: (index) => row(index).simulated },
  ];
}

/** Inserts the new readings (on PGlite by binary COPY, pglite-copy.ts). None is at a stored reading's time, as the devices are locked and
 * their stretches were read: a unique violation means a writer that does not lock them (the
 * caller decides the batch again), so no ON CONFLICT clause — a fifth of the insert's time. */
export async function insertReadings(db: Queryable, rows: ReadingRow[]) {
  if (rows.length === 0) return;
  if (await copyOnPglite(db, READINGS_COPIED, rows.length, readingsCopied(rows))) return;
  const c = readingColumns(rows);
  await db.execute(sql`
    insert into readings (device_id, at, value, prev_at, use, kind, estimated, simulated)
    select u.device_id, to_timestamp(u.at_ms / 1000), u.value, to_timestamp(u.prev_ms / 1000),
           u.use, u.kind, u.estimated, u.simulated
    from unnest(${c.devices}::uuid[], ${c.at}::float8[],
                ${arrayParam(rows.map((row) => row.value))}::float8[],
                ${c.prevAt}::float8[], ${c.use}::float8[], ${c.kind}::int2[],
                ${c.estimated}::bool[], ${arrayParam(rows.map((row) => row.simulated))}::bool[])
         as u(device_id, at_ms, value, prev_ms, use, kind, estimated, simulated)`);
}

/** Writes what a walk derived anew for stored readings (after a late reading, usually one). */
export async function updateReadings(db: Queryable, rows: ReadingRow[]) {
  if (rows.length === 0) return;
  const c = readingColumns(rows);
  await db.execute(sql`
    update readings r
    set prev_at = to_timestamp(u.prev_ms / 1000), use = u.use, kind = u.kind,
        estimated = u.estimated
    from unnest(${c.devices}::uuid[], ${c.at}::float8[], ${c.prevAt}::float8[],
                ${c.use}::float8[], ${c.kind}::int2[], ${c.estimated}::bool[])
         as u(device_id, at_ms, prev_ms, use, kind, estimated)
    where r.device_id = u.device_id and r.at = to_timestamp(u.at_ms / 1000)`);
}

/**
 * One device-log entry per implausible step, written by the portal itself (no user), and only
 * once per reading: a step decided again later (a glitch confirmed as a jump) is not logged
 * again.
 */
export async function logImplausibleSteps(
  db: Queryable,
  steps: { deviceId: string; atMs: number }[],
) {
  if (steps.length === 0) return;
  await db.execute(sql`
    insert into device_logs (organization_id, property_id, device_id, device_type, id_number,
                             action, meter_event, meter_event_at, user_id, user_email)
    select d.organization_id, d.property_id, d.id, d.device_type, d.id_number,
           'updated', 'implausibleStep', s.at, null, ''
    from (select u.device_id, to_timestamp(u.at_ms / 1000) as at
          from unnest(${arrayParam(steps.map((step) => step.deviceId))}::uuid[],
                      ${instants(steps.map((step) => step.atMs))}::float8[]) as u(device_id, at_ms)) s
    join devices d on d.id = s.device_id
    where not exists (select 1 from device_logs l
                      where l.device_id = s.device_id and l.meter_event = 'implausibleStep'
                        and l.meter_event_at = s.at)`);
}

/**
 * The devices' last contact: the newest reading each delivered, never later than now (a clock
 * ahead must not keep a device online for a day) and never earlier than what is known. As an
 * UPDATE … RETURNING the heard devices (id, last_seen_at, created_at, property_id), for a statement
 * to go on with (the ingest closes their offline alerts in the same one).
 */
export function markSeenReturning(seen: { deviceId: string; newestMs: number }[]): SQL {
  return sql`
    update devices d
    set last_seen_at = greatest(d.last_seen_at, least(to_timestamp(u.newest_ms / 1000), now()))
    from unnest(${arrayParam(seen.map((entry) => entry.deviceId))}::uuid[],
                ${instants(seen.map((entry) => entry.newestMs))}::float8[]) as u(id, newest_ms)
    where d.id = u.id
    returning d.id, d.last_seen_at, d.created_at, d.property_id`;
}

/** markSeenReturning on its own. */
export async function markSeen(db: Queryable, seen: { deviceId: string; newestMs: number }[]) {
  if (seen.length === 0) return;
  await db.execute(markSeenReturning(seen));
}
