// GET /api/energy-overview on PGlite and PostgreSQL: this month from its 1st to today against the
// same days a year earlier, per type (solar apart from el, a flat's electricity in el), the days
// after today and before the 1st left out, estimated and simulated flags, null without last year,
// a property without meters, the order asked for, and nothing of another organization's.
import type { EnergyOverview } from '@portal/contracts/energy-overview';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  createArea,
  createProperty,
  createTenancyCast,
  type TenancyCast,
} from '../../test/factories';
import { createMeter, writeUse } from '../statistics/test-rollups';

const ZONE = 'Europe/Stockholm';
/** 24 November 2026, 00:30 in Stockholm: the month so far is 1–23 November and no hour of the
 * 24th yet (its noon, written below, is still to come). */
const NOW = '2026-11-23T23:30:00Z';

/** Noon of a local November day of a year, as a UTC hour. */
const noon = (year: number, day: number) => new Date(Date.UTC(year, 10, day, 11)).toISOString();

describe.each(testDrivers)('energy overview on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let solrosen: { id: string; organizationId: string };
  let empty: { id: string };
  let foreign: { id: string };
  const db = () => subject.database.db;
  const overview = async (ids: string[], caller: 'member' | 'otherManager' = 'member') => {
    const response = await cast.request(
      caller,
      'GET',
      `/api/energy-overview?propertyIds=${ids.join(',')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EnergyOverview;
  };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    solrosen = await createProperty(db(), cast.organization.id, { name: 'Solrosen 1' });
    empty = await createProperty(db(), cast.organization.id, { name: 'Tom' });
    foreign = await createProperty(db(), cast.otherOrganization.id, { name: 'Grannen' });
    const area = {
      ...(await createArea(db(), solrosen, { number: 1001 })),
      propertyId: solrosen.id,
    };
    const heat = await createMeter(db(), area, { deviceType: 'heat', idNumber: '60000001' });
    const flat = await createMeter(db(), area, {
      deviceType: 'el',
      idNumber: '20000001',
      role: 'household',
    });
    // The building's main electricity meter is no meter above the flat's (roles are apart).
    const building = await createMeter(db(), area, {
      deviceType: 'el',
      idNumber: '20000002',
      main: true,
    });
    const solar = await createMeter(db(), area, {
      deviceType: 'el',
      idNumber: '20000003',
      role: 'production',
    });
    const water = await createMeter(db(), area, { deviceType: 'hw', idNumber: '70000001' });
    // Heat: 1–23 November 2026, 10 kWh a day = 230 kWh; 1–23 November 2025, 8 kWh a day = 184
    // kWh. Left out: 31 October, the 24th's noon (not come at 00:30) and 25 November.
    const days = (year: number, from: number, to: number, use: number, flags = {}) =>
      Array.from({ length: to - from + 1 }, (_, index) => ({
        hour: noon(year, from + index),
        use,
        ...flags,
      }));
    await writeUse(db(), heat.id, ZONE, [
      ...days(2026, 1, 24, 10_000),
      ...days(2025, 1, 24, 8_000),
      { hour: '2026-10-31T11:00:00Z', use: 99_000 },
      { hour: noon(2025, 25), use: 99_000 },
      { hour: noon(2026, 25), use: 99_000 },
    ]);
    // Electricity: the flat's 2 kWh and the building's 3 kWh on 2 November 2026, estimated; the
    // building's 4 kWh on 2 November 2025. Solar: 6 kWh on 3 November 2026, simulated, none in
    // 2025. Hot water: 150 litres on 1 November 2026 only.
    await writeUse(db(), flat.id, ZONE, [{ hour: noon(2026, 2), use: 2_000, estimated: true }]);
    await writeUse(db(), building.id, ZONE, [
      { hour: noon(2026, 2), use: 3_000 },
      { hour: noon(2025, 2), use: 4_000 },
    ]);
    await writeUse(db(), solar.id, ZONE, [{ hour: noon(2026, 3), use: 6_000, simulated: true }]);
    await writeUse(db(), water.id, ZONE, [{ hour: noon(2026, 1), use: 150 }]);
    // Cold water: the main meter's 1 000 litres count, not the flat's 300 below it as well.
    const mainWater = await createMeter(db(), area, {
      deviceType: 'cw',
      idNumber: '80000001',
      main: true,
    });
    const flatWater = await createMeter(db(), area, { deviceType: 'cw', idNumber: '80000002' });
    await writeUse(db(), mainWater.id, ZONE, [{ hour: noon(2026, 4), use: 1_000 }]);
    await writeUse(db(), flatWater.id, ZONE, [{ hour: noon(2026, 4), use: 300 }]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => subject.close());

  it('answers this month so far against the same days a year earlier, per type', async () => {
    const { properties } = await overview([solrosen.id]);
    expect(properties).toEqual([
      {
        propertyId: solrosen.id,
        month: {
          from: '2026-11-01',
          to: '2026-11-25',
          lastYearFrom: '2025-11-01',
          lastYearTo: '2025-11-25',
        },
        byType: [
          {
            type: 'heat',
            unit: 'Wh',
            thisMonth: 230_000,
            lastYear: 184_000,
            change: 0.25,
            estimated: false,
            simulated: false,
          },
          // The flat's electricity counts as electricity used; 5 kWh against 4.
          {
            type: 'el',
            unit: 'Wh',
            thisMonth: 5_000,
            lastYear: 4_000,
            change: 0.25,
            estimated: true,
            simulated: false,
          },
          {
            type: 'hw',
            unit: 'l',
            thisMonth: 150,
            lastYear: null,
            change: null,
            estimated: false,
            simulated: false,
          },
          {
            type: 'cw',
            unit: 'l',
            thisMonth: 1_000,
            lastYear: null,
            change: null,
            estimated: false,
            simulated: false,
          },
          {
            type: 'solar',
            unit: 'Wh',
            thisMonth: 6_000,
            lastYear: null,
            change: null,
            estimated: false,
            simulated: true,
          },
        ],
        energyClass: null,
        primaryEnergyNumber: null,
      },
    ]);
  });

  it("counts today's complete hours in the property's time zone, and the same hours a year earlier", async () => {
    // 13:30 on 1 November: the 1st's noon hour (12:00–13:00) is complete, this year and last.
    vi.setSystemTime(new Date('2026-11-01T12:30:00Z'));
    const [glance] = (await overview([solrosen.id])).properties;
    expect(glance?.month).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
      lastYearFrom: '2025-11-01',
      lastYearTo: '2025-11-02',
    });
    const heat = () => glance?.byType.find((use) => use.type === 'heat');
    expect(heat()).toMatchObject({ thisMonth: 10_000, lastYear: 8_000 });
    // 12:30: the noon hour is under way, then as a year earlier: nothing to show or compare yet.
    vi.setSystemTime(new Date('2026-11-01T11:30:00Z'));
    const [early] = (await overview([solrosen.id])).properties;
    expect(early?.byType.find((use) => use.type === 'heat')).toMatchObject({
      thisMonth: 0,
      lastYear: null,
      change: null,
    });
  });

  it('a main meter installed this year: the same days a year earlier from the meters below it', async () => {
    const property = await createProperty(db(), cast.organization.id, { name: 'Nytt huvud' });
    const area = { ...(await createArea(db(), property, { number: 1 })), propertyId: property.id };
    const novemberNoons = (year: number, use: number) =>
      Array.from({ length: 23 }, (_, index) => ({ hour: noon(year, index + 1), use }));
    // Two staircases' heat meters since 2025 (3 and 5 kWh a day), still read; the main heat
    // meter above them since June 2026 (12 kWh a day: the losses between).
    for (const [idNumber, use] of [
      ['61000001', 3_000],
      ['61000002', 5_000],
    ] as const) {
      const meter = await createMeter(db(), area, { deviceType: 'heat', idNumber });
      await writeUse(db(), meter.id, ZONE, [
        ...novemberNoons(2025, use),
        ...novemberNoons(2026, use),
      ]);
    }
    const main = await createMeter(db(), area, {
      deviceType: 'heat',
      idNumber: '61000003',
      main: true,
    });
    await writeUse(db(), main.id, ZONE, [
      { hour: '2026-06-15T10:00:00Z', use: 12_000 },
      ...novemberNoons(2026, 12_000),
    ]);
    const [glance] = (await overview([property.id])).properties;
    // 1–23 November 2026: the main meter's 23 × 12 000 = 276 000, not the staircases' as well;
    // the same days of 2025: the staircases' 23 × 8 000 = 184 000 (today's flags alone would
    // count the main meter then, which had nothing: no comparison).
    expect(glance?.byType).toEqual([
      {
        type: 'heat',
        unit: 'Wh',
        thisMonth: 276_000,
        lastYear: 184_000,
        change: 0.5,
        estimated: false,
        simulated: false,
      },
    ]);
  });

  it('answers in the order asked, a property without meters with no types, and leaves out what the caller cannot see', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const { properties } = await overview([empty.id, foreign.id, unknown, solrosen.id]);
    expect(properties.map((glance) => glance.propertyId)).toEqual([empty.id, solrosen.id]);
    expect(properties[0]?.byType).toEqual([]);
    // Another organization's manager learns nothing of Solrosen 1.
    expect((await overview([solrosen.id], 'otherManager')).properties).toEqual([]);
  });

  it('gives each property the energy class of its last 12 months, read together', async () => {
    // November 2025 – October 2026, district heating, Fgeo 1, Atemp 1 000 m², no hot-water meter
    // (all heat is heating): EP = heat × 0.7 / 1 000. Björken: 60 000 kWh → EP 42, 42 / 75 = 0.56
    // of the requirement → B. Eken: 120 000 kWh → EP 84, 1.12 → D.
    const classOf = async (name: string, heatKwh: number) => {
      const property = await createProperty(db(), cast.organization.id, {
        name,
        heatedArea: 1000,
        heatingCarrier: 'district-heating',
        geoFactor: 1,
      });
      const area = {
        ...(await createArea(db(), property, { number: 1 })),
        propertyId: property.id,
      };
      const heat = await createMeter(db(), area, {
        deviceType: 'heat',
        idNumber: `6${name.length}000001`,
      });
      const months = Array.from({ length: 12 }, (_, index) =>
        new Date(Date.UTC(2025, 10 + index, 15, 11)).toISOString(),
      );
      await writeUse(
        db(),
        heat.id,
        ZONE,
        months.map((hour) => ({ hour, use: (heatKwh * 1000) / 12 })),
      );
      return property.id;
    };
    const birch = await classOf('Björken', 60_000);
    const oak = await classOf('Eken', 120_000);
    const { properties } = await overview([birch, oak, solrosen.id]);
    expect(
      properties.map(({ energyClass, primaryEnergyNumber }) => ({
        energyClass,
        primaryEnergyNumber,
      })),
    ).toEqual([
      { energyClass: 'B', primaryEnergyNumber: 42 },
      { energyClass: 'D', primaryEnergyNumber: 84 },
      // Solrosen 1 has no Atemp: no energy figure per m², no class.
      { energyClass: null, primaryEnergyNumber: null },
    ]);
  });

  it('refuses a caller who is not signed in, and ids that are not a list of property ids', async () => {
    const anonymous = await cast.request(
      'anonymous',
      'GET',
      `/api/energy-overview?propertyIds=${solrosen.id}`,
    );
    expect(anonymous.statusCode).toBe(401);
    for (const query of [
      '',
      '?propertyIds=',
      '?propertyIds=x',
      `?propertyIds=${Array(51)
        .fill(0)
        .map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
        .join(',')}`,
    ]) {
      const response = await cast.request('member', 'GET', `/api/energy-overview${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
