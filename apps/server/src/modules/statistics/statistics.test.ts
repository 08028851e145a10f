// Statistics calls (DESIGN §4.4, docs/telemetry.md "Statistics") on PGlite and PostgreSQL, over
// rollup rows written as the ingest keeps them (test-rollups.ts): DST days in Europe/Stockholm
// with 23 and 25 hourly buckets whose sum is the day's bucket in the week, month and year, every
// period's window and bucket starts, hours on the edges of days, weeks, months and years, the
// series by type, area and device (solar apart from el), the flags, totalEnergyWh and totalPowerW,
// the area call, who may read (users too; nobody of another organization), and bad queries.
import type { Statistics } from '@portal/contracts/statistics';
import { StatisticsSchema } from '@portal/contracts/statistics';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices } from '../../db/schema/devices';
import { useDaily, useHourly, useMonthly } from '../../db/schema/telemetry';
import { responseJsonSchema } from '../../serializer';
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
import { createMeter, type HourUse, hoursBetween, writeUse } from './test-rollups';

const ZONE = 'Europe/Stockholm';
/** Stockholm's spring day (02:00 → 03:00, 23 hours) and autumn day (03:00 → 02:00, 25 hours). */
const SPRING_HOURS = hoursBetween('2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z');
const AUTUMN_HOURS = hoursBetween('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
const SPRING_HEAT = SPRING_HOURS.map((_, index) => 1000 + index);
const SPRING_DAY_HEAT = SPRING_HEAT.reduce((sum, use) => sum + use, 0);
/** Heat in the hours on either side of a local midnight that starts a week, month or year. */
const EDGES = {
  '2025-12-31T22:00:00Z': 5, // 23:00 on 31 December 2025: the year before
  '2025-12-31T23:00:00Z': 3, // 00:00 on 1 January 2026
  '2026-03-22T22:00:00Z': 13, // 23:00 on Sunday 22 March: the week before
  '2026-03-22T23:00:00Z': 17, // 00:00 on Monday 23 March
  '2026-03-29T22:00:00Z': 19, // 00:00 on Monday 30 March (summer time): the week after
  '2026-03-31T21:00:00Z': 7, // 23:00 on 31 March
  '2026-03-31T22:00:00Z': 11, // 00:00 on 1 April
};
const MARCH_HEAT = 13 + 17 + SPRING_DAY_HEAT + 19 + 7;
const HEAT_2026 = 3 + MARCH_HEAT + 11 + 2000 * 25;
/** The autumn day's hour 02:00+02:00 (the first of the two): its heat was interpolated. */
const ESTIMATED_HOUR = '2026-10-25T00:00:00.000Z';

const starts = (answer: Statistics, type = 'heat') =>
  answer.series.find((series) => series.type === type)?.buckets.map((bucket) => bucket.start);
const values = (answer: Statistics, type = 'heat') =>
  answer.series.find((series) => series.type === type)?.buckets.map((bucket) => bucket.value);

describe.each(testDrivers)('statistics on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let propertyId: string;
  let flatId: string;
  let otherPropertyId: string;
  let otherAreaId: string;
  const meters: Record<string, { id: string; idNumber: string }> = {};

  const db = () => subject.database.db;
  const get = async (url: string, caller: 'manager' | 'member' = 'manager') => {
    const response = await cast.request(caller, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Statistics;
  };
  const ofProperty = (query: string) => get(`/api/properties/${propertyId}/statistics?${query}`);

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    const property = await createProperty(db(), cast.organization.id);
    propertyId = property.id;
    const plant = await createArea(db(), property, { areaType: 'misc', name: 'Undercentral' });
    const flat = await createArea(db(), property, { areaType: 'apt', number: 1001 });
    flatId = flat.id;
    const add = async (
      name: string,
      area: typeof plant,
      meter: Parameters<typeof createMeter>[2],
    ) => {
      meters[name] = await createMeter(db(), area, meter);
    };
    await add('heat', plant, { deviceType: 'heat', idNumber: 'KAM70112233', name: 'Fjärrvärme' });
    await add('el', plant, { deviceType: 'el', idNumber: 'KAM81234567' });
    await add('solar', plant, {
      deviceType: 'el',
      idNumber: 'ELV30012345',
      name: 'Solceller',
      role: 'production',
    });
    await add('mainCw', plant, { deviceType: 'cw', idNumber: 'AXI91234567' });
    await add('flatEl', flat, {
      deviceType: 'el',
      idNumber: 'KAM50001001',
      name: 'Hushållsel',
      role: 'household',
    });
    await add('flatHw', flat, { deviceType: 'hw', idNumber: 'AXI60001001', name: 'Varmvatten' });
    await add('flatCw', flat, { deviceType: 'cw', idNumber: 'AXI70001001' });

    const hours = (list: string[], use: (hour: string, index: number) => number) =>
      list.map((hour, index) => ({ hour, use: use(hour, index) }));
    await writeUse(db(), meters.heat?.id as string, ZONE, [
      ...hours(SPRING_HOURS, (_, index) => SPRING_HEAT[index] as number),
      ...Object.entries(EDGES).map(([hour, use]) => ({ hour, use })),
      ...AUTUMN_HOURS.map((hour) => ({ hour, use: 2000, estimated: hour === ESTIMATED_HOUR })),
    ]);
    const autumn = (name: string, use: number, extra: Partial<HourUse> = {}) =>
      writeUse(
        db(),
        meters[name]?.id as string,
        ZONE,
        AUTUMN_HOURS.map((hour) => ({ hour, use, ...extra })),
      );
    await autumn('el', 500);
    await autumn('flatEl', 100);
    await autumn('solar', 300);
    await autumn('flatHw', 10, { simulated: true });
    await autumn('flatCw', 20);

    // Another organization's property, with use on the same day.
    const other = await createProperty(db(), cast.otherOrganization.id, { name: 'Granne 2' });
    otherPropertyId = other.id;
    const otherArea = await createArea(db(), other, { areaType: 'apt', number: 1 });
    otherAreaId = otherArea.id;
    const otherMeter = await createMeter(db(), otherArea, {
      deviceType: 'heat',
      idNumber: 'KAM79999999',
    });
    await writeUse(
      db(),
      otherMeter.id,
      ZONE,
      hours(AUTUMN_HOURS, () => 99_999),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => subject.close());

  describe('DST days in Europe/Stockholm', () => {
    it('the spring day has 23 hourly buckets, 02:00 missing, summing to the day', async () => {
      const answer = await ofProperty('period=day&date=2026-03-29&types=heat');
      expect(answer).toMatchObject({
        period: 'day',
        resolution: 'hour',
        timeZone: ZONE,
        from: '2026-03-29T00:00:00+01:00',
        to: '2026-03-30T00:00:00+02:00',
      });
      expect(starts(answer)).toHaveLength(23);
      expect(starts(answer)?.slice(0, 3)).toEqual([
        '2026-03-29T00:00:00+01:00',
        '2026-03-29T01:00:00+01:00',
        '2026-03-29T03:00:00+02:00',
      ]);
      expect(starts(answer)?.at(-1)).toBe('2026-03-29T23:00:00+02:00');
      expect(values(answer)).toEqual(SPRING_HEAT);
      expect(answer.series).toEqual([
        expect.objectContaining({ type: 'heat', key: 'heat', unit: 'Wh', total: SPRING_DAY_HEAT }),
      ]);
    });

    it('the autumn day has 25 hourly buckets, 02:00 twice, summing to the day', async () => {
      const answer = await ofProperty('period=day&date=2026-10-25&types=heat');
      expect(answer.to).toBe('2026-10-26T00:00:00+01:00');
      expect(starts(answer)).toHaveLength(25);
      expect(starts(answer)?.slice(2, 4)).toEqual([
        '2026-10-25T02:00:00+02:00',
        '2026-10-25T02:00:00+01:00',
      ]);
      expect(answer.series[0]?.total).toBe(50_000);
      // The interpolated hour is flagged, and only it.
      const estimated = answer.series[0]?.buckets.filter((bucket) => bucket.estimated);
      expect(estimated?.map((bucket) => bucket.start)).toEqual(['2026-10-25T02:00:00+02:00']);
    });

    it("each day's total in its week, month and year is the sum of its hours", async () => {
      const spring = await ofProperty('period=week&date=2026-03-29&types=heat');
      expect(values(spring)?.at(-1)).toBe(SPRING_DAY_HEAT);
      const autumn = await ofProperty('period=week&date=2026-10-21&types=heat');
      expect(values(autumn)?.at(-1)).toBe(50_000);
      expect(autumn.series[0]?.buckets.at(-1)?.estimated).toBe(true);
      const march = await ofProperty('period=month&date=2026-03-01&types=heat');
      expect(values(march)?.[28]).toBe(SPRING_DAY_HEAT);
      const year = await ofProperty('period=year&date=2026-07-01&types=heat');
      expect(values(year)?.[9]).toBe(50_000);
    });
  });

  describe("every period's window and buckets", () => {
    it('a week runs Monday to Sunday; the hours around its midnights fall on their own side', async () => {
      const answer = await ofProperty('period=week&date=2026-03-25&types=heat');
      expect(answer).toMatchObject({
        resolution: 'day',
        from: '2026-03-23T00:00:00+01:00',
        to: '2026-03-30T00:00:00+02:00',
      });
      expect(starts(answer)).toEqual([
        '2026-03-23T00:00:00+01:00',
        '2026-03-24T00:00:00+01:00',
        '2026-03-25T00:00:00+01:00',
        '2026-03-26T00:00:00+01:00',
        '2026-03-27T00:00:00+01:00',
        '2026-03-28T00:00:00+01:00',
        '2026-03-29T00:00:00+01:00',
      ]);
      expect(values(answer)).toEqual([17, 0, 0, 0, 0, 0, SPRING_DAY_HEAT]);
    });

    it('a month has its days, the hour before its first midnight in the month before', async () => {
      const answer = await ofProperty('period=month&date=2026-03-31&types=heat');
      expect(answer).toMatchObject({
        resolution: 'day',
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-04-01T00:00:00+02:00',
      });
      expect(starts(answer)).toHaveLength(31);
      expect(starts(answer)?.[29]).toBe('2026-03-30T00:00:00+02:00');
      const march = values(answer) ?? [];
      expect([march[21], march[22], march[28], march[29], march[30]]).toEqual([
        13,
        17,
        SPRING_DAY_HEAT,
        19,
        7,
      ]);
      expect(answer.series[0]?.total).toBe(MARCH_HEAT);
      const february = await ofProperty('period=month&date=2026-02-10&types=heat');
      expect(starts(february)).toHaveLength(28);
    });

    it('a year has its twelve months, each starting at its local midnight', async () => {
      const answer = await ofProperty('period=year&date=2026-06-15&types=heat');
      expect(answer).toMatchObject({
        resolution: 'month',
        from: '2026-01-01T00:00:00+01:00',
        to: '2027-01-01T00:00:00+01:00',
      });
      expect(starts(answer)).toEqual([
        '2026-01-01T00:00:00+01:00',
        '2026-02-01T00:00:00+01:00',
        '2026-03-01T00:00:00+01:00',
        '2026-04-01T00:00:00+02:00',
        '2026-05-01T00:00:00+02:00',
        '2026-06-01T00:00:00+02:00',
        '2026-07-01T00:00:00+02:00',
        '2026-08-01T00:00:00+02:00',
        '2026-09-01T00:00:00+02:00',
        '2026-10-01T00:00:00+02:00',
        '2026-11-01T00:00:00+01:00',
        '2026-12-01T00:00:00+01:00',
      ]);
      expect(values(answer)).toEqual([3, 0, MARCH_HEAT, 11, 0, 0, 0, 0, 0, 50_000, 0, 0]);
      expect(answer.series[0]?.total).toBe(HEAT_2026);
    });

    it('the totals are one bucket: the month or the year', async () => {
      const month = await ofProperty('period=totalMonth&date=2026-03-10&types=heat');
      expect(month).toMatchObject({
        resolution: 'total',
        from: '2026-03-01T00:00:00+01:00',
        to: '2026-04-01T00:00:00+02:00',
      });
      expect(month.series[0]?.buckets).toEqual([
        {
          start: '2026-03-01T00:00:00+01:00',
          value: MARCH_HEAT,
          estimated: false,
          simulated: false,
        },
      ]);
      const year = await ofProperty('period=totalYear&date=2026-10-25&types=heat');
      expect(year.series[0]?.buckets).toEqual([
        { start: '2026-01-01T00:00:00+01:00', value: HEAT_2026, estimated: true, simulated: false },
      ]);
    });

    it("today, yesterday and this month follow the clock in the property's zone", async () => {
      // 11:30 in Stockholm on the autumn day.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-10-25T10:30:00Z'));
      const today = await ofProperty('period=today&types=heat');
      expect(today).toMatchObject({ period: 'today', from: '2026-10-25T00:00:00+02:00' });
      expect(starts(today)).toHaveLength(25);
      const yesterday = await ofProperty('period=yesterday&types=heat');
      expect(yesterday).toMatchObject({
        from: '2026-10-24T00:00:00+02:00',
        to: '2026-10-25T00:00:00+02:00',
      });
      expect(starts(yesterday)).toHaveLength(24);
      const thisMonth = await ofProperty('period=thisMonth&types=heat');
      expect(thisMonth).toMatchObject({
        from: '2026-10-01T00:00:00+02:00',
        to: '2026-10-26T00:00:00+01:00',
      });
      expect(values(thisMonth)).toHaveLength(25);
      expect(values(thisMonth)?.at(-1)).toBe(50_000);
      // Without a date, a day is today.
      expect((await ofProperty('types=heat')).from).toBe('2026-10-25T00:00:00+02:00');
    });

    it('lifetime runs from the first year with use to the end of this year', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
      const answer = await ofProperty('period=lifetime&types=heat');
      expect(answer).toMatchObject({
        resolution: 'year',
        from: '2025-01-01T00:00:00+01:00',
        to: '2027-01-01T00:00:00+01:00',
      });
      expect(answer.series[0]?.buckets.map(({ start, value }) => [start, value])).toEqual([
        ['2025-01-01T00:00:00+01:00', 5],
        ['2026-01-01T00:00:00+01:00', HEAT_2026],
      ]);
    });
  });

  describe('series', () => {
    it('by type: solar apart from el, every type with a meter, water in litres', async () => {
      const answer = await ofProperty('period=day&date=2026-10-25');
      expect(
        answer.series.map(({ type, key, label, unit, total }) => ({
          type,
          key,
          label,
          unit,
          total,
        })),
      ).toEqual([
        { type: 'heat', key: 'heat', label: 'heat', unit: 'Wh', total: 50_000 },
        { type: 'el', key: 'el', label: 'el', unit: 'Wh', total: 15_000 },
        { type: 'hw', key: 'hw', label: 'hw', unit: 'l', total: 250 },
        { type: 'cw', key: 'cw', label: 'cw', unit: 'l', total: 500 },
        { type: 'solar', key: 'solar', label: 'solar', unit: 'Wh', total: 7500 },
      ]);
      // Demo data is flagged; heat and electricity used, not produced, are the total.
      expect(answer.series[2]?.buckets.every((bucket) => bucket.simulated)).toBe(true);
      expect(answer.series[0]?.buckets.some((bucket) => bucket.simulated)).toBe(false);
      // The last hour of the day: heat 2000 Wh, el 500 + 100 Wh, as W.
      expect(answer).toMatchObject({ totalEnergyWh: 65_000, totalPowerW: 2600 });
    });

    it('types narrows the series, not the totals', async () => {
      const answer = await ofProperty('period=week&date=2026-10-25&types=solar,hw');
      expect(answer.series.map((series) => series.type)).toEqual(['hw', 'solar']);
      expect(answer.totalEnergyWh).toBe(65_000);
      // A week reads days; its power is still the last hour's, from the hourly rollup.
      expect(answer.totalPowerW).toBe(2600);
    });

    it('a window without use has every bucket at 0, and no power', async () => {
      const answer = await ofProperty('period=day&date=2026-06-15&types=heat,cw');
      expect(answer.series.map((series) => [series.type, series.total])).toEqual([
        ['heat', 0],
        ['cw', 0],
      ]);
      expect(values(answer, 'cw')).toEqual(Array(24).fill(0));
      expect(answer).toMatchObject({ totalEnergyWh: 0, totalPowerW: 0 });
    });

    it('by area: per area and type, named by name or number', async () => {
      const answer = await ofProperty('period=day&date=2026-10-25&by=area');
      expect(answer.series.map(({ type, key, label, total }) => [type, key, label, total])).toEqual(
        [
          ['heat', expect.any(String), 'Undercentral', 50_000],
          ['el', flatId, '1001', 2500],
          ['el', expect.not.stringMatching(flatId), 'Undercentral', 12_500],
          ['hw', flatId, '1001', 250],
          ['cw', flatId, '1001', 500],
          ['cw', expect.any(String), 'Undercentral', 0],
          ['solar', expect.any(String), 'Undercentral', 7500],
        ],
      );
    });

    it('by device: every meter, named with its id number', async () => {
      const answer = await ofProperty('period=totalMonth&date=2026-10-01&by=device');
      expect(answer.series.map(({ type, key, label, total }) => [type, key, label, total])).toEqual(
        [
          ['heat', meters.heat?.id, 'Fjärrvärme (KAM70112233)', 50_000],
          ['el', meters.flatEl?.id, 'Hushållsel (KAM50001001)', 2500],
          ['el', meters.el?.id, 'KAM81234567', 12_500],
          ['hw', meters.flatHw?.id, 'Varmvatten (AXI60001001)', 250],
          ['cw', meters.flatCw?.id, 'AXI70001001', 500],
          ['cw', meters.mainCw?.id, 'AXI91234567', 0],
          ['solar', meters.solar?.id, 'Solceller (ELV30012345)', 7500],
        ],
      );
    });

    it("an area's statistics hold its own meters only", async () => {
      const answer = await get(`/api/areas/${flatId}/statistics?date=2026-10-25`);
      expect(answer.series.map((series) => [series.type, series.total])).toEqual([
        ['el', 2500],
        ['hw', 250],
        ['cw', 500],
      ]);
      expect(answer).toMatchObject({ totalEnergyWh: 2500, totalPowerW: 100 });
      const byDevice = await get(
        `/api/areas/${flatId}/statistics?period=year&date=2026-01-01&by=device&types=hw`,
      );
      expect(byDevice.series.map((series) => [series.key, series.total])).toEqual([
        [meters.flatHw?.id, 250],
      ]);
    });

    it('use written since the last request is in the next answer (nothing is cached)', async () => {
      const url = 'period=day&date=2026-06-16&types=cw&by=device';
      const hour = { hour: '2026-06-16T08:00:00.000Z', use: 5 };
      const mainCw = meters.mainCw?.id as string;
      const total = async () =>
        (await ofProperty(url)).series.find((series) => series.key === mainCw)?.total;
      expect(await total()).toBe(0);
      await writeUse(db(), mainCw, ZONE, [hour]);
      expect(await total()).toBe(5);
      await writeUse(db(), mainCw, ZONE, [{ ...hour, use: 7 }]);
      expect(await total()).toBe(12);
    });

    it('answers in the contract, written by the compiled serializer', async () => {
      expect(responseJsonSchema(StatisticsSchema)).toBeDefined();
      const answer = await ofProperty('period=year&date=2026-01-01&by=device');
      expect(StatisticsSchema.parse(answer)).toEqual(answer);
    });
  });

  describe('who may read (DESIGN §5)', () => {
    const calls: GuardedCall[] = [
      {
        call: 'GET /api/properties/{id}/statistics',
        method: 'GET',
        url: () => `/api/properties/${propertyId}/statistics?period=year&date=2026-01-01`,
      },
      {
        call: 'GET /api/areas/{id}/statistics',
        method: 'GET',
        url: () => `/api/areas/${flatId}/statistics?period=year&date=2026-01-01`,
      },
    ];
    const tables = [devices, useHourly, useDaily, useMonthly];

    it.each([
      ...refusals(calls),
      ...unknownIdCalls(['GET'], (id) => `/api/properties/${id}/statistics`),
      ...unknownIdCalls(['GET'], (id) => `/api/areas/${id}/statistics`),
    ])('$call as $caller: $status', async (refusal) => {
      await expectRefused(cast, db(), tables, refusal);
    });

    it('concurrent identical requests share a read, each checked for its own caller', async () => {
      const url = `/api/properties/${propertyId}/statistics?period=year&date=2026-01-01`;
      const callers = ['manager', 'member', 'otherManager', 'manager', 'anonymous'] as const;
      const responses = await Promise.all(
        callers.map((caller) => cast.request(caller, 'GET', url)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 404, 200, 401]);
      const answers = [0, 1, 3].map((index) => responses[index]?.json());
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0].series[0].total).toBe(HEAT_2026);
    });

    it('a user of the organization reads what a site manager reads', async () => {
      for (const call of calls)
        expect(await get(call.url(), 'member')).toEqual(await get(call.url(), 'manager'));
    });

    it("another organization's site manager reads their own, not ours", async () => {
      const response = await cast.request(
        'otherManager',
        'GET',
        `/api/properties/${otherPropertyId}/statistics?date=2026-10-25`,
      );
      expect(response.statusCode).toBe(200);
      expect((response.json() as Statistics).series.map((series) => series.total)).toEqual([
        25 * 99_999,
      ]);
      const area = await cast.request(
        'manager',
        'GET',
        `/api/areas/${otherAreaId}/statistics?date=2026-10-25`,
      );
      expect(area.statusCode).toBe(404);
    });
  });

  describe('bad queries (400, readable)', () => {
    it.each([
      ['period=decade', 'period: period is one of: day, week, month, year'],
      ['types=heat,gas', 'types: types are any of: heat, el, hw, cw, solar.'],
      ['by=floor', 'by: by is one of: type, area, device.'],
      ['date=2026-02-30', 'date: date is a date, YYYY-MM-DD.'],
      ['date=1999-12-31', 'date: date is a day from 2000-01-01 to 2999-12-31.'],
    ])('?%s', async (query, message) => {
      for (const url of [
        `/api/properties/${propertyId}/statistics?${query}`,
        `/api/areas/${flatId}/statistics?${query}`,
      ])
        await expectInvalid(
          cast,
          db(),
          [useMonthly],
          { method: 'GET', url, payload: undefined },
          message,
        );
    });
  });
});
