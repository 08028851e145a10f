// POST /api/ingest/readings (DESIGN §4.4, §5 "Telemetry") on PGlite and PostgreSQL: units, the
// answer's counts and codes by index, idempotency, conflicts, meters of other properties, the
// gateway key, the size limits, readings late and out of order, gaps, resets, dips, implausible
// steps and their log entries, DST days, and lastSeenAt from the newest reading. After every
// change the rollups equal a full rebuild and the series equal a full walk.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs, devices } from '../../db/schema/devices';
import { alerts, meterReplacements, readings, useHourly } from '../../db/schema/telemetry';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  bearer,
  contentsOf,
  createOrganization,
  createUser,
  signIn,
  untilWaitingForLock,
} from '../../test/factories';
import { evaluateOffline } from '../alerts/alert-rules';
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

type Answer = { accepted: number; duplicates: number; rejected: { index: number; code: string }[] };

describe.each(testDrivers)('readings from gateways on %s', (driver) => {
  let subject: TestApp;
  let site: MeterSite;
  let otherSite: MeterSite;
  let session: Record<string, string>;
  let serial = 40_000_000;

  const db = () => subject.database.db;
  /** A meter of its own for each test: tests do not see each other's readings. */
  const meter = async (type: 'heat' | 'el' | 'hw' | 'cw' = 'heat', main = false) => {
    serial += 1;
    const row = await createMeter(db(), site, type, `KAM${serial}`, { main });
    return { id: row.id, label: `KAM${serial}`, serial: String(serial) };
  };
  const send = async (body: Parameters<typeof sendReadings>[2], key = site.key) => {
    const response = await sendReadings(subject.app, key, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const stored = (deviceId: string) =>
    db().select().from(readings).where(eq(readings.deviceId, deviceId)).orderBy(asc(readings.at));
  const lastSeen = async (deviceId: string) => {
    const [row] = await db().select().from(devices).where(eq(devices.id, deviceId));
    return row?.lastSeenAt?.toISOString() ?? null;
  };
  const checkInvariants = async (...deviceIds: string[]) => {
    await expectSeriesAsWalked(db(), deviceIds);
    await expectRollupsAsRebuilt(db(), deviceIds);
  };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    const manager = await createUser(db(), { role: 'site-manager' });
    const organization = await createOrganization(db(), 'Brf Solrosen', [
      { userId: manager.id, role: 'site-manager' },
    ]);
    site = await createMeterSite(db(), organization.id);
    otherSite = await createMeterSite(db(), organization.id);
    session = bearer(await signIn(subject.app, manager.email));
  });
  afterAll(() => subject.close());

  describe('the answer', () => {
    it('stores readings in Wh and litres and answers what it kept, after the commit', async () => {
      const heat = await meter('heat');
      const water = await meter('cw');
      const answer = await send({
        readings: [
          { meter: heat.label, at: '2026-11-22T10:00:00+01:00', value: 18234.561, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-22T09:15:00Z', value: 65.6445, unit: 'GJ' },
          { meter: water.label, at: '2026-11-22T10:15:00+01:00', value: 412.332, unit: 'm3' },
          { meter: water.label, at: '2026-11-22T09:30:00Z', value: 412_400, unit: 'l' },
        ],
      });
      expect(answer).toEqual({ accepted: 4, duplicates: 0, rejected: [] });
      expect((await stored(heat.id)).map((row) => row.value)).toEqual([18_234_561, 18_234_583.333]);
      expect((await stored(water.id)).map((row) => row.value)).toEqual([412_332, 412_400]);
      // 22.333 Wh from 10:00 to 10:15 local time: the UTC hour 09:00.
      const [hour, ...others] = (await rollupsOf(db(), heat.id)).hourly;
      expect(others).toEqual([]);
      expect(hour?.bucket).toBe('2026-11-22T09:00:00.000Z');
      expect(hour?.use).toBeCloseTo(22.333, 6);
      await checkInvariants(heat.id, water.id);
    });

    it('rejects by index what it cannot keep and stores the rest', async () => {
      const heat = await meter('heat');
      const tomorrow = new Date(Date.now() + 25 * 3_600_000).toISOString();
      const foreign = await createMeter(db(), otherSite, 'heat', `KAM${++serial}`);
      const answer = await send(
        `{"readings": [
          {"meter": "${heat.label}", "at": "2026-11-22T10:15:00", "value": 1, "unit": "kWh"},
          {"meter": "${heat.label}", "at": "2026-11-22T10:15:00+01:00", "value": -1, "unit": "kWh"},
          {"meter": "${heat.label}", "at": "2026-11-22T10:15:00+01:00", "value": 1e400, "unit": "kWh"},
          {"meter": "${heat.label}", "at": "${tomorrow}", "value": 1, "unit": "kWh"},
          {"meter": "${heat.label}", "at": "1999-12-31T23:59:00Z", "value": 1, "unit": "kWh"},
          {"meter": "KAM${serial}", "at": "2026-11-22T10:15:00+01:00", "value": 1, "unit": "kWh"},
          {"meter": "${foreign.id}", "at": "2026-11-22T10:15:00+01:00", "value": 1, "unit": "kWh"},
          {"meter": "${site.gateway.id}", "at": "2026-11-22T10:15:00+01:00", "value": 1, "unit": "kWh"},
          {"meter": "99999999", "at": "2026-11-22T10:15:00+01:00", "value": 1, "unit": "kWh"},
          {"meter": "${heat.label}", "at": "2026-11-22T10:15:00+01:00", "value": 1, "unit": "m3"},
          {"meter": "${heat.label}", "at": "2026-11-22T10:30:00+01:00", "value": 1000, "unit": "kWh"}
        ]}`,
      );
      expect(answer).toEqual({
        accepted: 1,
        duplicates: 0,
        rejected: [
          { index: 0, code: 'NO_TIMEZONE' },
          { index: 1, code: 'OUT_OF_RANGE' },
          { index: 2, code: 'OUT_OF_RANGE' },
          { index: 3, code: 'OUT_OF_RANGE' },
          { index: 4, code: 'OUT_OF_RANGE' },
          { index: 5, code: 'UNKNOWN_METER' },
          { index: 6, code: 'UNKNOWN_METER' },
          { index: 7, code: 'UNKNOWN_METER' },
          { index: 8, code: 'UNKNOWN_METER' },
          { index: 9, code: 'WRONG_UNIT' },
        ],
      });
      expect(await stored(foreign.id)).toEqual([]);
      expect((await stored(heat.id)).map((row) => row.value)).toEqual([1_000_000]);
    });

    it('finds a meter by any written form of its M-Bus address, or its UUID', async () => {
      const heat = await meter('heat');
      const answer = await send({
        readings: [
          // KAM in wire order is 2D2C; version 1B, medium 04 (heat).
          { meter: `${heat.serial}2D2C1B04`, at: '2026-11-22T10:00:00Z', value: 1, unit: 'kWh' },
          { meter: `KAM${heat.serial}-1B-04`, at: '2026-11-22T10:15:00Z', value: 2, unit: 'kWh' },
          { meter: heat.serial, at: '2026-11-22T10:30:00Z', value: 3, unit: 'kWh' },
          { meter: heat.id, at: '2026-11-22T10:45:00Z', value: 4, unit: 'kWh' },
          { meter: ` kam${heat.serial} `, at: '2026-11-22T11:00:00Z', value: 5, unit: 'kWh' },
        ],
      });
      expect(answer).toEqual({ accepted: 5, duplicates: 0, rejected: [] });
    });
  });

  describe('idempotency and conflicts', () => {
    it('gives the same readings and rollups for the same batch sent five times', async () => {
      const heat = await meter('heat');
      const batch = {
        readings: readingsEvery(
          heat.label,
          '2026-11-20T22:00:00Z',
          15,
          [100, 101.5, 103, 104, 106.25, 107, 109, 110, 112],
          'kWh',
        ),
      };
      expect(await send(batch)).toEqual({ accepted: 9, duplicates: 0, rejected: [] });
      const first = await contentsOf(db(), useHourly);
      const rollups = await rollupsOf(db(), heat.id);
      for (let again = 0; again < 4; again++)
        expect(await send(batch)).toEqual({ accepted: 0, duplicates: 9, rejected: [] });
      expect(await contentsOf(db(), useHourly)).toEqual(first);
      expect(await rollupsOf(db(), heat.id)).toEqual(rollups);
      expect(totalOf(rollups.hourly)).toBeCloseTo(12_000, 6);
      expect(totalOf(rollups.daily)).toBeCloseTo(12_000, 6);
      // 22:00 UTC is 23:00 in Stockholm; from 23:00 local the use falls in the 21st.
      expect(rollups.daily.map((row) => row.bucket)).toEqual(['2026-11-20', '2026-11-21']);
      await checkInvariants(heat.id);
    });

    it('rejects another value for a stored time as CONFLICT and keeps the first, in and across calls', async () => {
      const el = await meter('el');
      await send({
        readings: readingsEvery(el.label, '2026-11-22T10:00:00Z', 15, [10, 11], 'kWh'),
      });
      const answer = await send({
        readings: [
          { meter: el.label, at: '2026-11-22T10:15:00Z', value: 11_000, unit: 'Wh' }, // same
          { meter: el.label, at: '2026-11-22T11:15:00+01:00', value: 12, unit: 'kWh' }, // same time
          { meter: el.label, at: '2026-11-22T10:30:00Z', value: 12, unit: 'kWh' },
          { meter: el.label, at: '2026-11-22T10:30:00Z', value: 12, unit: 'kWh' },
          { meter: el.label, at: '2026-11-22T10:30:00Z', value: 13, unit: 'kWh' },
        ],
      });
      expect(answer).toEqual({
        accepted: 1,
        duplicates: 2,
        rejected: [
          { index: 1, code: 'CONFLICT' },
          { index: 4, code: 'CONFLICT' },
        ],
      });
      expect((await stored(el.id)).map((row) => row.value)).toEqual([10_000, 11_000, 12_000]);
      await checkInvariants(el.id);
    });

    it('decides a batch again when a reading lands at one of its times meanwhile', async () => {
      const el = await meter('el');
      // A writer that does not lock the meter, standing in: once (a sequence counts outside the
      // transaction), just before the batch's insert, a reading at a time the walk found free.
      // Being in the batch's transaction, it goes with that transaction's rollback.
      await db().execute(sql`create sequence meanwhile_writes`);
      await db().execute(
        sql.raw(`create function write_meanwhile() returns trigger language plpgsql as $$
          begin
            if pg_trigger_depth() = 1 then
              if nextval('meanwhile_writes') = 1 then
                insert into readings (device_id, at, value)
                values ('${el.id}', '2026-11-22T10:15:00Z', 99);
              end if;
            end if;
            return null;
          end $$`),
      );
      await db().execute(sql`create trigger write_meanwhile before insert on readings
                             for each statement execute function write_meanwhile()`);
      try {
        const answer = await send({
          readings: readingsEvery(el.label, '2026-11-22T10:00:00Z', 15, [10, 11, 12], 'kWh'),
        });
        expect(answer).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
        const writes = await db().execute(
          sql`select last_value::int as last from meanwhile_writes`,
        );
        // The first try met the reading and was rolled back; the second went through.
        expect((writes as unknown as { rows: { last: number }[] }).rows).toEqual([{ last: 2 }]);
      } finally {
        await db().execute(sql`drop trigger write_meanwhile on readings`);
        await db().execute(sql`drop function write_meanwhile`);
        await db().execute(sql`drop sequence meanwhile_writes`);
      }
      expect((await stored(el.id)).map((row) => row.value)).toEqual([10_000, 11_000, 12_000]);
      await checkInvariants(el.id);
    });
  });

  describe('the gateway', () => {
    it('refuses a call without a key or with a wrong one (401), storing nothing', async () => {
      const heat = await meter('heat');
      const body = { readings: readingsEvery(heat.label, '2026-11-22T10:00:00Z', 15, [1], 'kWh') };
      const missing = await sendReadings(subject.app, undefined, body);
      expect([missing.statusCode, missing.json().code]).toEqual([401, 'GATEWAY_KEY_MISSING']);
      const wrong = await sendReadings(subject.app, 'not-a-key', body);
      expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'GATEWAY_KEY_INVALID']);
      // A person's token is no gateway key.
      const person = await subject.app.inject({
        method: 'POST',
        url: '/api/ingest/readings',
        headers: session,
        payload: body,
      });
      expect(person.statusCode).toBe(401);
      expect(await stored(heat.id)).toEqual([]);
    });

    it("answers UNKNOWN_METER to another property's gateway for this property's meters", async () => {
      const heat = await meter('heat');
      const answer = await send(
        { readings: readingsEvery(heat.label, '2026-11-22T10:00:00Z', 15, [1, 2], 'kWh') },
        otherSite.key,
      );
      expect(answer).toEqual({
        accepted: 0,
        duplicates: 0,
        rejected: [
          { index: 0, code: 'UNKNOWN_METER' },
          { index: 1, code: 'UNKNOWN_METER' },
        ],
      });
      expect(await stored(heat.id)).toEqual([]);
      // The meter was not heard from; the calling gateway was (at its arrival).
      expect(await lastSeen(heat.id)).toBeNull();
      expect(await lastSeen(otherSite.gateway.id)).not.toBeNull();
    });

    it('refuses 5 001 readings and a body over 4 MB whole, storing nothing', async () => {
      const heat = await meter('heat');
      const many = readingsEvery(heat.label, '2026-01-01T00:00:00Z', 1, Array(5001).fill(1), 'kWh');
      const tooMany = await sendReadings(subject.app, site.key, { readings: many });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().code).toBe('VALIDATION_FAILED');
      expect(tooMany.json().message).toContain('Send at most 5000 readings a call.');
      // 5 000 readings fit in far less; padding the meter's id takes a body past 4 MB.
      const padded = many
        .slice(0, 5000)
        .map((reading) => ({ ...reading, meter: `${reading.meter}${' '.repeat(800)}` }));
      const huge = await sendReadings(subject.app, site.key, { readings: padded });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
      const missing = await sendReadings(subject.app, site.key, '{"readings": []}');
      expect(missing.statusCode).toBe(400);
      expect(await stored(heat.id)).toEqual([]);
    });

    it('takes lastSeenAt from the newest reading, not the arrival, and never later than now', async () => {
      const water = await meter('hw');
      await send({
        readings: readingsEvery(water.label, '2026-11-22T10:00:00Z', 15, [1, 2], 'm3'),
      });
      expect(await lastSeen(water.id)).toBe('2026-11-22T10:15:00.000Z');
      const gatewaySeen = await lastSeen(site.gateway.id);
      expect(gatewaySeen && gatewaySeen >= '2026-11-22T10:15:00.000Z').toBe(true);
      // A buffered day arriving late does not take it back.
      await send({ readings: readingsEvery(water.label, '2026-11-21T10:00:00Z', 15, [0.5], 'm3') });
      expect(await lastSeen(water.id)).toBe('2026-11-22T10:15:00.000Z');
      // A clock an hour ahead: seen now, not in an hour.
      const before = Date.now();
      const ahead = new Date(before + 3_600_000).toISOString();
      await send({ readings: [{ meter: water.label, at: ahead, value: 3, unit: 'm3' }] });
      const seen = Date.parse((await lastSeen(water.id)) as string);
      expect(seen).toBeGreaterThanOrEqual(before - 1000);
      expect(seen).toBeLessThan(before + 60_000);
      await checkInvariants(water.id);
    });

    it('hears a gateway whose batch brings nothing new at its arrival', async () => {
      const lonely = await createMeterSite(db(), site.property.organizationId);
      expect(await lastSeen(lonely.gateway.id)).toBeNull();
      const before = Date.now();
      const answer = await send(
        { readings: [{ meter: 'KAM99999999', at: '2026-11-22T10:00:00Z', value: 1, unit: 'kWh' }] },
        lonely.key,
      );
      expect(answer.rejected).toEqual([{ index: 0, code: 'UNKNOWN_METER' }]);
      expect(Date.parse((await lastSeen(lonely.gateway.id)) as string)).toBeGreaterThanOrEqual(
        before - 1000,
      );
    });

    it("closes the offline alerts of the meter and gateway it hears from, in the batch's commit", async () => {
      const water = await meter('hw');
      // Silent for a day: the alert job has found both offline.
      await db()
        .update(devices)
        .set({ lastSeenAt: new Date(Date.now() - 86_400_000) })
        .where(inArray(devices.id, [water.id, site.gateway.id]));
      await evaluateOffline(db(), new Date(), { deviceIds: [water.id, site.gateway.id] });
      const open = () =>
        db()
          .select({ deviceId: alerts.deviceId })
          .from(alerts)
          .where(
            and(inArray(alerts.deviceId, [water.id, site.gateway.id]), isNull(alerts.endedAt)),
          );
      expect(await open()).toHaveLength(2);
      const now = new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString();
      await send({ readings: [{ meter: water.label, at: now, value: 1, unit: 'm3' }] });
      expect(await open()).toEqual([]);
    });
  });

  describe('use from registers', () => {
    it('orders late and out-of-order batches by time: the same series and rollups as in order', async () => {
      const inOrder = await meter('heat');
      const shuffled = await meter('heat');
      // Two days of 15-minute readings, sent as buffering gateways do: whole days late.
      const values = Array.from({ length: 192 }, (_, i) => 5000 + i * 1.25 + (i % 7) * 0.01);
      const of = (label: string) => readingsEvery(label, '2026-11-20T00:00:00Z', 15, values, 'kWh');
      await send({ readings: of(inOrder.label) });
      const all = of(shuffled.label);
      await send({ readings: all.slice(96) }); // the second day first
      await send({ readings: all.slice(40, 96).reverse() });
      await send({ readings: all.slice(0, 40).filter((_, i) => i % 2 === 1) });
      await send({ readings: all.slice(0, 40).filter((_, i) => i % 2 === 0) });
      const strip = (rows: Awaited<ReturnType<typeof stored>>) =>
        rows.map(({ at, value, prevAt, use, kind, estimated }) => ({
          at,
          value,
          prevAt,
          use,
          kind,
          estimated,
        }));
      expect(strip(await stored(shuffled.id))).toEqual(strip(await stored(inOrder.id)));
      const a = await rollupsOf(db(), inOrder.id);
      const b = await rollupsOf(db(), shuffled.id);
      expect(b.daily.map((row) => row.bucket)).toEqual(a.daily.map((row) => row.bucket));
      for (const [i, row] of b.hourly.entries())
        expect(row.use).toBeCloseTo(a.hourly[i]?.use as number, 6);
      expect(b.hourly.every((row) => row.estimatedUse === 0)).toBe(true);
      await checkInvariants(inOrder.id, shuffled.id);
    });

    it('spreads a gap over its hours as estimated use, replaced when the late readings come', async () => {
      const heat = await meter('heat');
      await send({
        readings: [
          { meter: heat.label, at: '2026-11-22T00:00:00Z', value: 1000, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-22T04:00:00Z', value: 1040, unit: 'kWh' },
        ],
      });
      const gap = await rollupsOf(db(), heat.id);
      expect(
        gap.hourly.map((row) => [row.bucket.slice(11, 13), row.use, row.estimatedUse]),
      ).toEqual([
        ['00', 10_000, 10_000],
        ['01', 10_000, 10_000],
        ['02', 10_000, 10_000],
        ['03', 10_000, 10_000],
      ]);
      expect(gap.daily).toEqual([
        { bucket: '2026-11-22', use: 40_000, estimatedUse: 40_000, simulatedUse: 0 },
      ]);
      // The gateway's buffer arrives: the hours are measured now, not estimated.
      await send({
        readings: readingsEvery(heat.label, '2026-11-22T01:00:00Z', 60, [1005, 1025, 1030], 'kWh'),
      });
      const filled = await rollupsOf(db(), heat.id);
      expect(filled.hourly.map((row) => [row.use, row.estimatedUse])).toEqual([
        [5_000, 0],
        [20_000, 0],
        [5_000, 0],
        [10_000, 0],
      ]);
      expect(filled.daily[0]?.use).toBeCloseTo(40_000, 6);
      expect(filled.daily[0]?.estimatedUse).toBeCloseTo(0, 6);
      await checkInvariants(heat.id);
    });

    it('ignores a dip, starts a new series at a reset, never negative use, never a spike', async () => {
      const el = await meter('el');
      const answer = await send({
        readings: readingsEvery(
          el.label,
          '2026-11-22T00:00:00Z',
          15,
          [50_000, 50_001, 49_990, 50_002, 3, 4.5],
          'kWh',
        ),
      });
      expect(answer.accepted).toBe(6);
      const rows = await stored(el.id);
      expect(rows.map((row) => row.kind)).toEqual([
        ReadingKind.first,
        ReadingKind.normal,
        ReadingKind.dip,
        ReadingKind.normal,
        ReadingKind.reset,
        ReadingKind.normal,
      ]);
      expect(rows.map((row) => row.use)).toEqual([0, 1000, 0, 1000, 3000, 1500]);
      const hourly = (await rollupsOf(db(), el.id)).hourly;
      expect(hourly.every((row) => row.use >= 0)).toBe(true);
      expect(totalOf(hourly)).toBeCloseTo(6500, 6);
      await checkInvariants(el.id);
    });

    it('keeps a step above the plausible maximum out of use and logs it once', async () => {
      const el = await meter('el');
      // 60 kW for 15 minutes is at most 15 kWh: 900 kWh is a glitch the next readings ignore.
      await send({
        readings: readingsEvery(el.label, '2026-11-22T00:00:00Z', 15, [100, 101, 1001], 'kWh'),
      });
      await send({
        readings: readingsEvery(el.label, '2026-11-22T00:45:00Z', 15, [102, 103], 'kWh'),
      });
      const rows = await stored(el.id);
      expect(rows.map((row) => row.kind)).toEqual([1, 0, ReadingKind.implausible, 0, 0]);
      expect(rows.map((row) => row.value)).toContain(1_001_000);
      expect(totalOf((await rollupsOf(db(), el.id)).hourly)).toBeCloseTo(3000, 6);
      // Sent again, decided again: no second entry.
      await send({
        readings: readingsEvery(el.label, '2026-11-22T00:30:00Z', 15, [1001], 'kWh'),
      });
      const entries = await db()
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, el.id), eq(deviceLogs.meterEvent, 'implausibleStep')));
      expect(entries).toHaveLength(1);
      const log = await subject.app.inject({
        method: 'GET',
        url: `/api/properties/${site.property.id}/device-logs?deviceId=${el.id}`,
        headers: session,
      });
      expect(log.json().entries).toMatchObject([
        {
          action: 'updated',
          deviceId: el.id,
          meterEvent: 'implausibleStep',
          meterEventAt: '2026-11-22T00:30:00.000Z',
          userId: null,
          userEmail: '',
          pinSlot: null,
          pinChange: null,
        },
      ]);
      await checkInvariants(el.id);
    });

    it('derives again as far as a late reading reaches: later readings that become dips', async () => {
      const heat = await meter('heat');
      await send({
        readings: [
          { meter: heat.label, at: '2026-11-22T00:00:00Z', value: 100, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-22T00:30:00Z', value: 200, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-22T00:45:00Z', value: 201, unit: 'kWh' },
        ],
      });
      // A reading between them above both: the two after it are dips, measured from it.
      await send({
        readings: [{ meter: heat.label, at: '2026-11-22T00:15:00Z', value: 205, unit: 'kWh' }],
      });
      expect((await stored(heat.id)).map((row) => row.kind)).toEqual([
        ReadingKind.first,
        ReadingKind.normal,
        ReadingKind.dip,
        ReadingKind.dip,
      ]);
      expect(totalOf((await rollupsOf(db(), heat.id)).hourly)).toBeCloseTo(105_000, 6);
      await checkInvariants(heat.id);
    });

    it('walks readings far apart in one batch as separate stretches, each corrected', async () => {
      const heat = await meter('heat');
      // Noon readings for ten days, then one batch: a day before them all, one between two of
      // them, and one after them (a gateway whose clock came back, and its buffer).
      const noons = readingsEvery(
        heat.label,
        '2026-11-10T12:00:00Z',
        24 * 60,
        [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000],
        'kWh',
      );
      await send({ readings: noons });
      const answer = await send({
        readings: [
          { meter: heat.label, at: '2026-11-22T12:00:00Z', value: 1200, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-09T12:00:00Z', value: 50, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-14T00:00:00Z', value: 450, unit: 'kWh' },
          { meter: heat.label, at: '2026-11-14T06:00:00Z', value: 475, unit: 'kWh' },
        ],
      });
      expect(answer).toEqual({ accepted: 4, duplicates: 0, rejected: [] });
      expect(totalOf((await rollupsOf(db(), heat.id)).hourly)).toBeCloseTo(1_150_000, 6);
      await checkInvariants(heat.id);
    });

    it('lets two batches for the same meters at once take turns, each reading kept once', async () => {
      const heat = await meter('heat');
      const water = await meter('cw');
      const day = (label: string, unit: 'kWh' | 'm3') =>
        readingsEvery(
          label,
          '2026-11-23T00:00:00Z',
          15,
          Array.from({ length: 96 }, (_, i) => 10 + i),
          unit,
        );
      const all = [...day(heat.label, 'kWh'), ...day(water.label, 'm3')];
      const answers = await Promise.all([
        send({ readings: all.filter((_, i) => i % 2 === 0) }),
        send({ readings: all.filter((_, i) => i % 3 === 0) }),
        send({ readings: all.filter((_, i) => i % 2 === 1).reverse() }),
      ]);
      expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(192);
      expect(answers.every((answer) => answer.rejected.length === 0)).toBe(true);
      expect(await stored(heat.id)).toHaveLength(96);
      expect(totalOf((await rollupsOf(db(), heat.id)).hourly)).toBeCloseTo(95_000, 6);
      await checkInvariants(heat.id, water.id);
    });

    it.runIf(driver === 'postgres')(
      'uses a replacement recorded while the batch waited for its meter',
      async () => {
        const water = await meter('hw');
        await send({
          readings: readingsEvery(water.label, '2026-11-24T00:00:00Z', 15, [100, 100.5], 'm3'),
        });
        // As recording one does (meter-replacements.service.ts): its row, then the meter's lock,
        // held while a batch after the replacement arrives and waits for it.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let lockTaken = () => {};
        const locked = new Promise<void>((resolve) => {
          lockTaken = resolve;
        });
        const recording = db().transaction(async (transaction) => {
          await transaction.insert(meterReplacements).values({
            organizationId: site.property.organizationId,
            deviceId: water.id,
            at: new Date('2026-11-24T00:20:00Z'),
            oldFinal: 100_550,
            newFirst: 10,
          });
          await transaction.execute(
            sql`select id from devices where id = ${water.id} for no key update`,
          );
          lockTaken();
          await held;
        });
        await locked;
        const batch = send({
          readings: readingsEvery(water.label, '2026-11-24T00:30:00Z', 15, [0.04, 0.05], 'm3'),
        });
        await untilWaitingForLock(db());
        release();
        await recording;
        expect(await batch).toMatchObject({ accepted: 2, rejected: [] });
        // 50 litres to the old register's end, 30 from the new one's start, then 10.
        expect((await stored(water.id)).map((row) => [row.kind, row.use])).toEqual([
          [ReadingKind.first, 0],
          [ReadingKind.normal, 500],
          [ReadingKind.replacement, 80],
          [ReadingKind.normal, 10],
        ]);
        await checkInvariants(water.id);
      },
    );

    it('lets a main meter step twenty times higher', async () => {
      const main = await meter('el', true);
      // 300 kWh in 15 minutes: 1.2 MW, a building's main supply, not a flat's.
      await send({
        readings: readingsEvery(main.label, '2026-11-22T00:00:00Z', 15, [1000, 1300], 'kWh'),
      });
      expect((await stored(main.id)).map((row) => row.use)).toEqual([0, 300_000]);
    });
  });

  describe('time zones', () => {
    /** A local day of 15-minute readings, 1 kWh each, from local midnight to the next. */
    const day = async (from: string, to: string) => {
      const heat = await meter('heat');
      const count = (Date.parse(to) - Date.parse(from)) / 900_000;
      const values = Array.from({ length: count + 1 }, (_, i) => 1000 + i);
      await send({ readings: readingsEvery(heat.label, from, 15, values, 'kWh') });
      return { heat, rollups: await rollupsOf(db(), heat.id), count };
    };

    it('has 23 hours on the spring DST day in Stockholm, the day the sum of its hours', async () => {
      const { heat, rollups, count } = await day('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z');
      expect(count).toBe(23 * 4);
      expect(rollups.hourly).toHaveLength(23);
      expect(rollups.daily.map((row) => [row.bucket, row.use])).toEqual([['2026-03-29', 92_000]]);
      expect(totalOf(rollups.hourly)).toBeCloseTo(92_000, 6);
      expect(rollups.monthly.map((row) => [row.bucket, row.use])).toEqual([['2026-03-01', 92_000]]);
      await checkInvariants(heat.id);
    });

    it('has 25 hours on the autumn DST day', async () => {
      const { heat, rollups } = await day('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
      expect(rollups.hourly).toHaveLength(25);
      expect(rollups.daily.map((row) => [row.bucket, row.use])).toEqual([['2026-10-25', 100_000]]);
      expect(totalOf(rollups.hourly)).toBeCloseTo(100_000, 6);
      await checkInvariants(heat.id);
    });

    it("takes days and months in the property's own zone", async () => {
      const tokyo = await createMeterSite(db(), site.property.organizationId, 'Asia/Tokyo');
      const heat = await createMeter(db(), tokyo, 'heat', `KAM${++serial}`);
      // 14:30–15:30 UTC on 31 January is 23:30–00:30 in Tokyo: half in January, half in February.
      await send(
        {
          readings: readingsEvery(`KAM${serial}`, '2026-01-31T14:30:00Z', 30, [0, 1, 2], 'kWh'),
        },
        tokyo.key,
      );
      const rollups = await rollupsOf(db(), heat.id);
      expect(rollups.daily.map((row) => [row.bucket, row.use])).toEqual([
        ['2026-01-31', 1000],
        ['2026-02-01', 1000],
      ]);
      expect(rollups.monthly.map((row) => row.bucket)).toEqual(['2026-01-01', '2026-02-01']);
      await checkInvariants(heat.id);
      // A site manager moves the property to Stockholm's zone: both hours are afternoon of the
      // 31st there.
      const url = `/api/properties/${tokyo.property.id}`;
      const current = (await subject.app.inject({ method: 'GET', url, headers: session })).json();
      const { name, organizationId, address, propertyType, heatingCarrier, geoFactor } = current;
      const changed = await subject.app.inject({
        method: 'PUT',
        url,
        headers: session,
        payload: {
          ...{ name, organizationId, address, propertyType, heatingCarrier, geoFactor },
          offlineAfterMinutes: current.offlineAfterMinutes,
          timeZone: 'Europe/Stockholm',
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const moved = await rollupsOf(db(), heat.id);
      expect(moved.hourly).toEqual(rollups.hourly);
      expect(moved.daily.map((row) => [row.bucket, row.use])).toEqual([['2026-01-31', 2000]]);
      expect(moved.monthly.map((row) => [row.bucket, row.use])).toEqual([['2026-01-01', 2000]]);
      await checkInvariants(heat.id);
    });
  });
});
