// The alert rules and their job (docs/telemetry.md "Alerts") on PGlite and PostgreSQL, judged at
// fixed times: offline after the property's threshold (never heard: from when it was added),
// doors and keypads never, heard again closes; MQTT's disconnected alerts; leaks by night (three
// nights of 02:00–05:00, the night clocks go forward too) and by 24 hours of flow, interpolated
// use no evidence, judged on what the meter has delivered; one run at a time across replicas.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client';
import { alerts } from '../../db/schema/telemetry';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../test/database';
import { createArea, createOrganization, createProperty } from '../../test/factories';
import { AlertJob, evaluateAlerts } from './alert-job';
import { evaluateHeardDevices, evaluateLeaks, evaluateOffline } from './alert-rules';
import { addDevice, HOUR, hear, hourOf, hoursFrom, MINUTE, useInHours } from './alert-test-data';
import { closeGatewayDisconnected, openGatewayDisconnected } from './alerts.repository';

/** A Thursday in November: Stockholm is at +01:00. */
const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(testDrivers)('the alert rules on %s', (driver) => {
  let database: TestDatabase;
  let organizationId: string;
  const db = () => database.db;

  /** A property of its own for each test, with one area. */
  const freshArea = async (values: { offlineAfterMinutes?: number; timeZone?: string } = {}) => {
    const property = await createProperty(db(), organizationId, values);
    return createArea(db(), property, { name: 'Tvättstugan', areaType: 'lau' });
  };
  const alertsOf = (deviceId: string) =>
    db().select().from(alerts).where(eq(alerts.deviceId, deviceId));
  const openAlertOf = async (deviceId: string, kind: 'offline' | 'leak') => {
    const [row] = await db()
      .select()
      .from(alerts)
      .where(and(eq(alerts.deviceId, deviceId), eq(alerts.kind, kind), isNull(alerts.endedAt)));
    return row;
  };

  const waterMeterOf = async (heardAt: Date) =>
    addDevice(db(), await freshArea(), 'cw', { now: heardAt, heardAgo: 0 });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    organizationId = (await createOrganization(db())).id;
  });
  afterAll(() => database.drop());

  describe('offline', () => {
    it('opens for a gateway or meter silent longer than the threshold, from when it ran out', async () => {
      const area = await freshArea();
      const gateway = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      const meter = await addDevice(db(), area, 'heat', { now: NOW, heardAgo: 3 * HOUR + MINUTE });
      const heard = await addDevice(db(), area, 'cw', { now: NOW, heardAgo: 2 * HOUR });
      await evaluateOffline(db(), NOW, { propertyId: area.propertyId });

      const alert = await openAlertOf(gateway.id, 'offline');
      expect(alert?.startedAt).toEqual(new Date(NOW.getTime() - HOUR));
      expect(alert?.details).toEqual({
        reason: 'silent',
        lastSeenAt: expect.stringMatching(/^2026-11-21T08:00:00/),
      });
      expect(alert).toMatchObject({ areaId: area.id, propertyId: area.propertyId, organizationId });
      expect((await openAlertOf(meter.id, 'offline'))?.startedAt).toEqual(
        new Date(NOW.getTime() - MINUTE),
      );
      expect(await alertsOf(heard.id)).toEqual([]);
    });

    it("takes each property's own threshold", async () => {
      const patient = await freshArea({ offlineAfterMinutes: 600 });
      const eager = await freshArea({ offlineAfterMinutes: 15 });
      const quiet4h = await addDevice(db(), patient, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      const quiet20m = await addDevice(db(), eager, 'gw', { now: NOW, heardAgo: 20 * MINUTE });
      await evaluateOffline(db(), NOW);
      expect(await openAlertOf(quiet4h.id, 'offline')).toBeUndefined();
      expect((await openAlertOf(quiet20m.id, 'offline'))?.startedAt).toEqual(
        new Date(NOW.getTime() - 5 * MINUTE),
      );
    });

    it('counts a device never heard from from when it was added; a door or keypad is never offline', async () => {
      const area = await freshArea();
      const old = await addDevice(db(), area, 'gw', { now: NOW, addedAgo: 5 * HOUR });
      const recent = await addDevice(db(), area, 'el', { now: NOW, addedAgo: HOUR });
      const door = await addDevice(db(), area, 'door', { now: NOW, addedAgo: 90 * 24 * HOUR });
      const keypad = await addDevice(db(), area, 'keypad', { now: NOW, addedAgo: 90 * 24 * HOUR });
      await evaluateOffline(db(), NOW, { propertyId: area.propertyId });
      expect(await openAlertOf(old.id, 'offline')).toMatchObject({
        startedAt: new Date(NOW.getTime() - 2 * HOUR),
        details: { reason: 'silent', lastSeenAt: null },
      });
      expect(await alertsOf(recent.id)).toEqual([]);
      expect(await alertsOf(door.id)).toEqual([]);
      expect(await alertsOf(keypad.id)).toEqual([]);
    });

    it('ends when heard from again, keeps the ended one, and opens a new one the next time', async () => {
      const area = await freshArea();
      const gateway = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      const scope = { propertyId: area.propertyId };
      expect(await evaluateOffline(db(), NOW, scope)).toEqual({ opened: 1, closed: 0 });
      // Running again changes nothing.
      expect(await evaluateOffline(db(), NOW, scope)).toEqual({ opened: 0, closed: 0 });

      const later = new Date(NOW.getTime() + 10 * MINUTE);
      await hear(db(), gateway.id, new Date(NOW.getTime() + 5 * MINUTE));
      expect(await evaluateOffline(db(), later, scope)).toEqual({ opened: 0, closed: 1 });
      expect(await alertsOf(gateway.id)).toMatchObject([{ endedAt: later }]);

      const muchLater = new Date(NOW.getTime() + 5 * HOUR);
      expect(await evaluateOffline(db(), muchLater, scope)).toEqual({ opened: 1, closed: 0 });
      const rows = await alertsOf(gateway.id);
      expect(rows.map((row) => row.startedAt).sort((a, b) => a.getTime() - b.getTime())).toEqual([
        new Date(NOW.getTime() - HOUR),
        new Date(NOW.getTime() + 5 * MINUTE + 3 * HOUR),
      ]);
    });

    it('looks only at the property named, when one is', async () => {
      const named = await freshArea();
      const other = await freshArea();
      const inNamed = await addDevice(db(), named, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      const inOther = await addDevice(db(), other, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      await evaluateOffline(db(), NOW, { propertyId: named.propertyId });
      expect(await openAlertOf(inNamed.id, 'offline')).toBeDefined();
      expect(await openAlertOf(inOther.id, 'offline')).toBeUndefined();
    });
  });

  describe("MQTT's disconnected gateway", () => {
    it('is offline at once, stays so while silent, and ends with a newer reading', async () => {
      const area = await freshArea();
      const gateway = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: MINUTE });
      expect(await openGatewayDisconnected(db(), gateway.id, NOW)).toBe(true);
      // Again while open: nothing new.
      expect(await openGatewayDisconnected(db(), gateway.id, NOW)).toBe(false);
      await evaluateOffline(db(), new Date(NOW.getTime() + 10 * MINUTE));
      expect(await openAlertOf(gateway.id, 'offline')).toMatchObject({
        startedAt: NOW,
        details: { reason: 'disconnected' },
      });

      await hear(db(), gateway.id, new Date(NOW.getTime() + 15 * MINUTE));
      await evaluateOffline(db(), new Date(NOW.getTime() + 20 * MINUTE));
      expect(await openAlertOf(gateway.id, 'offline')).toBeUndefined();
      expect(await alertsOf(gateway.id)).toMatchObject([
        { endedAt: new Date(NOW.getTime() + 20 * MINUTE) },
      ]);
    });

    it('ends when the gateway connects again; a silent one does not', async () => {
      const area = await freshArea();
      const dropped = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: MINUTE });
      const silent = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      await openGatewayDisconnected(db(), dropped.id, NOW);
      await evaluateOffline(db(), NOW, { propertyId: area.propertyId });
      // A silent gateway's alert stays what it is when its connection drops too.
      expect(await openGatewayDisconnected(db(), silent.id, NOW)).toBe(false);

      expect(await closeGatewayDisconnected(db(), dropped.id)).toBe(true);
      expect(await closeGatewayDisconnected(db(), silent.id)).toBe(false);
      expect(await openAlertOf(dropped.id, 'offline')).toBeUndefined();
      expect(await openAlertOf(silent.id, 'offline')).toMatchObject({
        details: { reason: 'silent' },
      });
    });

    it('is only for gateways', async () => {
      const area = await freshArea();
      const meter = await addDevice(db(), area, 'cw', { now: NOW, heardAgo: MINUTE });
      expect(await openGatewayDisconnected(db(), meter.id, NOW)).toBe(false);
      expect(await alertsOf(meter.id)).toEqual([]);
    });
  });

  describe('leak', () => {
    /** 02:00, 03:00 and 04:00 of a Stockholm night in November, as UTC hours. */
    const night = (date: string) => hoursFrom(new Date(`${date}T01:00:00Z`), 3);
    /** Heard at 06:00 local on the 21st: the night of the 21st is complete. */
    const AFTER_THIRD_NIGHT = new Date('2026-11-21T05:00:00Z');
    const waterMeter = async (heardAt: Date, type: 'cw' | 'hw' | 'el' = 'cw') => {
      const area = await freshArea();
      const meter = await addDevice(db(), area, type, {
        now: heardAt,
        heardAgo: 0,
      });
      return { area, meter };
    };

    it('opens for flow in every hour from 02 to 05 on three nights running, from the first 02:00', async () => {
      const { area, meter } = await waterMeter(AFTER_THIRD_NIGHT);
      await useInHours(db(), meter.id, [
        ...night('2026-11-19'),
        ...night('2026-11-20'),
        ...night('2026-11-21'),
      ]);
      expect(await evaluateLeaks(db(), NOW, { propertyId: area.propertyId })).toEqual({
        opened: 1,
        closed: 0,
      });
      expect(await openAlertOf(meter.id, 'leak')).toMatchObject({
        startedAt: new Date('2026-11-19T01:00:00Z'),
        details: { rules: ['nights'] },
        areaId: area.id,
      });
    });

    it('does not for a night with an hour without flow, or with only interpolated use', async () => {
      const gap = await waterMeter(AFTER_THIRD_NIGHT);
      await useInHours(db(), gap.meter.id, [
        ...night('2026-11-19'),
        ...night('2026-11-20').slice(0, 2),
        ...night('2026-11-21'),
      ]);
      const estimated = await waterMeter(AFTER_THIRD_NIGHT);
      await useInHours(db(), estimated.meter.id, [...night('2026-11-19'), ...night('2026-11-21')]);
      await useInHours(db(), estimated.meter.id, night('2026-11-20'), { estimated: true });
      await evaluateLeaks(db(), NOW);
      expect(await alertsOf(gap.meter.id)).toEqual([]);
      expect(await alertsOf(estimated.meter.id)).toEqual([]);
    });

    it('judges the nights complete by the newest reading, not by the clock', async () => {
      // Heard at 04:30 local: the third night is still going on, so the nights judged are the
      // 18th to the 20th, and the 18th had no flow.
      const { meter } = await waterMeter(new Date('2026-11-21T03:30:00Z'));
      await useInHours(db(), meter.id, [
        ...night('2026-11-19'),
        ...night('2026-11-20'),
        ...night('2026-11-21'),
      ]);
      await evaluateLeaks(db(), NOW);
      expect(await alertsOf(meter.id)).toEqual([]);
    });

    it('takes the night the clocks go forward as the two hours it has', async () => {
      // 29 March 2026: 02:00 becomes 03:00 in Stockholm; 03:00 and 04:00 CEST are 01 and 02 UTC.
      const { meter } = await waterMeter(new Date('2026-03-29T06:00:00Z'));
      await useInHours(db(), meter.id, [
        ...hoursFrom(new Date('2026-03-27T01:00:00Z'), 3),
        ...hoursFrom(new Date('2026-03-28T01:00:00Z'), 3),
        ...hoursFrom(new Date('2026-03-29T01:00:00Z'), 2),
      ]);
      await evaluateLeaks(db(), new Date('2026-03-29T10:00:00Z'));
      expect(await openAlertOf(meter.id, 'leak')).toMatchObject({
        startedAt: new Date('2026-03-27T01:00:00Z'),
        details: { rules: ['nights'] },
      });
    });

    it('opens for flow in every one of 24 hours running, from the first of them', async () => {
      const heardAt = new Date('2026-11-21T10:20:00Z');
      const steady = await waterMeter(heardAt, 'hw');
      await useInHours(db(), steady.meter.id, hoursFrom(new Date('2026-11-20T10:00:00Z'), 24), {
        litres: 0.5,
      });
      const paused = await waterMeter(heardAt);
      const hours = hoursFrom(new Date('2026-11-20T10:00:00Z'), 24);
      await useInHours(db(), paused.meter.id, [...hours.slice(0, 11), ...hours.slice(12)]);
      const electricity = await waterMeter(heardAt, 'el');
      await useInHours(db(), electricity.meter.id, hours, { litres: 900 });
      await evaluateLeaks(db(), NOW);
      expect(await openAlertOf(steady.meter.id, 'leak')).toMatchObject({
        startedAt: new Date('2026-11-20T10:00:00Z'),
        details: { rules: ['continuous'] },
      });
      expect(await alertsOf(paused.meter.id)).toEqual([]);
      expect(await alertsOf(electricity.meter.id)).toEqual([]);
    });

    it('names both rules when both hold, from the earlier start; ends when neither does', async () => {
      const { area, meter } = await waterMeter(AFTER_THIRD_NIGHT);
      await useInHours(db(), meter.id, [
        ...night('2026-11-19'),
        ...night('2026-11-20'),
        ...hoursFrom(hourOf(new Date(AFTER_THIRD_NIGHT.getTime() - 24 * HOUR)), 24),
      ]);
      const scope = { propertyId: area.propertyId };
      await evaluateLeaks(db(), NOW, scope);
      expect(await openAlertOf(meter.id, 'leak')).toMatchObject({
        startedAt: new Date('2026-11-19T01:00:00Z'),
        details: { rules: ['nights', 'continuous'] },
      });
      // Again: the open one stays as it began.
      expect(await evaluateLeaks(db(), NOW, scope)).toEqual({ opened: 0, closed: 0 });

      // The next night is dry and the day's hours too: heard at 06:00 on the 22nd.
      await hear(db(), meter.id, new Date('2026-11-22T05:00:00Z'));
      const later = new Date('2026-11-22T06:00:00Z');
      expect(await evaluateLeaks(db(), later, scope)).toEqual({ opened: 0, closed: 1 });
      expect(await alertsOf(meter.id)).toMatchObject([{ endedAt: later }]);
    });
  });

  describe('after an ingest, for the devices heard from', () => {
    it('ends the offline alert of one heard again and opens one for readings already too old, leaving the rest to the job', async () => {
      const area = await freshArea();
      const back = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: 4 * HOUR });
      const untouched = await addDevice(db(), area, 'heat', { now: NOW, heardAgo: 4 * HOUR });
      await evaluateOffline(db(), NOW, { propertyId: area.propertyId });
      // A gateway's buffer: its newest reading is already 5 hours old.
      const buffered = await addDevice(db(), area, 'gw', { now: NOW });
      await hear(db(), buffered.id, new Date(NOW.getTime() - 5 * HOUR));
      await hear(db(), back.id, NOW);

      expect(await evaluateHeardDevices(db(), NOW, [back.id, buffered.id])).toEqual({
        offline: { opened: 1, closed: 1 },
        leak: { opened: 0, closed: 0 },
      });
      expect(await openAlertOf(back.id, 'offline')).toBeUndefined();
      expect((await openAlertOf(buffered.id, 'offline'))?.startedAt).toEqual(
        new Date(NOW.getTime() - 2 * HOUR),
      );
      expect(await openAlertOf(untouched.id, 'offline')).toBeDefined();
      expect(await evaluateHeardDevices(db(), NOW, [])).toEqual({
        offline: { opened: 0, closed: 0 },
        leak: { opened: 0, closed: 0 },
      });
    });

    it('judges only the water meters heard from for leaks', async () => {
      const heardAt = new Date('2026-11-21T10:20:00Z');
      const hours = hoursFrom(new Date('2026-11-20T10:00:00Z'), 24);
      const touched = await waterMeterOf(heardAt);
      const other = await waterMeterOf(heardAt);
      await useInHours(db(), touched.id, hours);
      await useInHours(db(), other.id, hours);
      await evaluateHeardDevices(db(), NOW, [touched.id]);
      expect(await openAlertOf(touched.id, 'leak')).toBeDefined();
      expect(await openAlertOf(other.id, 'leak')).toBeUndefined();
    });
  });

  describe('the job', () => {
    it('runs both rules for every property, once at start and then every interval', async () => {
      const area = await freshArea();
      const now = new Date();
      const gateway = await addDevice(db(), area, 'gw', { now, heardAgo: 4 * HOUR });
      const log = { info: vi.fn(), error: vi.fn() };
      const job = new AlertJob({
        db: db(),
        log: log as never,
        intervalMs: 60_000,
      });
      job.start();
      await job.run();
      await job.stop();
      expect(await openAlertOf(gateway.id, 'offline')).toBeDefined();
      expect(log.error).not.toHaveBeenCalled();
      // Every property's: the other tests' silent devices too.
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ offline: expect.objectContaining({ closed: 0 }) }),
        'alerts opened or closed',
      );
      // Stopped: no more runs.
      await job.run();
      expect(log.info).toHaveBeenCalledTimes(1);
    });

    it('logs a failed run and does not throw: the next run tries again', async () => {
      // A database that has gone away (the failure path, not a data path).
      const gone = { transaction: () => Promise.reject(new Error('Connection terminated')) };
      const log = { info: vi.fn(), error: vi.fn() };
      const job = new AlertJob({ db: gone as never, log: log as never });
      await expect(job.run()).resolves.toBeUndefined();
      expect(log.error).toHaveBeenCalledWith(expect.anything(), 'the alert rules failed');
    });

    if (driver === 'postgres')
      it('skips a run while another replica holds the lock', async () => {
        const area = await freshArea();
        const gateway = await addDevice(db(), area, 'gw', { now: NOW, heardAgo: 4 * HOUR });
        const other = await openDatabase({ driver: 'postgres', url: database.url as string });
        try {
          let release = () => {};
          const held = new Promise<void>((resolve) => {
            release = resolve;
          });
          let claimed = () => {};
          const claim = new Promise<void>((resolve) => {
            claimed = resolve;
          });
          const holder = other.db.transaction(async (transaction) => {
            await evaluateAlerts(transaction as never, NOW);
            claimed();
            await held;
          });
          await claim;
          expect(await evaluateAlerts(db(), NOW)).toBeUndefined();
          release();
          await holder;
          expect(await openAlertOf(gateway.id, 'offline')).toBeDefined();
          // With the lock free again, a run runs.
          expect(await evaluateAlerts(db(), NOW)).toBeDefined();
        } finally {
          await other.close();
        }
      });
  });
});
