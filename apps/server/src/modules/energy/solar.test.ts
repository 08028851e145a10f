// The solar view (DESIGN §4.4 "Energy views", docs/energy.md "Solar") on PGlite and PostgreSQL,
// over rollup rows written as the ingest keeps them: production per bucket, the own use covered
// hour by hour, the same window a year earlier on this window's buckets (DST days and weeks
// included), the best day, lifetime, a property without a production meter, who may read, and
// bad queries.
import { type Solar, SolarSchema } from '@portal/contracts/solar';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices } from '../../db/schema/devices';
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
import { createMeter, writeUse } from '../statistics/test-rollups';

const ZONE = 'Europe/Stockholm';

const hours = (uses: Record<string, number>) =>
  Object.entries(uses).map(([hour, use]) => ({ hour, use }));

/** A series' bucket values, by key. */
const values = (answer: Solar, key: string) =>
  answer.series.find((series) => series.key === key)?.buckets.map((bucket) => bucket.value);

describe.each(testDrivers)('solar on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let roofId: string;
  let shadeId: string;

  const db = () => subject.database.db;
  const solarOf = async (
    query: string,
    propertyId = roofId,
    caller: 'manager' | 'member' = 'manager',
  ) => {
    const response = await cast.request(
      caller,
      'GET',
      `/api/properties/${propertyId}/solar?${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Solar;
  };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    const roof = await createProperty(db(), cast.organization.id, { name: 'Solrosen 1' });
    roofId = roof.id;
    const plant = await createArea(db(), roof, { areaType: 'misc', name: 'Elcentral' });
    const el = await createMeter(db(), plant, { deviceType: 'el', idNumber: 'KAM81234567' });
    const solar = await createMeter(db(), plant, {
      deviceType: 'el',
      idNumber: 'ELV30012345',
      role: 'production',
    });
    // Monday 15 June 2026 (UTC+2): production 3, 5 and 4 kWh at 10, 12 and 14 local time,
    // the building's electricity 2, 2, 6 kWh then and 1 kWh at 22.
    await writeUse(
      db(),
      el.id,
      ZONE,
      hours({
        '2026-06-15T08:00:00.000Z': 2000,
        '2026-06-15T10:00:00.000Z': 2000,
        '2026-06-15T12:00:00.000Z': 6000,
        '2026-06-15T20:00:00.000Z': 1000,
      }),
    );
    await writeUse(
      db(),
      solar.id,
      ZONE,
      hours({
        '2026-06-15T08:00:00.000Z': 3000,
        '2026-06-15T10:00:00.000Z': 5000,
        '2026-06-15T12:00:00.000Z': 4000,
        // Saturday 20 June: the best day of the week and the month.
        '2026-06-20T11:00:00.000Z': 15_000,
        // A year earlier, Sunday 15 June 2025 at 12 local time.
        '2025-06-15T10:00:00.000Z': 7000,
        // Spring DST day 29 March 2026 (no 02:00): 12:00+02:00.
        '2026-03-29T10:00:00.000Z': 1000,
        // 29 March 2025, an ordinary day: 12:00+01:00, and 02:00+01:00, which 2026's lacks.
        '2025-03-29T11:00:00.000Z': 500,
        '2025-03-29T01:00:00.000Z': 200,
        // Autumn DST day 25 October 2026: 02:00+02:00 and 02:00+01:00.
        '2026-10-25T00:00:00.000Z': 100,
        '2026-10-25T01:00:00.000Z': 50,
        // 25 October 2025, an ordinary day: 02:00+02:00.
        '2025-10-25T00:00:00.000Z': 30,
      }),
    );

    // A property with electricity and no production meter.
    const shade = await createProperty(db(), cast.organization.id, { name: 'Skuggan 2' });
    shadeId = shade.id;
    const shadeArea = await createArea(db(), shade, { areaType: 'misc' });
    const shadeEl = await createMeter(db(), shadeArea, {
      deviceType: 'el',
      idNumber: 'KAM81234568',
    });
    await writeUse(db(), shadeEl.id, ZONE, hours({ '2026-06-15T10:00:00.000Z': 1000 }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => subject.close());

  it('a day: production per hour, the own use it covered, and the same day a year earlier', async () => {
    const answer = await solarOf('period=day&date=2026-06-15');
    // Hour by hour (local): 10: min(3, 2) = 2 kWh covered; 12: min(5, 2) = 2; 14: min(4, 6) = 4;
    // 22: nothing produced. Covered 8 of the building's 11 kWh: 8 / 11 = 0.7273. Production 12
    // kWh; a year earlier 7 kWh, at 12.
    expect(answer).toMatchObject({
      period: 'day',
      resolution: 'hour',
      timeZone: ZONE,
      from: '2026-06-15T00:00:00+02:00',
      to: '2026-06-16T00:00:00+02:00',
      productionMeters: 1,
      productionWh: 12_000,
      lastYearProductionWh: 7000,
      buildingUseWh: 11_000,
      ownUseCoveredWh: 8000,
      coveredShare: 0.7273,
      bestDay: { date: '2026-06-15', productionWh: 12_000 },
    });
    expect(
      answer.series.map((series) => [series.type, series.key, series.unit, series.total]),
    ).toEqual([
      ['solar', 'solar', 'Wh', 12_000],
      ['solar', 'solarLastYear', 'Wh', 7000],
      ['solar', 'covered', 'Wh', 8000],
    ]);
    const at = (key: string) => {
      const list = values(answer, key) ?? [];
      return [list[10], list[12], list[14], list[22]];
    };
    expect(at('solar')).toEqual([3000, 5000, 4000, 0]);
    expect(at('solarLastYear')).toEqual([0, 7000, 0, 0]);
    expect(at('covered')).toEqual([2000, 2000, 4000, 0]);
    // Every series has this window's bucket starts, last year's too.
    for (const series of answer.series) {
      expect(series.buckets).toHaveLength(24);
      expect(series.buckets[12]?.start).toBe('2026-06-15T12:00:00+02:00');
    }
    expect(SolarSchema.parse(answer)).toEqual(answer);
  });

  it('today follows the clock, and its year earlier too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T18:00:00Z'));
    const answer = await solarOf('period=today');
    expect(answer).toMatchObject({
      period: 'today',
      from: '2026-06-15T00:00:00+02:00',
      productionWh: 12_000,
      until: '2026-06-15T20:00:00+02:00',
      lastYearProductionWh: 7000,
      lastYearUntil: '2025-06-15T20:00:00+02:00',
    });
  });

  it('a day still running is compared as far into it: its complete hours, last year to the same time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12:30 local: this day's hours to 12:00 (3 kWh at 10), and last year's to 12:00 — without
    // its 7 kWh at 12, which the whole day's series still has.
    vi.setSystemTime(new Date('2026-06-15T10:30:00Z'));
    const noon = await solarOf('period=today');
    expect(noon).toMatchObject({
      productionWh: 3000,
      until: '2026-06-15T12:00:00+02:00',
      lastYearProductionWh: 0,
      lastYearUntil: '2025-06-15T12:00:00+02:00',
    });
    expect(noon.series.find((series) => series.key === 'solarLastYear')?.total).toBe(7000);
    // 13:30: both to 13:00, 12's production in both.
    vi.setSystemTime(new Date('2026-06-15T11:30:00Z'));
    const afternoon = await solarOf('period=month');
    expect(afternoon).toMatchObject({
      from: '2026-06-01T00:00:00+02:00',
      productionWh: 8000,
      until: '2026-06-15T13:00:00+02:00',
      lastYearProductionWh: 7000,
      lastYearUntil: '2025-06-15T13:00:00+02:00',
    });
  });

  it('a window that is over compares whole: no point to date', async () => {
    const answer = await solarOf('period=month&date=2026-06-01');
    expect(answer).toMatchObject({ until: null, lastYearUntil: null });
  });

  it('a week: days Monday first, the best day, and the week holding the date a year earlier', async () => {
    const answer = await solarOf('period=week&date=2026-06-17');
    expect(answer).toMatchObject({
      resolution: 'day',
      from: '2026-06-15T00:00:00+02:00',
      productionWh: 27_000,
      bestDay: { date: '2026-06-20', productionWh: 15_000 },
      // The week holding 17 June 2025 runs 16–22 June: Sunday 15 June 2025 is not in it.
      lastYearProductionWh: 0,
    });
    expect(values(answer, 'solar')).toEqual([12_000, 0, 0, 0, 0, 15_000, 0]);
    expect(values(answer, 'solarLastYear')).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // Covered hour by hour even in day buckets: 8 kWh on Monday, not the least of the day's sums
    // (12 and 11 kWh); Saturday's 15 kWh met no use in its hour.
    expect(values(answer, 'covered')).toEqual([8000, 0, 0, 0, 0, 0, 0]);
    expect(answer).toMatchObject({ buildingUseWh: 11_000, ownUseCoveredWh: 8000 });
  });

  it('a month and a year: last year by day of the month and by month', async () => {
    const june = await solarOf('period=month&date=2026-06-01');
    expect(values(june, 'solarLastYear')?.[14]).toBe(7000);
    expect(values(june, 'solar')?.[14]).toBe(12_000);
    const year = await solarOf('period=year&date=2026-06-01');
    // March: 1 000 (2026) and 500 + 200 (2025); June 12 000 + 15 000 and 7 000; October
    // 100 + 50 and 30.
    expect(values(year, 'solar')).toEqual([0, 0, 1000, 0, 0, 27_000, 0, 0, 0, 150, 0, 0]);
    expect(values(year, 'solarLastYear')).toEqual([0, 0, 700, 0, 0, 7000, 0, 0, 0, 30, 0, 0]);
    expect(year).toMatchObject({ productionWh: 28_150, lastYearProductionWh: 7730 });
  });

  it('the spring DST day: 23 buckets, last year laid by local time, its 02:00 on 01:00', async () => {
    const answer = await solarOf('period=day&date=2026-03-29');
    const production = values(answer, 'solar') ?? [];
    const lastYear = values(answer, 'solarLastYear') ?? [];
    expect(production).toHaveLength(23);
    expect(answer.series[0]?.buckets[11]?.start).toBe('2026-03-29T12:00:00+02:00');
    expect(production[11]).toBe(1000);
    expect(lastYear).toHaveLength(23);
    // 12:00+01:00 a year earlier is 12:00 here; 02:00 does not exist this day: 01:00 takes it.
    expect([lastYear[1], lastYear[11]]).toEqual([200, 500]);
    expect(answer.lastYearProductionWh).toBe(700);
    expect(answer.series[1]?.total).toBe(700);
  });

  it('the autumn DST day: 25 buckets, 02:00 twice, last year on the first', async () => {
    const answer = await solarOf('period=day&date=2026-10-25');
    const production = values(answer, 'solar') ?? [];
    expect(production).toHaveLength(25);
    expect(answer.series[0]?.buckets.slice(2, 4).map((bucket) => bucket.start)).toEqual([
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
    ]);
    expect(production.slice(2, 4)).toEqual([100, 50]);
    expect(values(answer, 'solarLastYear')?.slice(2, 4)).toEqual([30, 0]);
  });

  it('lifetime: by year from the first year with use, nothing a year earlier', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T12:00:00Z'));
    const answer = await solarOf('period=lifetime');
    expect(answer).toMatchObject({
      resolution: 'year',
      from: '2025-01-01T00:00:00+01:00',
      to: '2027-01-01T00:00:00+01:00',
      lastYearProductionWh: null,
      productionWh: 7730 + 28_150,
      bestDay: { date: '2026-06-20', productionWh: 15_000 },
    });
    expect(answer.series.map((series) => series.key)).toEqual(['solar', 'covered']);
    expect(values(answer, 'solar')).toEqual([7730, 28_150]);
  });

  it('without a production meter: 0 meters, nothing produced, no best day', async () => {
    const answer = await solarOf('period=day&date=2026-06-15', shadeId);
    expect(answer).toMatchObject({
      productionMeters: 0,
      productionWh: 0,
      lastYearProductionWh: 0,
      buildingUseWh: 1000,
      ownUseCoveredWh: 0,
      coveredShare: 0,
      bestDay: null,
    });
    expect(values(answer, 'solar')).toEqual(Array(24).fill(0));
    // Nor any electricity a day without readings: no share.
    expect((await solarOf('period=day&date=2026-06-16', shadeId)).coveredShare).toBeNull();
  });

  describe('who may read (DESIGN §5)', () => {
    const calls: GuardedCall[] = [
      {
        call: 'GET /api/properties/{id}/solar',
        method: 'GET',
        url: () => `/api/properties/${roofId}/solar?period=year&date=2026-01-01`,
      },
    ];
    const tables = [devices, useHourly, useDaily, useMonthly];

    it.each([
      ...refusals(calls),
      ...unknownIdCalls(['GET'], (id) => `/api/properties/${id}/solar`),
    ])('$call as $caller: $status', async (refusal) => {
      await expectRefused(cast, db(), tables, refusal);
    });

    it('a user of the organization reads what a site manager reads', async () => {
      const query = 'period=year&date=2026-01-01';
      expect(await solarOf(query, roofId, 'member')).toEqual(await solarOf(query));
    });
  });

  describe('bad queries (400, readable)', () => {
    it.each([
      ['period=decade', 'period: period is one of: day, week, month, year'],
      ['date=2026-02-30', 'date: date is a date, YYYY-MM-DD.'],
      ['date=1999-12-31', 'date: date is a day from 2000-01-01 to 2999-12-31.'],
    ])('?%s', async (query, message) => {
      await expectInvalid(
        cast,
        db(),
        [useMonthly],
        { method: 'GET', url: `/api/properties/${roofId}/solar?${query}`, payload: undefined },
        message,
      );
    });
  });
});
