// GET /api/properties/{propertyId}/alerts and the alert parts of the property calls, on PGlite and
// PostgreSQL: who may read them, a gateway's silent meters folded into it (and listed alone while
// a gateway of their area is heard), leaks, recent history, one area, the limit; the dashboard's
// properties with open alerts; a new offline threshold counting at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/devices';
import { alerts } from '../../db/schema/telemetry';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  createArea,
  createProperty,
  createTenancyCast,
  DEFAULT_FORBIDDEN,
  expectRefused,
  refusals,
  type TenancyCast,
  unknownIdCalls,
} from '../../test/factories';
import { evaluateAlerts } from './alert-job';
import { evaluateOffline } from './alert-rules';
import { addDevice, HOUR, hourOf, hoursFrom, MINUTE, useInHours } from './alert-test-data';

type Listed = {
  id: string;
  kind: string;
  startedAt: string;
  endedAt: string | null;
  device: { id: string };
  silentMeterIds: string[];
  leakRules: string[];
  reason: string | null;
};
type Answer = { open: Listed[]; openTotal: number; recent: Listed[] };

const DAY = 24 * HOUR;

describe.each(testDrivers)('alerts on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  const now = new Date();
  const db = () => subject.database.db;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** Where the leaking meter's 24 hours of flow begin: a day before its last reading's hour. */
  const leakSince = new Date(hourOf(ago(MINUTE)).getTime() - DAY);

  let property: { id: string; organizationId: string };
  let laundry: { id: string };
  /** The laundry room: its gateway and meters silent 4 hours, a door never heard from. */
  let laundryGateway: { id: string; idNumber: string };
  let laundryMeters: string[];
  /** The entrance: its gateway heard 5 minutes ago, its electricity meter silent. */
  let entranceMeter: string;
  /** Apartment 1001: two gateways, one heard and one silent; a silent meter. */
  let apartmentSilentGateway: string;
  let apartmentMeter: string;
  /** Apartment 1002: a cold-water meter running for 24 hours. */
  let leakingMeter: string;
  /** An outage of yesterday: a gateway and its meter, ended together. */
  let pastGateway: string;
  let pastMeter: string;

  const alertsUrl = (id = property.id, query = '') => `/api/properties/${id}/alerts${query}`;
  const read = async (caller: 'manager' | 'member' = 'member', url = alertsUrl()) => {
    const response = await cast.request(caller, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const listedDevices = (list: Listed[]) => list.map((alert) => alert.device.id);

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    property = await createProperty(db(), cast.organization.id, { name: 'Solrosen 1' });
    laundry = await createArea(db(), property, { areaType: 'lau', name: 'Tvättstugan' });
    const laundryArea = { ...laundry, ...property, id: laundry.id, propertyId: property.id };
    const heardAgo = 4 * HOUR;
    laundryGateway = await addDevice(db(), laundryArea, 'gw', { now, heardAgo });
    laundryMeters = [
      (await addDevice(db(), laundryArea, 'cw', { now, heardAgo })).id,
      (await addDevice(db(), laundryArea, 'hw', { now, heardAgo: heardAgo + 15 * MINUTE })).id,
    ].sort();
    await addDevice(db(), laundryArea, 'door', { now });

    const areaOf = async (values: Parameters<typeof createArea>[2]) => {
      const area = await createArea(db(), property, values);
      return { id: area.id, propertyId: property.id, organizationId: property.organizationId };
    };
    const entrance = await areaOf({ areaType: 'ent', name: 'Entré' });
    await addDevice(db(), entrance, 'gw', { now, heardAgo: 5 * MINUTE });
    entranceMeter = (await addDevice(db(), entrance, 'el', { now, heardAgo: 5 * HOUR })).id;

    const apartment = await areaOf({ number: 1001 });
    apartmentSilentGateway = (await addDevice(db(), apartment, 'gw', { now, heardAgo })).id;
    await addDevice(db(), apartment, 'gw', { now, heardAgo: 5 * MINUTE });
    apartmentMeter = (await addDevice(db(), apartment, 'cw', { now, heardAgo })).id;

    const leaking = await areaOf({ number: 1002 });
    await addDevice(db(), leaking, 'gw', { now, heardAgo: MINUTE });
    leakingMeter = (await addDevice(db(), leaking, 'cw', { now, heardAgo: MINUTE })).id;
    // The 24 hours before the hour of its newest reading: the rule judges what a meter delivered,
    // so a run a minute into an hour must not count from now's hour.
    await useInHours(db(), leakingMeter, hoursFrom(leakSince, 24));

    // Yesterday's outage, and one of last month: history made as the rules would have left it.
    const bicycles = await areaOf({ areaType: 'bic', name: 'Cykelrum' });
    pastGateway = (await addDevice(db(), bicycles, 'gw', { now, heardAgo: MINUTE })).id;
    pastMeter = (await addDevice(db(), bicycles, 'heat', { now, heardAgo: MINUTE })).id;
    const ended = (deviceId: string, from: number, to: number) => ({
      organizationId: property.organizationId,
      propertyId: property.id,
      areaId: bicycles.id,
      deviceId,
      kind: 'offline' as const,
      startedAt: ago(from),
      endedAt: ago(to),
      details: { reason: 'silent' },
    });
    await db()
      .insert(alerts)
      .values([
        ended(pastGateway, 2 * DAY, DAY),
        ended(pastMeter, 2 * DAY + 15 * MINUTE, DAY - 5 * MINUTE),
        // Silent on its own three days ago: its gateway was heard meanwhile.
        ended(pastMeter, 4 * DAY, 3 * DAY),
        ended(pastGateway, 30 * DAY, 8 * DAY),
      ]);

    await evaluateAlerts(db(), now);
  });
  afterAll(() => subject.close());

  describe('who may read them (DESIGN §5)', () => {
    it.each(refusals([{ call: 'GET', method: 'GET', url: () => alertsUrl() }]))(
      '$call as $caller: $status, and nothing changes',
      async (refusal) => {
        await expectRefused(cast, db(), [alerts], refusal);
      },
    );

    it.each(unknownIdCalls(['GET'], (id) => `/api/properties/${id}/alerts`))(
      '$call: 404, and nothing changes',
      async (refusal) => {
        const response = await expectRefused(cast, db(), [alerts], refusal);
        expect(response.json().message).toBe('Property not found.');
      },
    );

    it('answers the site manager and the user of the organization the same', async () => {
      expect(await read('manager')).toEqual(await read('member'));
    });

    it('refuses an area that is not a UUID with 400', async () => {
      const response = await cast.request('member', 'GET', alertsUrl(property.id, '?areaId=x'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  it('lists a silent gateway with the meters of its area silent with it, from when the threshold ran out', async () => {
    const { open } = await read();
    const gateway = open.find((alert) => alert.device.id === laundryGateway.id);
    expect(gateway).toEqual({
      id: expect.any(String),
      kind: 'offline',
      startedAt: ago(HOUR).toISOString(),
      endedAt: null,
      device: {
        id: laundryGateway.id,
        deviceType: 'gw',
        idNumber: laundryGateway.idNumber,
        name: '',
        lastSeenAt: ago(4 * HOUR).toISOString(),
      },
      area: { id: laundry.id, name: 'Tvättstugan', areaType: 'lau', number: null },
      reason: 'silent',
      silentMeterIds: laundryMeters,
      leakRules: [],
    });
    // Its meters are not listed one by one; the door is no reporting device.
    for (const meter of laundryMeters) expect(listedDevices(open)).not.toContain(meter);
  });

  it('lists a meter alone while a gateway of its area is heard, and possible leaks; newest first', async () => {
    const { open, openTotal } = await read();
    expect(listedDevices(open).sort()).toEqual(
      [
        laundryGateway.id,
        entranceMeter,
        apartmentSilentGateway,
        apartmentMeter,
        leakingMeter,
      ].sort(),
    );
    expect(openTotal).toBe(5);
    const starts = open.map((alert) => alert.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(
      open.find((alert) => alert.device.id === apartmentSilentGateway)?.silentMeterIds,
    ).toEqual([]);
    expect(open.find((alert) => alert.device.id === leakingMeter)).toMatchObject({
      kind: 'leak',
      startedAt: leakSince.toISOString(),
      reason: null,
      leakRules: ['continuous'],
      silentMeterIds: [],
    });
  });

  it('keeps what ended in the last 7 days, a meter that ended with its gateway folded into it', async () => {
    const { recent } = await read();
    expect(recent).toEqual([
      expect.objectContaining({
        device: expect.objectContaining({ id: pastGateway }),
        startedAt: ago(2 * DAY).toISOString(),
        endedAt: ago(DAY).toISOString(),
        silentMeterIds: [pastMeter],
      }),
      expect.objectContaining({
        device: expect.objectContaining({ id: pastMeter }),
        endedAt: ago(3 * DAY).toISOString(),
        silentMeterIds: [],
      }),
    ]);
  });

  it('keeps one area with ?areaId=', async () => {
    const { open, recent } = await read('member', alertsUrl(property.id, `?areaId=${laundry.id}`));
    expect(listedDevices(open)).toEqual([laundryGateway.id]);
    expect(open[0]?.silentMeterIds).toEqual(laundryMeters);
    expect(recent).toEqual([]);
  });

  it('answers at most 200 open alerts and says how many there are', async () => {
    const crowded = await createProperty(db(), cast.organization.id, { name: 'Höghuset' });
    const area = await createArea(db(), crowded, { areaType: 'misc', name: 'Undercentral' });
    await addDevice(db(), { ...area, propertyId: crowded.id }, 'gw', { now, heardAgo: MINUTE });
    // 205 heat meters silent for a day, made in one statement.
    await db().execute(sql`
      insert into ${devices} (organization_id, property_id, area_id, device_type, id_number, id_key, last_seen_at)
      select ${crowded.organizationId}, ${crowded.id}, ${area.id}, 'heat', 'crowded-' || n,
             'test:crowded-' || n, ${ago(DAY).toISOString()}::timestamptz - n * interval '1 second'
      from generate_series(1, 205) n`);
    await evaluateOffline(db(), now, { propertyId: crowded.id });
    const { open, openTotal } = await read('member', alertsUrl(crowded.id));
    expect(open).toHaveLength(200);
    expect(openTotal).toBe(205);
  });

  describe("the property's answers", () => {
    it('count its devices with an open alert, meters silent with their gateway too', async () => {
      const response = await cast.request('member', 'GET', `/api/properties/${property.id}`);
      expect(response.json()).toMatchObject({
        offlineAfterMinutes: 180,
        openAlerts: { offline: 6, leak: 1 },
      });
    });

    it('list only those with open alerts with ?alerts=open, for the dashboard', async () => {
      const quiet = await createProperty(db(), cast.organization.id, { name: 'Allt väl' });
      const all = await cast.request('member', 'GET', '/api/properties');
      expect(all.json().map((item: { id: string }) => item.id)).toContain(quiet.id);
      const response = await cast.request('member', 'GET', '/api/properties?alerts=open');
      expect(response.statusCode).toBe(200);
      const listed = response.json() as { id: string; openAlerts: object }[];
      expect(listed.map((item) => item.id)).toContain(property.id);
      expect(listed.map((item) => item.id)).not.toContain(quiet.id);
      // Another organization's caller sees none of them.
      const other = await cast.request('otherMember', 'GET', '/api/properties?alerts=open');
      expect(other.json()).toEqual([]);
      const wrong = await cast.request('member', 'GET', '/api/properties?alerts=all');
      expect(wrong.statusCode).toBe(400);
    });
  });

  describe('a new offline threshold', () => {
    let settled: { id: string; organizationId: string };
    let gateway: string;
    let meter: string;
    /** The whole property as it is, with another threshold (PUT sends the whole property). */
    const setThreshold = async (caller: 'manager' | 'member', minutes: number) => {
      const current = (
        await cast.request('manager', 'GET', `/api/properties/${settled.id}`)
      ).json();
      return cast.request(caller, 'PUT', `/api/properties/${settled.id}`, {
        ...current,
        offlineAfterMinutes: minutes,
      });
    };

    beforeAll(async () => {
      settled = await createProperty(db(), cast.organization.id, { name: 'Ställbar' });
      const area = await createArea(db(), settled, { areaType: 'misc', name: 'Teknikrum' });
      const place = { ...area, propertyId: settled.id };
      gateway = (await addDevice(db(), place, 'gw', { now: new Date(), heardAgo: 2 * HOUR })).id;
      // Heard a minute ago, and flowing for the 24 hours before: the job has not run yet.
      const placedAt = new Date();
      meter = (await addDevice(db(), place, 'cw', { now: placedAt, heardAgo: MINUTE })).id;
      const heardHour = hourOf(new Date(placedAt.getTime() - MINUTE));
      await useInHours(db(), meter, hoursFrom(new Date(heardHour.getTime() - DAY), 24));
    });

    it('counts at once: a shorter one makes a device offline, a longer one online again', async () => {
      const shorter = await setThreshold('manager', 60);
      expect(shorter.statusCode, shorter.body).toBe(200);
      // Both rules ran for the property: the leak is there too.
      expect(shorter.json()).toMatchObject({
        offlineAfterMinutes: 60,
        openAlerts: { offline: 1, leak: 1 },
      });
      const offline = await read('member', alertsUrl(settled.id));
      expect(listedDevices(offline.open).sort()).toEqual([gateway, meter].sort());

      const longer = await setThreshold('manager', 240);
      expect(longer.json().openAlerts).toEqual({ offline: 0, leak: 1 });
      const online = await read('member', alertsUrl(settled.id));
      expect(listedDevices(online.open)).toEqual([meter]);
      expect(listedDevices(online.recent)).toEqual([gateway]);
    });

    it('is for site managers: a user is refused and nothing changes', async () => {
      const before = await read('member', alertsUrl(settled.id));
      const response = await setThreshold('member', 15);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(DEFAULT_FORBIDDEN);
      expect(await read('member', alertsUrl(settled.id))).toEqual(before);
    });
  });
});
