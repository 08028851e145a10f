// The energy summary (DESIGN §4.4 "Energy views", docs/energy.md) on PGlite and PostgreSQL, over
// rollup rows written as the ingest keeps them: worked examples with their arithmetic written out
// — district heating with hot water and Fgeo, a heat pump, solar netted hour by hour, a year
// straddling the electricity factor's change — the gaps (no Atemp, no requirement, no meters), the
// single-family size bands and the class boundaries, coverage of a running year, last12Months,
// who may read, and bad years.
import { type EnergySummary, EnergySummarySchema } from '@portal/contracts/energy-summary';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices } from '../../db/schema/devices';
import { properties } from '../../db/schema/properties';
import { useDaily, useHourly, useMonthly } from '../../db/schema/telemetry';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  createArea,
  createProperty,
  createTenancyCast,
  expectInvalid,
  expectRefused,
  type GuardedCall,
  refusals,
  type TenancyCast,
  unknownIdCalls,
} from '../../test/factories';
import { createMeter, type HourUse, writeUse } from '../statistics/test-rollups';

const ZONE = 'Europe/Stockholm';
const KWH = 1000;

/** Every local date from `from` up to (not including) `to`. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let ms = Date.parse(from); ms < Date.parse(to); ms += 86_400_000)
    dates.push(new Date(ms).toISOString().slice(0, 10));
  return dates;
}

/** One hour a day (10:00 UTC: noon in Stockholm, the same local date) carrying the day's use. */
const daily = (from: string, to: string, use: number, extra: Partial<HourUse> = {}) =>
  datesBetween(from, to).map((date) => ({ hour: `${date}T10:00:00.000Z`, use, ...extra }));

describe.each(testDrivers)('energy summary on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  const ids: Record<string, string> = {};
  let serial = 10_000_000;

  const db = () => subject.database.db;
  const summaryOf = async (name: string, query = '', caller: 'manager' | 'member' = 'manager') => {
    const response = await cast.request(
      caller,
      'GET',
      `/api/properties/${ids[name]}/energy-summary${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EnergySummary;
  };

  /** A property of the organization with a plant room, and meters in it writing use. */
  async function property(name: string, values: Partial<typeof properties.$inferInsert>) {
    const row = await createProperty(db(), cast.organization.id, { name, ...values });
    ids[name] = row.id;
    const area = await createArea(db(), row, { areaType: 'misc', name: 'Undercentral' });
    return {
      id: row.id,
      meter: async (
        meter: Omit<Parameters<typeof createMeter>[2], 'idNumber'> & { main?: boolean },
        hours: HourUse[],
      ) => {
        const created = await createMeter(db(), area, { ...meter, idNumber: `KAM${serial++}` });
        if (meter.main)
          await db().update(devices).set({ main: true }).where(eq(devices.id, created.id));
        if (hours.length > 0) await writeUse(db(), created.id, ZONE, hours);
        return created;
      },
    };
  }

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());

    // (a) Multi-dwelling, district heating, Fgeo 0.9, Atemp 2 000 m², every day of 2025.
    const a = await property('districtHeating', {
      heatingCarrier: 'district-heating',
      geoFactor: 0.9,
      heatedArea: 2000,
    });
    await a.meter({ deviceType: 'heat', main: true }, daily('2025-01-01', '2026-01-01', 382 * KWH));
    // A sub-meter under the main heat meter: its heat is inside the main meter's, left out.
    await a.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-01-01', 100 * KWH));
    await a.meter({ deviceType: 'hw' }, daily('2025-01-01', '2026-01-01', 200));
    await a.meter({ deviceType: 'hw' }, daily('2025-01-01', '2026-01-01', 200));
    await a.meter({ deviceType: 'el' }, daily('2025-01-01', '2026-01-01', 50 * KWH));
    await a.meter(
      { deviceType: 'el', role: 'household' },
      daily('2025-01-01', '2026-01-01', 100 * KWH),
    );

    // (b) Multi-dwelling, heat pump, Fgeo 1.2 (not applied), Atemp 1 000 m²: 2025, and 2020.
    const b = await property('heatPump', {
      heatingCarrier: 'heat-pump',
      geoFactor: 1.2,
      heatedArea: 1000,
    });
    await b.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-01-01', 300 * KWH));
    await b.meter({ deviceType: 'hw' }, daily('2025-01-01', '2026-01-01', 300));
    await b.meter({ deviceType: 'el' }, [
      ...daily('2020-01-01', '2021-01-01', 100 * KWH),
      ...daily('2025-01-01', '2026-01-01', 100 * KWH),
    ]);

    // (c) Commercial, district heating, Fgeo 1.0, Atemp 500 m², solar on the roof, 2025.
    const c = await property('solar', {
      propertyType: 'commercial',
      heatingCarrier: 'district-heating',
      geoFactor: 1,
      heatedArea: 500,
    });
    const days2025 = datesBetween('2025-01-01', '2026-01-01');
    const hoursOf = (uses: Record<string, number>) =>
      days2025.flatMap((date) =>
        Object.entries(uses).map(([time, use]) => ({ hour: `${date}T${time}:00.000Z`, use })),
      );
    await c.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-01-01', 100 * KWH));
    await c.meter(
      { deviceType: 'el' },
      hoursOf({ '10:00': 20 * KWH, '12:00': 8 * KWH, '22:00': 10 * KWH }),
    );
    await c.meter(
      { deviceType: 'el', role: 'production' },
      hoursOf({ '10:00': 25 * KWH, '12:00': 6 * KWH }),
    );
    await c.meter(
      { deviceType: 'el', role: 'household' },
      daily('2025-01-01', '2026-01-01', 10 * KWH),
    );

    // No Atemp yet.
    const noArea = await property('noArea', { heatedArea: null });
    await noArea.meter({ deviceType: 'heat' }, daily('2025-01-01', '2025-02-01', 1000 * KWH));

    // A single-family house (its Atemp changed by the tests), and an `other` building.
    const house = await property('house', {
      propertyType: 'single-family',
      heatingCarrier: 'heat-pump',
      heatedArea: 131,
    });
    await house.meter({ deviceType: 'el' }, daily('2025-01-01', '2025-01-02', 10_000 * KWH));
    const other = await property('other', {
      propertyType: 'other',
      heatingCarrier: 'heat-pump',
      heatedArea: 100,
    });
    await other.meter({ deviceType: 'el' }, daily('2025-01-01', '2025-01-02', 1000 * KWH));

    // District heating without a heat meter; and a property without any meter.
    const unmetered = await property('unmeteredHeat', { heatedArea: 1000 });
    await unmetered.meter({ deviceType: 'el' }, daily('2025-01-01', '2026-01-01', 10 * KWH));
    await property('empty', { heatedArea: 1000 });

    // Staircase heat meters and an el sub-meter since 2025; main meters above them installed on
    // 1 March 2026 (each reading more than the meters below it: the losses between).
    const later = await property('mainLater', {
      heatingCarrier: 'district-heating',
      geoFactor: 1,
      heatedArea: 1000,
    });
    await later.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-06-01', 40 * KWH));
    await later.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-06-01', 60 * KWH));
    await later.meter({ deviceType: 'el' }, daily('2025-01-01', '2026-06-01', 10 * KWH));
    await later.meter(
      { deviceType: 'heat', main: true },
      daily('2026-03-01', '2026-06-01', 120 * KWH),
    );
    await later.meter(
      { deviceType: 'el', main: true },
      daily('2026-03-01', '2026-06-01', 30 * KWH),
    );

    // Staircase heat meters below a main heat meter that stops reporting on 20 October 2025.
    const offline = await property('mainOffline', {
      heatingCarrier: 'district-heating',
      geoFactor: 1,
      heatedArea: 1000,
    });
    await offline.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-01-01', 40 * KWH));
    await offline.meter({ deviceType: 'heat' }, daily('2025-01-01', '2026-01-01', 60 * KWH));
    await offline.meter(
      { deviceType: 'heat', main: true },
      daily('2025-01-01', '2025-10-20', 120 * KWH),
    );
    await offline.meter({ deviceType: 'el' }, daily('2025-01-01', '2026-01-01', 10 * KWH));

    // A running year, 2026: heat every day from 1 January to 14 March, its first five days
    // interpolated; the electricity (demo data) missing 10–12 February.
    const running = await property('running', { heatedArea: 1000 });
    await running.meter({ deviceType: 'heat' }, [
      ...daily('2026-01-01', '2026-01-06', 100 * KWH, { estimated: true }),
      ...daily('2026-01-06', '2026-03-15', 100 * KWH),
    ]);
    await running.meter({ deviceType: 'el' }, [
      ...daily('2026-01-01', '2026-02-10', 50 * KWH, { simulated: true }),
      ...daily('2026-02-13', '2026-03-15', 50 * KWH, { simulated: true }),
    ]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => subject.close());

  describe('worked examples', () => {
    it('(a) district heating: hot water told apart, heating alone divided by Fgeo', async () => {
      const answer = await summaryOf('districtHeating', '?year=2025');
      // Per day: main heat meter 382 kWh (the 100 kWh sub-meter is inside it), hot water
      // 2 × 200 l = 0.4 m³ × 55 kWh/m³ = 22 kWh of it, so heating 382 − 22 = 360 kWh; building
      // electricity 50 kWh; the flats' 100 kWh left out. 2025 has 365 days:
      //   heating   365 × 360 = 131 400 kWh ÷ Fgeo 0.9 = 146 000 × VF 0.7 = 102 200
      //   hot water 365 ×  22 =   8 030 kWh            × VF 0.7 =   5 621
      //   property  365 ×  50 =  18 250 kWh            × VF 1.8 =  32 850
      // total 131 400 + 8 030 + 18 250 = 157 680 kWh; ÷ 2 000 m² = 78.84 kWh/m²
      // EP (102 200 + 5 621 + 32 850) / 2 000 = 140 671 / 2 000 = 70.3355
      // 70.3355 / 75 = 0.938: class C (≤ 1.00). EP is answered to 0.001: 70.336.
      expect(answer.byCarrier).toEqual([
        {
          carrier: 'district-heating',
          purpose: 'heating',
          energyKwh: 131_400,
          geoFactorApplied: true,
          weightingFactor: 0.7,
          weightedKwh: 102_200,
        },
        {
          carrier: 'district-heating',
          purpose: 'hotWater',
          energyKwh: 8030,
          geoFactorApplied: false,
          weightingFactor: 0.7,
          weightedKwh: 5621,
        },
        {
          carrier: 'electricity',
          purpose: 'property',
          energyKwh: 18_250,
          geoFactorApplied: false,
          weightingFactor: 1.8,
          weightedKwh: 32_850,
        },
      ]);
      expect(answer).toMatchObject({
        year: 2025,
        from: '2025-01-01',
        to: '2026-01-01',
        timeZone: ZONE,
        propertyType: 'multi-dwelling',
        heatingCarrier: 'district-heating',
        heatedArea: 2000,
        geoFactor: 0.9,
        ruleSet: { id: 'bbr-29-31', name: 'BBR 29–31', validFrom: null, validTo: null },
        totalEnergyDemandKwh: 157_680,
        averageEnergyUseKwhPerM2: 78.84,
        primaryEnergyNumber: 70.336,
        energyClass: 'C',
        requirement: { kwhPerM2: 75, propertyType: 'multi-dwelling' },
        excluded: {
          householdElectricityKwh: 36_500,
          solarProductionKwh: 0,
          solarOwnUseKwh: 0,
          solarSurplusKwh: 0,
        },
        coverage: { from: '2025-01-01', to: '2026-01-01', days: 365, missingDays: 0 },
        gaps: [],
      });
      expect(answer.classScale.map((step) => [step.energyClass, step.upToShare])).toEqual([
        ['A', 0.5],
        ['B', 0.75],
        ['C', 1],
        ['D', 1.35],
        ['E', 1.8],
        ['F', 2.35],
        ['G', null],
      ]);
      expect(answer.ruleSet.reference).toContain('BFS 2024:14');
    });

    it('(b) heat pump: its heat meters left out, electricity × 1.8, no Fgeo', async () => {
      const answer = await summaryOf('heatPump', '?year=2025');
      // The heat meter's 300 kWh a day is heat the pump made from the electricity, and the hot
      // water is inside it too: only the electricity counts, 365 × 100 = 36 500 kWh.
      //   property 36 500 kWh × VF 1.8 = 65 700 (Fgeo 1.2 not applied)
      // EP 65 700 / 1 000 = 65.7; 65.7 / 75 = 0.876: class C.
      expect(answer.byCarrier).toEqual([
        {
          carrier: 'electricity',
          purpose: 'property',
          energyKwh: 36_500,
          geoFactorApplied: false,
          weightingFactor: 1.8,
          weightedKwh: 65_700,
        },
      ]);
      expect(answer).toMatchObject({
        geoFactor: 1.2,
        totalEnergyDemandKwh: 36_500,
        averageEnergyUseKwhPerM2: 36.5,
        primaryEnergyNumber: 65.7,
        energyClass: 'C',
        coverage: { days: 365, missingDays: 0 },
        gaps: [],
      });
    });

    it('(c) solar counts only as far as it covers the hour it is made in', async () => {
      const answer = await summaryOf('solar', '?year=2025');
      // Per day: building electricity 20 + 8 + 10 = 38 kWh at 10, 12 and 22 UTC, solar 25 + 6
      // = 31 kWh at 10 and 12 UTC. Hour by hour:
      //   10: min(25, 20) = 20 own use, 5 surplus, 0 from the grid
      //   12: min(6, 8)   =  6 own use,            2 from the grid
      //   22:                                     10 from the grid
      // own use 26, surplus 5, electricity counted 12 kWh a day (netting the day's sums would
      // give 38 − 31 = 7). Over 365 days: production 11 315, own use 9 490, surplus 1 825,
      // property electricity 4 380 kWh; the flats' 10 kWh a day (3 650 kWh) left out.
      //   heating  365 × 100 = 36 500 kWh ÷ Fgeo 1.0 × VF 0.7 = 25 550
      //   property             4 380 kWh            × VF 1.8 =  7 884
      // total 40 880 kWh, ÷ 500 m² = 81.76; EP 33 434 / 500 = 66.868; requirement for
      // commercial buildings 70: 0.955, class C.
      expect(answer.excluded).toEqual({
        householdElectricityKwh: 3650,
        solarProductionKwh: 11_315,
        solarOwnUseKwh: 9490,
        solarSurplusKwh: 1825,
      });
      expect(
        answer.byCarrier.map((share) => [share.purpose, share.energyKwh, share.weightedKwh]),
      ).toEqual([
        ['heating', 36_500, 25_550],
        ['hotWater', 0, 0],
        ['property', 4380, 7884],
      ]);
      expect(answer).toMatchObject({
        totalEnergyDemandKwh: 40_880,
        averageEnergyUseKwhPerM2: 81.76,
        primaryEnergyNumber: 66.868,
        energyClass: 'C',
        requirement: { kwhPerM2: 70, propertyType: 'commercial' },
        // Every counted meter (heat, el, production) has each day: the households' are not asked.
        coverage: { missingDays: 0 },
      });
    });

    it('a year straddling 2020-09-01 weights each month with its own factor', async () => {
      const answer = await summaryOf('heatPump', '?year=2020');
      // 100 kWh a day in leap year 2020: January–August 244 days = 24 400 kWh × 1.6 = 39 040,
      // September–December 122 days = 12 200 kWh × 1.8 = 21 960; 61 000 in all.
      // EP 61 000 / 1 000 = 61.0 (one factor for the year, 1.8, would give 65.88); the factor
      // answered is the energy-weighted mean 61 000 / 36 600 = 1.6667.
      expect(answer.byCarrier).toEqual([
        expect.objectContaining({
          energyKwh: 36_600,
          weightingFactor: 1.6667,
          weightedKwh: 61_000,
        }),
      ]);
      expect(answer).toMatchObject({
        primaryEnergyNumber: 61,
        energyClass: 'C',
        coverage: { days: 366, missingDays: 0 },
      });
    });
    it('main meters installed later count from their first rows; before, the meters below them', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-06-15T10:00:00Z'));
      const answer = await summaryOf('mainLater');
      // June 2025 – May 2026: June–February (273 days) from the sub-meters, March–May (92 days)
      // from the main meters alone (today's flags alone would give March–May only):
      //   heating   273 × (40 + 60) + 92 × 120 = 27 300 + 11 040 = 38 340 kWh × VF 0.7 = 26 838
      //   property  273 × 10        + 92 × 30  =  2 730 +  2 760 =  5 490 kWh × VF 1.8 =  9 882
      // EP 36 720 / 1 000 = 36.72; every day covered, by the meters that count on it.
      expect(
        answer.byCarrier.map((share) => [share.purpose, share.energyKwh, share.weightedKwh]),
      ).toEqual([
        ['heating', 38_340, 26_838],
        ['hotWater', 0, 0],
        ['property', 5490, 9882],
      ]);
      expect(answer).toMatchObject({
        from: '2025-06-01',
        to: '2026-06-01',
        totalEnergyDemandKwh: 43_830,
        primaryEnergyNumber: 36.72,
        coverage: { days: 365, missingDays: 0 },
        gaps: [],
      });
    });
    it('a main meter that stops reporting: its days after are missing, not the meters below it', async () => {
      const answer = await summaryOf('mainOffline', '?year=2025');
      // The main meter counts from its first row on: 1 January – 19 October (292 days) × 120 =
      // 35 040 kWh. From 20 October its days are missing (12 + 30 + 31 = 73), not covered nor
      // filled by the staircase meters' 100 a day (which would give 35 040 + 73 × 100 and no gap).
      expect(answer.byCarrier.map((share) => [share.purpose, share.energyKwh])).toEqual([
        ['heating', 35_040],
        ['hotWater', 0],
        ['property', 3650],
      ]);
      expect(answer).toMatchObject({ coverage: { days: 365, missingDays: 73 } });
    });
  });

  describe('gaps', () => {
    it('without Atemp: nothing per m², no EP, no class, and the gap says why', async () => {
      const answer = await summaryOf('noArea', '?year=2025');
      // January's 31 × 1 000 kWh of heat is still the demand.
      expect(answer).toMatchObject({
        heatedArea: null,
        totalEnergyDemandKwh: 31_000,
        averageEnergyUseKwhPerM2: null,
        primaryEnergyNumber: null,
        energyClass: null,
        requirement: null,
        gaps: ['NO_HEATED_AREA'],
      });
    });

    it('single-family houses: the requirement by Atemp band, none at 50 m² or less', async () => {
      const bands: [number, number | null][] = [
        [131, 90],
        [130, 95],
        [91, 95],
        [90, 100],
        [51, 100],
        [50, null],
      ];
      for (const [heatedArea, kwhPerM2] of bands) {
        await db()
          .update(properties)
          .set({ heatedArea })
          .where(eq(properties.id, ids.house ?? ''));
        const answer = await summaryOf('house', '?year=2025');
        expect(answer.requirement?.kwhPerM2 ?? null, `${heatedArea} m²`).toBe(kwhPerM2);
        expect(answer.gaps.includes('NO_REQUIREMENT'), `${heatedArea} m²`).toBe(kwhPerM2 === null);
        // 10 000 kWh × 1.8 / Atemp: EP is there with or without a requirement, the class not.
        expect(answer.primaryEnergyNumber).toBeCloseTo(18_000 / heatedArea, 3);
        expect(answer.energyClass === null).toBe(kwhPerM2 === null);
      }
    });

    it('`other` buildings have no requirement: EP without a class', async () => {
      const answer = await summaryOf('other', '?year=2025');
      // 1 000 kWh × 1.8 / 100 m² = 18.
      expect(answer).toMatchObject({
        primaryEnergyNumber: 18,
        requirement: null,
        energyClass: null,
        gaps: ['NO_REQUIREMENT'],
      });
    });

    it("no meter of the heating carrier: no EP (the electricity alone would say 'A')", async () => {
      const answer = await summaryOf('unmeteredHeat', '?year=2025');
      expect(answer).toMatchObject({
        totalEnergyDemandKwh: 3650,
        primaryEnergyNumber: null,
        energyClass: null,
        gaps: ['NO_METERS'],
      });
      const empty = await summaryOf('empty', '?year=2025');
      expect(empty).toMatchObject({
        totalEnergyDemandKwh: 0,
        primaryEnergyNumber: null,
        gaps: ['NO_METERS'],
        // With no meter, no day is covered.
        coverage: { days: 365, missingDays: 365, estimatedShare: 0, simulatedShare: 0 },
      });
    });
  });

  describe('the class scale', () => {
    it.each([
      // 10 000 kWh × 1.8 = 18 000 weighted; EP = 18 000 / Atemp against 75.
      [480, 37.5, 'A'], // 0.50 exactly: A
      [479, 37.578, 'B'], // 0.501
      [320, 56.25, 'B'], // 0.75 exactly
      [240, 75, 'C'], // 1.00 exactly
      [239, 75.314, 'D'], // 1.004
      [140, 128.571, 'E'], // 1.714
      [110, 163.636, 'F'], // 2.182
      [100, 180, 'G'], // 2.40
    ])('Atemp %d m²: EP %d is class %s', async (heatedArea, ep, energyClass) => {
      await db()
        .update(properties)
        .set({ heatedArea, propertyType: 'multi-dwelling' })
        .where(eq(properties.id, ids.house ?? ''));
      const answer = await summaryOf('house', '?year=2025');
      expect(answer).toMatchObject({ primaryEnergyNumber: ep, energyClass });
    });
  });

  describe('coverage and the window', () => {
    it('a running year: days not yet come are missing, and the shares of estimated and demo use', async () => {
      // 12:00 in Stockholm on 15 March 2026.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-15T11:00:00Z'));
      const answer = await summaryOf('running', '?year=2026');
      // Heat 1 January – 14 March: 31 + 28 + 14 = 73 days × 100 = 7 300 kWh, 500 of it
      // estimated; electricity the same days but 10–12 February: 70 × 50 = 3 500 kWh, all demo.
      // Covered: the 70 days both have; missing 365 − 70 = 295 (13 March on, and the gap).
      // estimated 500 / 10 800 = 0.0463, simulated 3 500 / 10 800 = 0.3241.
      expect(answer.coverage).toEqual({
        from: '2026-01-01',
        to: '2027-01-01',
        days: 365,
        missingDays: 295,
        estimatedShare: 0.0463,
        simulatedShare: 0.3241,
      });
      expect(answer.totalEnergyDemandKwh).toBe(10_800);
    });

    it('last12Months (the default): the 12 whole months before this one', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-15T11:00:00Z'));
      const answer = await summaryOf('running');
      // March 2025 – February 2026: heat 1 January – 28 February 2026, 59 × 100 = 5 900 kWh;
      // electricity 59 − 3 = 56 days × 50 = 2 800 kWh; 365 days, 56 of them covered.
      expect(answer).toMatchObject({
        year: null,
        from: '2025-03-01',
        to: '2026-03-01',
        totalEnergyDemandKwh: 8700,
        coverage: { from: '2025-03-01', to: '2026-03-01', days: 365, missingDays: 309 },
      });
      expect(await summaryOf('running', '?year=last12Months')).toEqual(answer);
    });

    it('answers in the contract, which the OpenAPI document shows under energy', async () => {
      const answer = await summaryOf('solar', '?year=2025');
      expect(EnergySummarySchema.parse(answer)).toEqual(answer);
      const document = (
        await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })
      ).json();
      for (const path of [
        '/api/properties/{propertyId}/energy-summary',
        '/api/properties/{propertyId}/solar',
      ])
        expect(document.paths[path]?.get?.tags, path).toEqual(['energy']);
    });
  });

  describe('who may read (DESIGN §5)', () => {
    const calls: GuardedCall[] = [
      {
        call: 'GET /api/properties/{id}/energy-summary',
        method: 'GET',
        url: () => `/api/properties/${ids.districtHeating}/energy-summary?year=2025`,
      },
    ];
    const tables = [devices, useHourly, useDaily, useMonthly];

    it.each([
      ...refusals(calls),
      ...unknownIdCalls(['GET'], (id) => `/api/properties/${id}/energy-summary`),
    ])('$call as $caller: $status', async (refusal) => {
      await expectRefused(cast, db(), tables, refusal);
    });

    it('a user of the organization reads what a site manager reads', async () => {
      expect(await summaryOf('districtHeating', '?year=2025', 'member')).toEqual(
        await summaryOf('districtHeating', '?year=2025'),
      );
    });
  });

  describe('bad years (400, readable)', () => {
    it.each([
      ['year=1999', 'year is from 2000.'],
      ['year=3000', 'year is at most 2999.'],
      ['year=2025.5', 'year is a year or last12Months.'],
      ['year=lastYear', 'year is a year or last12Months.'],
    ])('?%s', async (query, message) => {
      await expectInvalid(
        cast,
        db(),
        [useMonthly],
        {
          method: 'GET',
          url: `/api/properties/${ids.districtHeating}/energy-summary?${query}`,
          payload: undefined,
        },
        message,
      );
    });
  });
});
