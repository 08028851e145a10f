// The usage estimate (DESIGN §4.4 "Energy views", docs/energy.md "Usage estimate") on PGlite and
// PostgreSQL, over daily rollups written as the ingest keeps them (test-rollups.ts). Worked
// examples with their arithmetic: a year projected from last year's profile (the band from the
// spread of the monthly ratios, or at least ± 5 %), a gap in this year's use projected rather than
// counted as nothing, the rate so far without last year, `none` without any use, a month, costs
// with their fixed part, last year at today's prices, a window that is over; then who may read it
// and bad queries. The service runs on a clock the test sets; the HTTP calls ask for a past year,
// which stays past whatever day the tests run on.
import {
  type UsageEstimate,
  UsageEstimateSchema,
  type UsageEstimateType,
} from '@portal/contracts/usage-estimate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client';
import { propertyPrices } from '../../db/schema/prices';
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
import { createMeter, writeUse } from '../statistics/test-rollups';
import { UsageEstimateService } from './usage-estimate.service';

const ZONE = 'Europe/Stockholm';
/** 1 April 2026, noon in Stockholm: January to March are measured, today and on are to come. */
const APRIL_1ST = Date.parse('2026-04-01T10:00:00Z');
/** 11 March 2026: the 1st to the 10th measured. */
const MARCH_11TH = Date.parse('2026-03-11T10:00:00Z');
/** The spread of the monthly ratios 0.9, 1.0 and 1.1: √((0.1² + 0² + 0.1²) / 3) ≈ 0.0816. */
const SPREAD = Math.sqrt(0.02 / 3);

/** Every local date of [from, to). */
function days(from: string, to: string): string[] {
  const list: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms < Date.parse(`${to}T00:00:00Z`); ms += 864e5)
    list.push(new Date(ms).toISOString().slice(0, 10));
  return list;
}

/** One hour of use on each day (10:00 UTC is 11:00 or 12:00 in Stockholm: the same date). */
async function writeDays(
  db: Queryable,
  meterId: string,
  from: string,
  to: string,
  usePerDay: (day: string) => number,
) {
  await writeUse(
    db,
    meterId,
    ZONE,
    days(from, to).map((day) => ({ hour: `${day}T10:00:00Z`, use: usePerDay(day) })),
  );
}

const typeOf = (answer: UsageEstimate, type: string) => {
  const found = answer.types.find((entry) => entry.type === type);
  if (!found) throw new Error(`no ${type} in ${JSON.stringify(answer.types.map((t) => t.type))}`);
  return found;
};
const bucket = (type: UsageEstimateType, start: string) =>
  type.buckets.find((entry) => entry.start === start);

describe.each(testDrivers)('usage estimate on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  /** Heat and electricity with last year's profile (and solar, which is no use). */
  let profiled: string;
  /** Heat with February missing this year. */
  let gapped: string;
  /** Cold water since this year only, and a hot-water meter that never sent anything. */
  let newcomer: string;

  const db = () => subject.database.db;
  const estimate = async (
    propertyId: string,
    now: number,
    query: { year?: number; month?: string } = {},
  ) => {
    const service = new UsageEstimateService(subject.app.portal, { now: () => now });
    const answer = await service.ofProperty(
      { userId: cast.member.id, role: 'user' },
      propertyId,
      query,
    );
    // What the route would send: the contract holds.
    return UsageEstimateSchema.parse(answer);
  };
  const setPrices = (propertyId: string, byType: object) =>
    cast
      .request('manager', 'PUT', `/api/properties/${propertyId}/prices`, {
        currency: 'SEK',
        byType,
      })
      .then((response) => expect(response.statusCode, response.body).toBe(200));

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());

    const first = await createProperty(db(), cast.organization.id, { name: 'Profilen' });
    profiled = first.id;
    const plant = await createArea(db(), first, { areaType: 'misc' });
    const heat = await createMeter(db(), plant, { deviceType: 'heat', idNumber: 'KAM70112233' });
    // 2025: 2000 Wh a day in January to March, 1000 from April: 90 × 2000 + 275 × 1000 = 455 000.
    await writeDays(db(), heat.id, '2025-01-01', '2026-01-01', (day) =>
      day < '2025-04-01' ? 2000 : 1000,
    );
    // 2026: January 0.9 of last year, February 1.0, March 1.1 (then nothing: it has not come).
    await writeDays(db(), heat.id, '2026-01-01', '2026-04-01', (day) =>
      day < '2026-02-01' ? 1800 : day < '2026-03-01' ? 2000 : 2200,
    );
    // Electricity used: the building's 300 + a flat's 200 a day in 2025, 270 + 180 in 2026.
    const el = await createMeter(db(), plant, { deviceType: 'el', idNumber: 'KAM81234567' });
    const flat = await createMeter(db(), plant, {
      deviceType: 'el',
      idNumber: 'KAM50001001',
      role: 'household',
    });
    const solar = await createMeter(db(), plant, {
      deviceType: 'el',
      idNumber: 'ELV30012345',
      role: 'production',
    });
    await writeDays(db(), el.id, '2025-01-01', '2026-01-01', () => 300);
    await writeDays(db(), flat.id, '2025-01-01', '2026-01-01', () => 200);
    await writeDays(db(), el.id, '2026-01-01', '2026-04-01', () => 270);
    await writeDays(db(), flat.id, '2026-01-01', '2026-04-01', () => 180);
    await writeDays(db(), solar.id, '2025-01-01', '2026-04-01', () => 1000);

    const second = await createProperty(db(), cast.organization.id, { name: 'Glappet' });
    gapped = second.id;
    const room = await createArea(db(), second, { areaType: 'misc' });
    const gappedHeat = await createMeter(db(), room, {
      deviceType: 'heat',
      idNumber: 'KAM70112234',
    });
    // 2025: 1000 a day, but for 1–10 January and 25–31 December, which never arrived: 348 days.
    // 2026: 1100 a day in January and March; February never arrived.
    await writeDays(db(), gappedHeat.id, '2025-01-11', '2025-12-25', () => 1000);
    await writeDays(db(), gappedHeat.id, '2026-01-01', '2026-02-01', () => 1100);
    await writeDays(db(), gappedHeat.id, '2026-03-01', '2026-04-01', () => 1100);
    // Cold water since this year only: a priced type without last year.
    const gappedCw = await createMeter(db(), room, { deviceType: 'cw', idNumber: 'AXI70001002' });
    await writeDays(db(), gappedCw.id, '2026-01-01', '2026-04-01', () => 100);

    const third = await createProperty(db(), cast.organization.id, { name: 'Nybygget' });
    newcomer = third.id;
    const flatArea = await createArea(db(), third, { areaType: 'apt', number: 1001 });
    const cw = await createMeter(db(), flatArea, { deviceType: 'cw', idNumber: 'AXI70001001' });
    await createMeter(db(), flatArea, { deviceType: 'hw', idNumber: 'AXI60001001' });
    // 300 litres a day since New Year 2026, nothing before.
    await writeDays(db(), cw.id, '2026-01-01', '2026-04-01', () => 300);

    await setPrices(profiled, {
      heat: { perUnit: 0.8, unit: 'kWh', fixedPerMonth: 500 },
      el: { perUnit: 2, unit: 'kWh', fixedPerMonth: 100 },
    });
    await setPrices(gapped, {
      heat: { perUnit: 1, unit: 'kWh', fixedPerMonth: 0 },
      cw: { perUnit: 50, unit: 'm3', fixedPerMonth: 0 },
    });
    await setPrices(newcomer, {
      cw: { perUnit: 45, unit: 'm3', fixedPerMonth: 0 },
      hw: { perUnit: 40, unit: 'm3', fixedPerMonth: 50 },
    });
  });
  afterAll(() => subject.close());

  describe('a year from last year’s profile (1 April 2026)', () => {
    let answer: UsageEstimate;
    beforeAll(async () => {
      answer = await estimate(profiled, APRIL_1ST);
    });

    it('is this year by default, measured up to today', () => {
      expect(answer).toMatchObject({
        period: 'year',
        from: '2026-01-01',
        to: '2027-01-01',
        toDate: '2026-04-01',
        timeZone: ZONE,
        currency: 'SEK',
      });
      // Heat and electricity used; solar production is no type of its own here.
      expect(answer.types.map((type) => type.type)).toEqual(['heat', 'el']);
    });

    it('projects heat by the ratio to last year, with the monthly ratios’ spread as its band', () => {
      const heat = typeOf(answer, 'heat');
      // To date: 31 × 1800 + 28 × 2000 + 31 × 2200 = 55 800 + 56 000 + 68 200 = 180 000.
      expect(heat.toDate).toBe(180_000);
      // r = 180 000 / (90 × 2000) = 1: the rest is last year's April to December, 275 000.
      expect(heat.method).toBe('lastYearProfile');
      expect(heat.projected.value).toBe(455_000);
      // Band r ± 0.0816 (the ratios 0.9, 1.0, 1.1 spread more than 5 %), on the rest only.
      expect(heat.projected.low).toBeCloseTo(180_000 + 275_000 * (1 - SPREAD), 3); // 432 546.344
      expect(heat.projected.high).toBeCloseTo(180_000 + 275_000 * (1 + SPREAD), 3); // 477 453.656
      expect(heat.lastYear).toBe(455_000);
      expect(heat.unit).toBe('Wh');
    });

    it('gives each month its measured use, its projection until it is over, and last year’s', () => {
      const heat = typeOf(answer, 'heat');
      expect(heat.buckets.map((entry) => entry.start)).toEqual(
        days('2026-01-01', '2027-01-01').filter((day) => day.endsWith('-01')),
      );
      expect(bucket(heat, '2026-01-01')).toEqual({
        start: '2026-01-01',
        actual: 55_800, // 31 × 1800
        projected: null,
        lastYear: 62_000, // 31 × 2000
        estimated: false,
        simulated: false,
      });
      // April has not begun (today is its first day, not yet measured): 30 × 1000 × r.
      expect(bucket(heat, '2026-04-01')).toMatchObject({ actual: null, lastYear: 30_000 });
      expect(bucket(heat, '2026-04-01')?.projected?.value).toBe(30_000);
      expect(bucket(heat, '2026-04-01')?.projected?.low).toBeCloseTo(30_000 * (1 - SPREAD), 3);
    });

    it('counts the household’s electricity with the building’s, never solar, and keeps ± 5 % at least', () => {
      const el = typeOf(answer, 'el');
      // To date 90 × (270 + 180) = 40 500; last year 365 × (300 + 200) = 182 500.
      expect(el.toDate).toBe(40_500);
      expect(el.lastYear).toBe(182_500);
      // r = 40 500 / (90 × 500) = 0.9; the rest 275 × 500 × 0.9 = 123 750 → 164 250.
      expect(el.projected.value).toBe(164_250);
      // Every month's ratio is 0.9 (spread 0): the band is 0.9 ± 0.045, the rest × 0.95 … 1.05.
      expect(el.projected.low).toBeCloseTo(40_500 + 123_750 * 0.95, 3); // 158 062.5
      expect(el.projected.high).toBeCloseTo(40_500 + 123_750 * 1.05, 3); // 170 437.5
    });

    it('costs use at the prices, with the fixed part of the months begun or all twelve', () => {
      const heat = typeOf(answer, 'heat');
      // 180 kWh × 0.80 = 144, plus 500 for each of January to April (April has begun) = 2 144.
      expect(heat.cost?.toDate).toBeCloseTo(2144, 2);
      // 455 kWh × 0.80 = 364, plus 12 × 500 = 6 364; last year's 455 kWh at today's price the same.
      expect(heat.cost?.projected.value).toBeCloseTo(6364, 2);
      expect(heat.cost?.lastYear).toBeCloseTo(6364, 2);
      expect(heat.cost?.projected.low).toBeCloseTo(
        ((180_000 + 275_000 * (1 - SPREAD)) / 1000) * 0.8 + 6000, // 6 346.04
        2,
      );
      const el = typeOf(answer, 'el');
      // 40.5 kWh × 2 = 81, plus 4 × 100 = 481; projected 164.25 × 2 + 1200 = 1 528.50;
      // last year 182.5 × 2 + 1200 = 1 565.
      expect(el.cost?.toDate).toBeCloseTo(481, 2);
      expect(el.cost?.projected.value).toBeCloseTo(1528.5, 2);
      expect(el.cost?.lastYear).toBeCloseTo(1565, 2);
      // The two summed.
      expect(answer.totalCost?.toDate).toBeCloseTo(2625, 2);
      expect(answer.totalCost?.projected.value).toBeCloseTo(7892.5, 2);
      expect(answer.totalCost?.lastYear).toBeCloseTo(7929, 2);
    });
  });

  it('projects the days of a gap from last year × r, never counting them as nothing', async () => {
    const answer = await estimate(gapped, APRIL_1ST, { year: 2026 });
    const heat = typeOf(answer, 'heat');
    // Measured: January and March, 62 × 1100 = 68 200. r over the days with use in both years
    // (11–31 January and March, 52 days): 52 × 1100 / (52 × 1000) = 1.1. With February as zeros
    // it would be 68 200 / 80 000 ≈ 0.85; with 1–10 January against nothing, 68 200 / 52 000.
    expect(heat.toDate).toBe(68_200);
    expect(heat.method).toBe('lastYearProfile');
    // February's 28 days: 28 × 1000 × 1.1 = 30 800; April to December 275 × 1000 × 1.1 = 302 500
    // (25–31 December, missing last year too, at last year's mean day, 1000).
    // 68 200 + 30 800 + 302 500 = 401 500.
    expect(heat.projected.value).toBeCloseTo(401_500, 3);
    // Both months' ratios are 1.1: the band is the least, 1.1 ± 0.055 (× 0.95 … 1.05).
    expect(heat.projected.low).toBeCloseTo(68_200 + 333_300 * 0.95, 3); // 384 835
    expect(heat.projected.high).toBeCloseTo(68_200 + 333_300 * 1.05, 3); // 418 165
    // Last year as recorded: 348 × 1000; January 21 days of it, December 24.
    expect(heat.lastYear).toBe(348_000);
    expect(bucket(heat, '2026-01-01')).toMatchObject({ actual: 34_100, lastYear: 21_000 });
    expect(bucket(heat, '2026-12-01')).toMatchObject({ actual: null, lastYear: 24_000 });
    // February is over but was never measured: it shows its projection beside its 0.
    expect(bucket(heat, '2026-02-01')).toMatchObject({ actual: 0, lastYear: 28_000 });
    expect(bucket(heat, '2026-02-01')?.projected?.value).toBeCloseTo(30_800, 3);
    expect(bucket(heat, '2026-03-01')).toMatchObject({ actual: 34_100, projected: null });
    // Heat has last year's cost (348 kWh × 1 kr), cold water none: the total has none rather
    // than one missing a type.
    expect(heat.cost?.lastYear).toBeCloseTo(348, 2);
    expect(typeOf(answer, 'cw').cost?.lastYear).toBeNull();
    expect(answer.totalCost?.lastYear).toBeNull();
  });

  it('counts a main meter, not the meters below it again, and projects nothing for a meter silent all year', async () => {
    const property = await createProperty(db(), cast.organization.id, { name: 'Huvudmätaren' });
    const plant = await createArea(db(), property, { areaType: 'misc' });
    const main = await createMeter(db(), plant, {
      deviceType: 'cw',
      idNumber: 'AXI91234567',
      main: true,
    });
    const below = await createMeter(db(), plant, { deviceType: 'cw', idNumber: 'AXI71001001' });
    await writeDays(db(), main.id, '2025-01-01', '2026-04-01', () => 1000);
    await writeDays(db(), below.id, '2025-01-01', '2026-04-01', () => 300);
    // A vacant flat's hot water: 200 litres a day in 2025, nothing used in 2026 (its rows say so).
    const vacant = await createMeter(db(), plant, { deviceType: 'hw', idNumber: 'AXI61001001' });
    await writeDays(db(), vacant.id, '2025-01-01', '2026-01-01', () => 200);
    await writeDays(db(), vacant.id, '2026-01-01', '2026-04-01', () => 0);
    const answer = await estimate(property.id, APRIL_1ST, { year: 2026 });
    // The main meter's 90 × 1000 = 90 000 to date (not 90 × 1300); r = 1: 365 000 for the year.
    expect(typeOf(answer, 'cw')).toMatchObject({ toDate: 90_000, lastYear: 365_000 });
    expect(typeOf(answer, 'cw').projected.value).toBeCloseTo(365_000, 3);
    // r = 0: the rest projected at nothing, its band nothing either (0/0 answered 500 once).
    expect(typeOf(answer, 'hw').projected).toEqual({ value: 0, low: 0, high: 0 });
  });

  it('a main meter installed this year: last year is the meters below it, this year the main meter', async () => {
    const property = await createProperty(db(), cast.organization.id, { name: 'Nya huvudmätaren' });
    const plant = await createArea(db(), property, { areaType: 'misc' });
    // Two flats' cold water since 2025; the main meter above them from 1 January 2026.
    for (const idNumber of ['AXI71002001', 'AXI71002002']) {
      const flat = await createMeter(db(), plant, { deviceType: 'cw', idNumber });
      await writeDays(db(), flat.id, '2025-01-01', '2026-04-01', () => 300);
    }
    const main = await createMeter(db(), plant, {
      deviceType: 'cw',
      idNumber: 'AXI91234568',
      main: true,
    });
    await writeDays(db(), main.id, '2026-01-01', '2026-04-01', () => 1000);
    const answer = await estimate(property.id, APRIL_1ST, { year: 2026 });
    const cw = typeOf(answer, 'cw');
    // Last year the flats' 2 × 300 a day: 365 × 600 = 219 000 (today's flags alone would count
    // the main meter, which has nothing then: no profile). This year the main meter's 90 × 1000
    // = 90 000 to date, not 90 × 1600. r = 90 000 / (90 × 600) = 5/3 every month:
    // 90 000 + 275 × 600 × 5/3 = 365 000.
    expect(cw).toMatchObject({ toDate: 90_000, lastYear: 219_000, method: 'lastYearProfile' });
    expect(bucket(cw, '2026-01-01')).toMatchObject({ actual: 31_000, lastYear: 18_600 });
    expect(cw.projected.value).toBeCloseTo(365_000, 3);
  });

  it('a main meter that stops reporting: its days after are projected, not the meters below it', async () => {
    const property = await createProperty(db(), cast.organization.id, { name: 'Tyst huvudmätare' });
    const plant = await createArea(db(), property, { areaType: 'misc' });
    // Two flats' cold water since 2025, still read; the main meter above them since 2025, silent
    // from 1 March 2026.
    for (const idNumber of ['AXI71003001', 'AXI71003002']) {
      const flat = await createMeter(db(), plant, { deviceType: 'cw', idNumber });
      await writeDays(db(), flat.id, '2025-01-01', '2026-04-01', () => 300);
    }
    const main = await createMeter(db(), plant, {
      deviceType: 'cw',
      idNumber: 'AXI91234569',
      main: true,
    });
    await writeDays(db(), main.id, '2025-01-01', '2026-03-01', () => 1000);
    const answer = await estimate(property.id, APRIL_1ST, { year: 2026 });
    const cw = typeOf(answer, 'cw');
    // Measured: January and February, the main meter's 59 × 1000 (March is not the flats'
    // 31 × 600 as measured). r = 1: March projected at last year's 31 000, the year at 365 000.
    expect(cw).toMatchObject({ toDate: 59_000, lastYear: 365_000, method: 'lastYearProfile' });
    expect(bucket(cw, '2026-03-01')).toMatchObject({ actual: 0, lastYear: 31_000 });
    expect(bucket(cw, '2026-03-01')?.projected?.value).toBeCloseTo(31_000, 3);
    expect(cw.projected.value).toBeCloseTo(365_000, 3);
  });

  describe('a property without last year (1 April 2026)', () => {
    let answer: UsageEstimate;
    beforeAll(async () => {
      answer = await estimate(newcomer, APRIL_1ST, { year: 2026 });
    });

    it('projects from the rate so far, ± 25 %', () => {
      const cw = typeOf(answer, 'cw');
      // 90 days × 300 l = 27 000 so far; 275 days × 300 = 82 500 to come → 109 500.
      expect(cw).toMatchObject({ unit: 'l', toDate: 27_000, lastYear: null, method: 'rateSoFar' });
      expect(cw.projected).toEqual({
        value: 109_500,
        low: 27_000 + 82_500 * 0.75, // 88 875
        high: 27_000 + 82_500 * 1.25, // 130 125
      });
      // 27 m³ × 45 kr (no fixed part) = 1 215; 109.5 m³ × 45 = 4 927.50.
      expect(cw.cost?.toDate).toBeCloseTo(1215, 2);
      expect(cw.cost?.projected.value).toBeCloseTo(4927.5, 2);
      expect(cw.cost?.lastYear).toBeNull();
    });

    it('says `none` for a meter with nothing at all, costing only its fixed part', () => {
      const hw = typeOf(answer, 'hw');
      expect(hw).toMatchObject({
        toDate: 0,
        projected: { value: 0, low: 0, high: 0 },
        lastYear: null,
        method: 'none',
      });
      expect(hw.buckets.every((entry) => entry.projected === null)).toBe(true);
      // 4 months begun × 50 kr; the year 12 × 50.
      expect(hw.cost).toEqual({
        toDate: 200,
        projected: { value: 600, low: 600, high: 600 },
        lastYear: null,
      });
      // Without last year for every priced type, the total has none either.
      expect(answer.totalCost?.lastYear).toBeNull();
      expect(answer.totalCost?.toDate).toBeCloseTo(1415, 2);
    });
  });

  it('estimates a month by its days (11 March 2026)', async () => {
    const answer = await estimate(profiled, MARCH_11TH, { month: '2026-03' });
    expect(answer).toMatchObject({
      period: 'month',
      from: '2026-03-01',
      to: '2026-04-01',
      toDate: '2026-03-11',
    });
    const heat = typeOf(answer, 'heat');
    expect(heat.buckets).toHaveLength(31);
    // The 1st to the 10th: 10 × 2200 = 22 000 (the rows already there for later days do not count
    // before their day). r = 22 000 / 20 000 = 1.1, every day's ratio 1.1: band ± 0.055.
    expect(heat.toDate).toBe(22_000);
    // The rest: 21 × 2000 × 1.1 = 46 200 → 68 200, last year 31 × 2000 = 62 000.
    expect(heat.projected.value).toBeCloseTo(68_200, 3);
    expect(heat.projected.low).toBeCloseTo(22_000 + 46_200 * 0.95, 3);
    expect(heat.lastYear).toBe(62_000);
    expect(bucket(heat, '2026-03-10')).toMatchObject({
      actual: 2200,
      projected: null,
      lastYear: 2000,
    });
    expect(bucket(heat, '2026-03-11')?.actual).toBeNull();
    expect(bucket(heat, '2026-03-11')?.projected?.value).toBeCloseTo(2200, 3);
    // A month's fixed part once: 22 kWh × 0.80 + 500 = 517.60; 68.2 × 0.80 + 500 = 554.56.
    expect(heat.cost?.toDate).toBeCloseTo(517.6, 2);
    expect(heat.cost?.projected.value).toBeCloseTo(554.56, 2);
    expect(heat.cost?.lastYear).toBeCloseTo(549.6, 2); // 62 × 0.80 + 500
  });

  describe('over HTTP', () => {
    const url = (propertyId: string, query = '') =>
      `/api/properties/${propertyId}/usage-estimate${query}`;

    it('answers a year that is over with what was measured: nothing left to project', async () => {
      const response = await cast.request('member', 'GET', url(profiled, '?year=2025'));
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as UsageEstimate;
      expect(answer).toMatchObject({ from: '2025-01-01', to: '2026-01-01', toDate: '2026-01-01' });
      const heat = typeOf(answer, 'heat');
      // The whole of 2025 (455 000) measured; 2024 had nothing, so no last year.
      expect(heat).toMatchObject({
        toDate: 455_000,
        projected: { value: 455_000, low: 455_000, high: 455_000 },
        lastYear: null,
      });
      expect(heat.buckets.every((entry) => entry.projected === null && entry.actual !== null)).toBe(
        true,
      );
      // 455 kWh × 0.80 + 12 × 500 = 6 364, band zero.
      expect(heat.cost).toEqual({
        toDate: 6364,
        projected: { value: 6364, low: 6364, high: 6364 },
        lastYear: null,
      });
    });

    it('is in the OpenAPI document with its two ways to name the window', async () => {
      const response = await subject.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const call = response.json().paths['/api/properties/{propertyId}/usage-estimate'].get;
      expect(call.tags).toEqual(['energy']);
      expect(call.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
        expect.arrayContaining(['year', 'month', 'propertyId']),
      );
    });

    const calls: GuardedCall[] = [
      { call: 'GET', method: 'GET', url: () => url(profiled, '?year=2025') },
    ];
    it.each(refusals(calls))('$call as $caller: $status', async (refusal) => {
      await expectRefused(cast, db(), [propertyPrices], refusal);
    });
    it.each(unknownIdCalls(['GET'], (id) => url(id)))('$call: 404', async (refusal) => {
      const response = await expectRefused(cast, db(), [propertyPrices], refusal);
      expect(response.json().message).toBe('Property not found.');
    });

    it.each([
      ['?year=2025&month=2025-03', 'Ask for a year or a month, not both.'],
      ['?month=2025-13', 'month is a month, YYYY-MM.'],
      ['?year=1999', 'year is from 2000.'],
    ])('refuses %s', (query, message) =>
      expectInvalid(
        cast,
        db(),
        [propertyPrices],
        { method: 'GET', url: url(profiled, query), payload: undefined },
        message,
      ),
    );
  });
});
