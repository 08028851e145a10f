// Test data and checks shared by the telemetry tests: a property with a gateway and meters made
// directly in the database, calls as the gateway, and the two invariants every change must keep —
// the rollups equal a full rebuild from the readings, and the stored derivations equal a full
// walk of each series.
import { readDeviceId } from '@portal/contracts/device-ids';
import type { DeviceType } from '@portal/contracts/domain';
import type { Reading } from '@portal/contracts/readings';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import {
  meterReplacements,
  readings,
  useDaily,
  useHourly,
  useMonthly,
} from '../../db/schema/telemetry';
import { createArea, createProperty } from '../../test/factories';
import { hashSecret, randomSecret } from '../auth/tokens';
import type { GatewayCaller } from '../gateways/gateway-authentication';
import { deriveUse } from './derive-use';
import { recomputeRollups } from './rollups';
import { maxPerHour } from './series-update';

let counter = 0;

/** A property (in `timeZone`) with an area and its gateway, whose key is returned once. */
export async function createMeterSite(
  db: Queryable,
  organizationId: string,
  timeZone = 'Europe/Stockholm',
) {
  const property = await createProperty(db, organizationId, { timeZone });
  const area = await createArea(db, property, { areaType: 'misc', name: 'Undercentral' });
  counter += 1;
  const key = randomSecret();
  const hex = counter.toString(16).padStart(4, '0').toUpperCase();
  const [gateway] = await db
    .insert(devices)
    .values({
      organizationId,
      propertyId: property.id,
      areaId: area.id,
      deviceType: 'gw',
      idNumber: `AA:BB:CC:DD:${hex.slice(0, 2)}:${hex.slice(2)}`,
      idKey: `hw:AA:BB:CC:DD:${hex.slice(0, 2)}:${hex.slice(2)}`,
      gatewayKeyHash: hashSecret(key),
    })
    .returning();
  if (!gateway) throw new Error('no gateway');
  const caller: GatewayCaller = {
    id: gateway.id,
    organizationId,
    propertyId: property.id,
    areaId: area.id,
    idNumber: gateway.idNumber,
  };
  return { property, area, gateway: caller, key };
}
export type MeterSite = Awaited<ReturnType<typeof createMeterSite>>;

/** A meter of the site's area; `idNumber` as typed on its form (any M-Bus form). */
export async function createMeter(
  db: Queryable,
  site: MeterSite,
  deviceType: DeviceType,
  idNumber: string,
  values: { main?: boolean; role?: 'consumption' | 'household' | 'production' } = {},
) {
  const reading = readDeviceId(deviceType, idNumber);
  if (reading.outcome !== 'fits') throw new Error(`${idNumber} is no ${deviceType} id`);
  const [meter] = await db
    .insert(devices)
    .values({
      organizationId: site.property.organizationId,
      propertyId: site.property.id,
      areaId: site.area.id,
      deviceType,
      idNumber: reading.idNumber,
      idKey: reading.key,
      main: values.main ?? false,
      role: deviceType === 'el' ? (values.role ?? 'consumption') : null,
    })
    .returning();
  if (!meter) throw new Error('no meter');
  return meter;
}

/** POST /api/ingest/readings with the gateway's key. */
export function sendReadings(
  app: FastifyInstance,
  key: string | undefined,
  body: { readings: Partial<Reading>[] } | string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/ingest/readings',
    headers: {
      'content-type': 'application/json',
      ...(key === undefined ? {} : { authorization: `Gateway ${key}` }),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Readings every `stepMinutes` from `from` with these registers. */
export function readingsEvery(
  meter: string,
  from: string,
  stepMinutes: number,
  values: number[],
  unit: Reading['unit'],
): Reading[] {
  const start = Date.parse(from);
  return values.map((value, index) => ({
    meter,
    at: new Date(start + index * stepMinutes * 60_000).toISOString(),
    value,
    unit,
  }));
}

type Bucket = { bucket: string; use: number; estimatedUse: number; simulatedUse: number };

/** A device's hourly, daily and monthly rows, in bucket order. */
export async function rollupsOf(db: Queryable, deviceId: string) {
  const [hourly, daily, monthly] = await Promise.all([
    db
      .select()
      .from(useHourly)
      .where(eq(useHourly.deviceId, deviceId))
      .orderBy(asc(useHourly.hour)),
    db.select().from(useDaily).where(eq(useDaily.deviceId, deviceId)).orderBy(asc(useDaily.day)),
    db
      .select()
      .from(useMonthly)
      .where(eq(useMonthly.deviceId, deviceId))
      .orderBy(asc(useMonthly.month)),
  ]);
  const shape = (bucket: string, row: Omit<Bucket, 'bucket'>): Bucket => ({
    bucket,
    use: row.use,
    estimatedUse: row.estimatedUse,
    simulatedUse: row.simulatedUse,
  });
  return {
    hourly: hourly.map((row) => shape(row.hour.toISOString(), row)),
    daily: daily.map((row) => shape(row.day, row)),
    monthly: monthly.map((row) => shape(row.month, row)),
  };
}

/** Rows whose sums are all (nearly) zero are no use: additive rows may keep them after a
 * correction, a rebuild does not make them. */
const meaningful = (rows: Bucket[]) =>
  rows.filter(
    (row) =>
      Math.abs(row.use) > 1e-6 ||
      Math.abs(row.estimatedUse) > 1e-6 ||
      Math.abs(row.simulatedUse) > 1e-6,
  );

function expectSameBuckets(actual: Bucket[], expected: Bucket[], what: string) {
  const kept = meaningful(actual);
  const rebuilt = meaningful(expected);
  expect(
    kept.map((row) => row.bucket),
    what,
  ).toEqual(rebuilt.map((row) => row.bucket));
  kept.forEach((row, index) => {
    const other = rebuilt[index] as Bucket;
    expect(row.use, `${what} ${row.bucket} use`).toBeCloseTo(other.use, 4);
    expect(row.estimatedUse, `${what} ${row.bucket} estimated`).toBeCloseTo(other.estimatedUse, 4);
    expect(row.simulatedUse, `${what} ${row.bucket} simulated`).toBeCloseTo(other.simulatedUse, 4);
  });
}

/**
 * The rollups the ingest kept by adding changes equal those recomputeRollups rebuilds from the
 * stored readings (which it leaves in their place: equal, as checked).
 */
export async function expectRollupsAsRebuilt(db: Queryable, deviceIds: string[]) {
  const kept = await Promise.all(deviceIds.map((id) => rollupsOf(db, id)));
  await recomputeRollups(db, deviceIds);
  const rebuilt = await Promise.all(deviceIds.map((id) => rollupsOf(db, id)));
  deviceIds.forEach((id, index) => {
    const mine = kept[index] as Awaited<ReturnType<typeof rollupsOf>>;
    const theirs = rebuilt[index] as Awaited<ReturnType<typeof rollupsOf>>;
    expectSameBuckets(mine.hourly, theirs.hourly, `hourly of ${id}`);
    expectSameBuckets(mine.daily, theirs.daily, `daily of ${id}`);
    expectSameBuckets(mine.monthly, theirs.monthly, `monthly of ${id}`);
  });
}

/** Each stored reading's interval, use, kind and gap flag equal a walk of the whole series in
 * timestamp order: however the readings arrived, the result is the same. */
export async function expectSeriesAsWalked(db: Queryable, deviceIds: string[]) {
  const meters = await db.select().from(devices).where(inArray(devices.id, deviceIds));
  for (const meter of meters) {
    const stored = await db
      .select()
      .from(readings)
      .where(eq(readings.deviceId, meter.id))
      .orderBy(asc(readings.at));
    const replacements = await db
      .select()
      .from(meterReplacements)
      .where(eq(meterReplacements.deviceId, meter.id));
    const walked = deriveUse(
      stored.map((row) => ({ atMs: row.at.getTime(), value: row.value })),
      {
        maxPerHour: maxPerHour(meter as { deviceType: 'el'; main: boolean }),
        replacements: replacements.map((row) => ({
          atMs: row.at.getTime(),
          oldFinal: row.oldFinal,
          newFirst: row.newFirst,
        })),
      },
    );
    expect(
      stored.map((row) => [
        row.at.toISOString(),
        row.prevAt?.toISOString() ?? null,
        row.use,
        row.kind,
        row.estimated,
      ]),
      `the series of ${meter.idNumber}`,
    ).toEqual(
      walked.map((row) => [
        new Date(row.atMs).toISOString(),
        row.prevAtMs === null ? null : new Date(row.prevAtMs).toISOString(),
        row.use,
        row.kind,
        row.estimated,
      ]),
    );
  }
}

/** The sum of a device's rows of a rollup table. */
export const totalOf = (rows: { use: number }[]) => rows.reduce((sum, row) => sum + row.use, 0);
