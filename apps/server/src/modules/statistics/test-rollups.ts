// Test data for statistics: meters, and their use written straight into the rollups as the ingest
// keeps them (docs/telemetry.md step 7) — hourly rows, and the daily and monthly rows of the same
// hours by the property's local date — so the statistics tests depend on no ingest. Additive, like
// the ingest's upserts: writing an hour twice adds to it.
import { readDeviceId } from '@portal/contracts/device-ids';
import type { MeterRole } from '@portal/contracts/domain';
import { localDateOf } from '@portal/contracts/periods';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { useDaily, useHourly, useMonthly } from '../../db/schema/telemetry';

type MeterType = 'heat' | 'el' | 'hw' | 'cw';

/** A meter in an area, as the device form would store it. */
export async function createMeter(
  db: Queryable,
  area: { id: string; propertyId: string; organizationId: string },
  meter: {
    deviceType: MeterType;
    idNumber: string;
    name?: string;
    role?: MeterRole;
    main?: boolean;
  },
) {
  const reading = readDeviceId(meter.deviceType, meter.idNumber);
  if (reading.outcome !== 'fits') throw new Error(`${meter.idNumber} is no ${meter.deviceType} id`);
  const [row] = await db
    .insert(devices)
    .values({
      organizationId: area.organizationId,
      propertyId: area.propertyId,
      areaId: area.id,
      deviceType: meter.deviceType,
      idNumber: reading.idNumber,
      idKey: reading.key,
      name: meter.name ?? '',
      role: meter.deviceType === 'el' ? (meter.role ?? 'consumption') : null,
      main: meter.main ?? false,
    })
    .returning();
  if (!row) throw new Error('no meter');
  return row;
}

/** One hour's use of a meter; `estimated` or `simulated` marks all of it so. */
export type HourUse = { hour: string; use: number; estimated?: boolean; simulated?: boolean };

type Sums = { use: number; estimated: number; simulated: number };

/** Adds each hour's use to a bucket's sums. */
function sumBy(hours: HourUse[], bucketOf: (hour: HourUse) => string) {
  const sums = new Map<string, Sums>();
  for (const hour of hours) {
    const key = bucketOf(hour);
    const sum = sums.get(key) ?? { use: 0, estimated: 0, simulated: 0 };
    sum.use += hour.use;
    if (hour.estimated) sum.estimated += hour.use;
    if (hour.simulated) sum.simulated += hour.use;
    sums.set(key, sum);
  }
  return [...sums];
}

/**
 * Adds the hours' use to the meter's hourly rows, and to its daily and monthly rows by the local
 * date each hour starts on in `timeZone`: one statement per rollup, arrays bound (unnest).
 */
export async function writeUse(
  db: Queryable,
  deviceId: string,
  timeZone: string,
  hours: HourUse[],
) {
  const dayOf = (hour: HourUse) => localDateOf(Date.parse(hour.hour), timeZone);
  const rollups = [
    {
      table: useHourly,
      column: useHourly.hour,
      cast: 'timestamptz',
      sums: sumBy(hours, (h) => h.hour),
    },
    { table: useDaily, column: useDaily.day, cast: 'date', sums: sumBy(hours, dayOf) },
    {
      table: useMonthly,
      column: useMonthly.month,
      cast: 'date',
      sums: sumBy(hours, (hour) => `${dayOf(hour).slice(0, 7)}-01`),
    },
  ];
  for (const { table, column, cast, sums } of rollups) {
    await db.execute(sql`
      insert into ${table} (device_id, ${sql.identifier(column.name)}, use, estimated_use, simulated_use)
      select ${deviceId}::uuid, bucket::${sql.raw(cast)}, use, estimated, simulated
      from unnest(${sql.param(sums.map(([bucket]) => bucket))}::text[],
        ${sql.param(sums.map(([, sum]) => sum.use))}::float8[],
        ${sql.param(sums.map(([, sum]) => sum.estimated))}::float8[],
        ${sql.param(sums.map(([, sum]) => sum.simulated))}::float8[])
        as u(bucket, use, estimated, simulated)
      on conflict (device_id, ${sql.identifier(column.name)}) do update set
        use = ${table}.use + excluded.use,
        estimated_use = ${table}.estimated_use + excluded.estimated_use,
        simulated_use = ${table}.simulated_use + excluded.simulated_use`);
  }
}

/** The hours of a UTC range [from, to), as instants. */
export function hoursBetween(from: string, to: string): string[] {
  const hours: string[] = [];
  for (let ms = Date.parse(from); ms < Date.parse(to); ms += 3_600_000)
    hours.push(new Date(ms).toISOString());
  return hours;
}
