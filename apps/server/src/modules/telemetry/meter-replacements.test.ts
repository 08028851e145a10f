// Meter replacement calls (DESIGN §5 "Telemetry") on PGlite and PostgreSQL: tenancy and roles,
// what is refused (no meter, wrong unit, a time out of range, one at that time already, bad
// input), and what recording and removing one does: the readings around it derived again, the
// rollups corrected (never negative, never a spike), a device-log entry — and readings that
// arrive after it is recorded are measured across it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '../../db/schema/devices';
import { meterReplacements, readings, useDaily, useHourly } from '../../db/schema/telemetry';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  createTenancyCast,
  DEFAULT_FORBIDDEN,
  expectInvalid,
  expectRefused,
  type GuardedCall,
  ISO_TIME,
  refusals,
  type TenancyCast,
  unknownIdCalls,
} from '../../test/factories';
import { ReadingKind } from './derive-use';
import {
  createMeter,
  createMeterSite,
  expectRollupsAsRebuilt,
  expectSeriesAsWalked,
  type MeterSite,
  readingsEvery,
  rollupsOf,
  sendReadings,
  totalOf,
} from './telemetry-fixtures';

/** An electricity meter's old register, then the new meter's from 00:45. */
const OLD_THEN_NEW = [10_000, 10_001, 10_002, 5, 6];
const EXCHANGE = { at: '2026-11-22T00:40:00Z', oldFinal: 10_002.5, newFirst: 4.5, unit: 'kWh' };

describe.each(testDrivers)('meter replacements on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let site: MeterSite;
  let serial = 50_000_000;

  const db = () => subject.database.db;
  const tables = [meterReplacements, readings, useHourly, useDaily, deviceLogs];
  /** An electricity meter with the readings across its exchange. */
  const exchangedMeter = async () => {
    serial += 1;
    const meter = await createMeter(db(), site, 'el', `KAM${serial}`);
    const response = await sendReadings(subject.app, site.key, {
      readings: readingsEvery(`KAM${serial}`, '2026-11-22T00:00:00Z', 15, OLD_THEN_NEW, 'kWh'),
    });
    expect(response.json().accepted).toBe(5);
    return meter;
  };
  const record = (
    deviceId: string,
    body: object = EXCHANGE,
    caller: 'manager' | 'member' = 'manager',
  ) => cast.request(caller, 'POST', `/api/devices/${deviceId}/meter-replacements`, body);
  const kinds = async (deviceId: string) =>
    (
      await db().select().from(readings).where(eq(readings.deviceId, deviceId)).orderBy(readings.at)
    ).map((row) => row.kind);
  const total = async (deviceId: string) => totalOf((await rollupsOf(db(), deviceId)).hourly);
  const meterLog = async (deviceId: string) =>
    (await db().select().from(deviceLogs).where(eq(deviceLogs.deviceId, deviceId))).map((entry) => [
      entry.action,
      entry.meterEvent,
      entry.meterEventAt?.toISOString() ?? null,
      entry.userEmail,
    ]);

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, subject.database.db);
    site = await createMeterSite(db(), cast.organization.id);
  });
  afterAll(() => subject.close());

  // The role matrix runs on PGlite only, as every tenancy matrix does (docs/timings.md).
  if (driver === 'pglite') {
    describe('who may do what (DESIGN §5)', () => {
      let meterId: string;
      let replacementId: string;
      beforeAll(async () => {
        meterId = (await exchangedMeter()).id;
        replacementId = (await record(meterId)).json().replacement.id;
      });
      const calls: GuardedCall[] = [
        { call: 'GET', method: 'GET', url: () => `/api/devices/${meterId}/meter-replacements` },
        {
          call: 'POST',
          method: 'POST',
          url: () => `/api/devices/${meterId}/meter-replacements`,
          payload: () => ({ ...EXCHANGE, at: '2026-11-22T00:20:00Z' }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'DELETE',
          method: 'DELETE',
          url: () => `/api/meter-replacements/${replacementId}`,
          forbidden: DEFAULT_FORBIDDEN,
        },
      ];
      it.each(refusals(calls))(
        '$call as $caller: $status, and nothing changes',
        async (refusal) => {
          await expectRefused(cast, db(), tables, refusal);
        },
      );

      it.each([
        ...unknownIdCalls(
          ['GET', 'POST'],
          (id) => `/api/devices/${id}/meter-replacements`,
          () => EXCHANGE,
        ).map((call) => ({ ...call, message: 'Device not found.' })),
        ...unknownIdCalls(['DELETE'], (id) => `/api/meter-replacements/${id}`).map((call) => ({
          ...call,
          message: 'Meter replacement not found.',
        })),
      ])('$call: 404, and nothing changes', async (refusal) => {
        const response = await expectRefused(cast, db(), tables, refusal);
        expect(response.json().message).toBe(refusal.message);
      });

      it('lets a user of the organization read them', async () => {
        const response = await cast.request(
          'member',
          'GET',
          `/api/devices/${meterId}/meter-replacements`,
        );
        expect(response.statusCode).toBe(200);
        expect(response.json().replacements).toHaveLength(1);
      });
    });
  }

  it('counts use across a recorded exchange from both registers, logged, and lists it', async () => {
    const meter = await exchangedMeter();
    // Unrecorded, the new register is taken as a restart from zero: 5 kWh in 15 minutes.
    expect(await kinds(meter.id)).toEqual([1, 0, 0, ReadingKind.reset, 0]);
    expect(await total(meter.id)).toBeCloseTo(8000, 6);
    const response = await record(meter.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      replacement: {
        id: expect.any(String),
        deviceId: meter.id,
        at: '2026-11-22T00:40:00.000Z',
        oldFinal: 10_002_500,
        newFirst: 4_500,
        unit: 'Wh',
        userEmail: cast.manager.email,
        createdAt: expect.stringMatching(ISO_TIME),
      },
    });
    // 0.5 kWh of the old register's and 0.5 of the new's: 1 kWh, not 5.
    expect(await kinds(meter.id)).toEqual([1, 0, 0, ReadingKind.replacement, 0]);
    expect(await total(meter.id)).toBeCloseTo(4000, 6);
    expect(await meterLog(meter.id)).toEqual([
      ['updated', 'replacementRecorded', '2026-11-22T00:40:00.000Z', cast.manager.email],
    ]);
    const listed = await cast.request(
      'member',
      'GET',
      `/api/devices/${meter.id}/meter-replacements`,
    );
    expect(listed.json()).toEqual({ replacements: [response.json().replacement] });
    await expectSeriesAsWalked(db(), [meter.id]);
    await expectRollupsAsRebuilt(db(), [meter.id]);
  });

  it('undoes a replacement recorded by mistake', async () => {
    const meter = await exchangedMeter();
    const id = (await record(meter.id)).json().replacement.id;
    const removed = await cast.request('manager', 'DELETE', `/api/meter-replacements/${id}`);
    expect(removed.statusCode).toBe(204);
    expect(await kinds(meter.id)).toEqual([1, 0, 0, ReadingKind.reset, 0]);
    expect(await total(meter.id)).toBeCloseTo(8000, 6);
    expect(await meterLog(meter.id)).toEqual([
      ['updated', 'replacementRecorded', '2026-11-22T00:40:00.000Z', cast.manager.email],
      ['updated', 'replacementRemoved', '2026-11-22T00:40:00.000Z', cast.manager.email],
    ]);
    const again = await cast.request('manager', 'DELETE', `/api/meter-replacements/${id}`);
    expect(again.statusCode).toBe(404);
    await expectSeriesAsWalked(db(), [meter.id]);
    await expectRollupsAsRebuilt(db(), [meter.id]);
  });

  it('measures readings that arrive later across a replacement recorded first', async () => {
    serial += 1;
    const meter = await createMeter(db(), site, 'hw', `KAM${serial}`);
    const recorded = await record(meter.id, {
      at: '2026-11-22T00:40:00+01:00',
      oldFinal: 812.5,
      newFirst: 0.25,
      unit: 'm3',
    });
    expect(recorded.json().replacement).toMatchObject({
      oldFinal: 812_500,
      newFirst: 250,
      unit: 'l',
    });
    await sendReadings(subject.app, site.key, {
      readings: readingsEvery(
        `KAM${serial}`,
        '2026-11-21T23:00:00Z',
        15,
        [812, 812.4, 812.45, 0.3, 0.5],
        'm3',
      ),
    });
    // 400 l, 50 l, then 50 l of the old and 50 of the new across the exchange, then 200 l.
    expect(await kinds(meter.id)).toEqual([1, 0, 0, ReadingKind.replacement, 0]);
    expect(await total(meter.id)).toBeCloseTo(750, 6);
    expect((await rollupsOf(db(), meter.id)).hourly.every((row) => row.use >= 0)).toBe(true);
    await expectSeriesAsWalked(db(), [meter.id]);
    await expectRollupsAsRebuilt(db(), [meter.id]);
  });

  it('lists newest first, and nothing for a device that is no meter', async () => {
    const meter = await exchangedMeter();
    await record(meter.id, {
      ...EXCHANGE,
      at: '2026-11-22T00:05:00Z',
      oldFinal: 10_000.2,
      newFirst: 10_000.2,
    });
    await record(meter.id);
    const listed = await cast.request(
      'member',
      'GET',
      `/api/devices/${meter.id}/meter-replacements`,
    );
    expect(listed.json().replacements.map((r: { at: string }) => r.at)).toEqual([
      '2026-11-22T00:40:00.000Z',
      '2026-11-22T00:05:00.000Z',
    ]);
    const gateway = await cast.request(
      'member',
      'GET',
      `/api/devices/${site.gateway.id}/meter-replacements`,
    );
    expect(gateway.json()).toEqual({ replacements: [] });
    await expectRollupsAsRebuilt(db(), [meter.id]);
  });

  describe('refusals', () => {
    let meterId: string;
    let waterId: string;
    beforeAll(async () => {
      meterId = (await exchangedMeter()).id;
      waterId = (await createMeter(db(), site, 'cw', `KAM${++serial}`)).id;
    });

    it.each([
      ['a gateway', () => site.gateway.id, EXCHANGE, 409, 'NOT_A_METER'],
      ['energy for a water meter', () => waterId, EXCHANGE, 422, 'WRONG_UNIT'],
      [
        'volume for an electricity meter',
        () => meterId,
        { ...EXCHANGE, unit: 'm3' },
        422,
        'WRONG_UNIT',
      ],
      [
        'a time two days ahead',
        () => meterId,
        { ...EXCHANGE, at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
        422,
        'OUT_OF_RANGE',
      ],
      [
        'a time before 2010',
        () => meterId,
        { ...EXCHANGE, at: '2009-06-01T00:00:00Z' },
        422,
        'OUT_OF_RANGE',
      ],
    ] as const)('%s: %i %s, and nothing changes', async (_, device, body, status, code) => {
      const before = await Promise.all(tables.map((table) => db().select().from(table)));
      const response = await record(device(), body);
      expect([response.statusCode, response.json().code]).toEqual([status, code]);
      expect(await Promise.all(tables.map((table) => db().select().from(table)))).toEqual(before);
    });

    it('refuses a second replacement at the same time (409)', async () => {
      expect((await record(meterId, { ...EXCHANGE, at: '2026-11-22T00:10:00Z' })).statusCode).toBe(
        201,
      );
      const again = await record(meterId, { ...EXCHANGE, at: '2026-11-22T01:10:00+01:00' });
      expect([again.statusCode, again.json().code]).toEqual([409, 'METER_REPLACEMENT_EXISTS']);
    });

    it.each([
      [
        { ...EXCHANGE, at: '2026-11-22T00:40:00' },
        'at must be an ISO 8601 date-time with an offset',
      ],
      [{ ...EXCHANGE, oldFinal: -1 }, "The old meter's final reading cannot be negative."],
      [{ ...EXCHANGE, newFirst: 'five' }, "The new meter's first reading must be a number."],
      [{ ...EXCHANGE, unit: 'kW' }, 'unit is one of: Wh, kWh, MWh, GJ, m3, l.'],
    ])('refuses bad input (400): %j', async (payload, message) => {
      await expectInvalid(
        cast,
        db(),
        tables,
        { method: 'POST', url: `/api/devices/${meterId}/meter-replacements`, payload },
        message,
      );
    });
  });
});
