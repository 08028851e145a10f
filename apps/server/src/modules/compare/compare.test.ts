// The compare call (DESIGN §4.4 "Energy views", docs/energy.md "Compare") on PGlite and
// PostgreSQL, over rollup rows written as the ingest keeps them (statistics/test-rollups.ts):
// flats' hot and cold water ranked per m² or by use with the median (odd and even counts, a
// leaking flat at three times it), the area-type filter, a period against a year earlier and the
// one before (DST days and months, thisMonth's same days), the organization's properties per m²
// Atemp (one without), main meters against the rest (a positive and a negative difference, none
// marked), who may read, and bad queries.
import { type Compare, CompareSchema } from '@portal/contracts/compare';
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
import { createMeter, type HourUse, hoursBetween, writeUse } from '../statistics/test-rollups';

const ZONE = 'Europe/Stockholm';
/** Stockholm's autumn day of 2026 (03:00 → 02:00, 25 hours). */
const AUTUMN_HOURS = hoursBetween('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z');
/** 10:00 in Stockholm on 12 October 2026: when the flats' and main meters' October use is read. */
const READ_HOUR = '2026-10-12T08:00:00.000Z';
const OCTOBER = 'period=month&date=2026-10-10';

const ranked = (answer: Compare) =>
  answer.ranking?.map(({ label, total, squareMetres, perSquareMetre, ofMedian }) => [
    label,
    total,
    squareMetres,
    perSquareMetre,
    ofMedian,
  ]);
const seriesOf = (answer: Compare, key: string) =>
  answer.series.find((series) => series.key === key);

describe.each(testDrivers)('compare on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  /** Solrosen 1 (Atemp 1 000 m²), 2 (500 m²) and 3 (Atemp unknown); Granne 2 is another's. */
  const propertyIds: Record<string, string> = {};
  const areaIds: Record<string, string> = {};

  const db = () => subject.database.db;
  const compare = async (
    query: string,
    {
      caller = 'manager',
      property = 'one',
    }: { caller?: 'manager' | 'member'; property?: string } = {},
  ) => {
    const url = `/api/properties/${propertyIds[property]}/compare?${query}`;
    const response = await cast.request(caller, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Compare;
  };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    const organizationId = cast.organization.id;
    const one = await createProperty(db(), organizationId, {
      name: 'Solrosen 1',
      heatedArea: 1000,
    });
    const two = await createProperty(db(), organizationId, { name: 'Solrosen 2', heatedArea: 500 });
    const three = await createProperty(db(), organizationId, { name: 'Solrosen 3' });
    const neighbour = await createProperty(db(), cast.otherOrganization.id, { name: 'Granne 2' });
    Object.assign(propertyIds, {
      one: one.id,
      two: two.id,
      three: three.id,
      neighbour: neighbour.id,
    });

    const use = async (
      area: Parameters<typeof createMeter>[1],
      meter: Parameters<typeof createMeter>[2],
      hours: HourUse[],
    ) => writeUse(db(), (await createMeter(db(), area, meter)).id, ZONE, hours);
    const at = (hour: string, value: number, extra: Partial<HourUse> = {}) => ({
      hour,
      use: value,
      ...extra,
    });

    // Solrosen 1: the plant room with the heat meter and the main water meters.
    const plant = await createArea(db(), one, { areaType: 'misc', name: 'Undercentral' });
    areaIds.plant = plant.id;
    await use(plant, { deviceType: 'heat', idNumber: 'KAM70112233' }, [
      ...AUTUMN_HOURS.map((hour) => at(hour, 2000)),
      at('2026-10-01T08:00:00Z', 10_000),
      at('2026-09-15T08:00:00Z', 20_000),
      at('2025-10-10T08:00:00Z', 30_000),
      at('2025-10-25T10:00:00Z', 700),
    ]);
    await use(plant, { deviceType: 'cw', idNumber: 'AXI91234567', main: true }, [
      at(READ_HOUR, 12_000),
      at('2026-10-20T08:00:00Z', 500),
    ]);
    await use(plant, { deviceType: 'hw', idNumber: 'AXI69999999', main: true }, [
      at(READ_HOUR, 25_000),
    ]);
    // The flats: hot water per m² 45, 40, 150 (the leak), 60, 50; cold water 20, 30, 50, 10.
    const flat = async (
      number: number,
      floorArea: number,
      water: { hw?: number; cw?: number; extra?: Partial<HourUse> },
    ) => {
      const area = await createArea(db(), one, { areaType: 'apt', number, floorArea });
      areaIds[number] = area.id;
      if (water.hw !== undefined)
        await use(area, { deviceType: 'hw', idNumber: `AXI6000${number}` }, [
          at(READ_HOUR, water.hw, water.extra),
        ]);
      if (water.cw !== undefined)
        await use(area, { deviceType: 'cw', idNumber: `AXI7000${number}` }, [
          at(READ_HOUR, water.cw),
        ]);
    };
    await flat(1001, 50, { hw: 2250, cw: 1000 });
    await flat(1002, 100, { hw: 4000, cw: 3000, extra: { estimated: true } });
    await flat(1003, 80, { hw: 12_000 });
    await flat(1004, 60, { hw: 3600, cw: 3000 });
    await flat(1005, 40, { hw: 2000, extra: { simulated: true } });
    await flat(1006, 70, { cw: 700 });
    // The laundry has no floor area.
    const laundry = await createArea(db(), one, { areaType: 'lau', name: 'Tvättstuga' });
    await use(laundry, { deviceType: 'hw', idNumber: 'AXI60002001' }, [at(READ_HOUR, 3000)]);

    // Solrosen 2: a main heat meter with a sub-meter below it, and hot water without a main.
    const twoPlant = await createArea(db(), two, { areaType: 'misc', name: 'Undercentral' });
    const early = '2026-10-05T08:00:00Z';
    await use(twoPlant, { deviceType: 'heat', idNumber: 'KAM70220001', main: true }, [
      at(early, 40_000),
    ]);
    await use(twoPlant, { deviceType: 'heat', idNumber: 'KAM70220002' }, [at(early, 15_000)]);
    await use(twoPlant, { deviceType: 'hw', idNumber: 'AXI60220001' }, [at(early, 10_000)]);
    // Solrosen 3: heat only.
    const threePlant = await createArea(db(), three, { areaType: 'misc' });
    await use(threePlant, { deviceType: 'heat', idNumber: 'KAM70330001' }, [at(early, 30_000)]);
    // Another organization's property, with more heat than any of ours.
    const neighbourArea = await createArea(db(), neighbour, { areaType: 'apt', number: 1 });
    await use(neighbourArea, { deviceType: 'heat', idNumber: 'KAM79999999' }, [at(early, 99_999)]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => subject.close());

  describe('areas', () => {
    it("ranks the flats' hot water per m², the leak at three times the median (odd count)", async () => {
      const answer = await compare(`kind=areas&type=hw&areaType=apt&${OCTOBER}`);
      expect(answer).toMatchObject({
        kind: 'areas',
        type: 'hw',
        period: 'month',
        resolution: 'day',
        from: '2026-10-01T00:00:00+02:00',
        to: '2026-11-01T00:00:00+01:00',
        basis: 'perSquareMetre',
        median: 50,
        against: null,
        mainMeters: null,
      });
      expect(ranked(answer)).toEqual([
        ['1003', 12_000, 80, 150, 3],
        ['1004', 3600, 60, 60, 1.2],
        ['1005', 2000, 40, 50, 1],
        ['1001', 2250, 50, 45, 0.9],
        ['1002', 4000, 100, 40, 0.8],
      ]);
      expect(answer.ranking?.[0]?.key).toBe(areaIds[1003]);
      expect(answer.ranking?.map(({ estimated, simulated }) => [estimated, simulated])).toEqual([
        [false, false],
        [false, false],
        [false, true],
        [false, false],
        [true, false],
      ]);
      // One series per flat with hot water, in the areas list's order, every day of October.
      expect(answer.series.map((series) => [series.key, series.label, series.total])).toEqual([
        [areaIds[1001], '1001', 2250],
        [areaIds[1002], '1002', 4000],
        [areaIds[1003], '1003', 12_000],
        [areaIds[1004], '1004', 3600],
        [areaIds[1005], '1005', 2000],
      ]);
      const leak = seriesOf(answer, areaIds[1003] as string);
      expect(leak).toMatchObject({ type: 'hw', unit: 'l' });
      expect(leak?.buckets).toHaveLength(31);
      expect(leak?.buckets[11]).toEqual({
        start: '2026-10-12T00:00:00+02:00',
        value: 12_000,
        estimated: false,
        simulated: false,
      });
    });

    it('ranks by use when an area has no floor area; the median of an even count is the mean of the middle two', async () => {
      // Every area type: the laundry (no floor area) joins; the plant room's main meter does not.
      const answer = await compare(`kind=areas&type=hw&${OCTOBER}`);
      expect(answer).toMatchObject({ basis: 'total', median: 3300 });
      expect(ranked(answer)).toEqual([
        ['1003', 12_000, 80, 150, 3.636],
        ['1002', 4000, 100, 40, 1.212],
        ['1004', 3600, 60, 60, 1.091],
        ['Tvättstuga', 3000, null, null, 0.909],
        ['1001', 2250, 50, 45, 0.682],
        ['1005', 2000, 40, 50, 0.606],
      ]);
      expect(answer.series.map((series) => series.label)).toEqual([
        '1001',
        '1002',
        '1003',
        '1004',
        '1005',
        'Tvättstuga',
      ]);
    });

    it('an even count per m²: areas without a meter of the type are left out', async () => {
      const answer = await compare(`kind=areas&type=cw&areaType=apt&${OCTOBER}`);
      expect(answer).toMatchObject({ basis: 'perSquareMetre', median: 25 });
      // 1003 and 1005 have no cold-water meter; the main meter is the building's, not an area's.
      expect(ranked(answer)).toEqual([
        ['1004', 3000, 60, 50, 2],
        ['1002', 3000, 100, 30, 1.2],
        ['1001', 1000, 50, 20, 0.8],
        ['1006', 700, 70, 10, 0.4],
      ]);
    });

    it('areaType narrows the areas; none of the type is an empty ranking', async () => {
      const laundry = await compare(`kind=areas&type=hw&areaType=lau&${OCTOBER}`);
      expect(ranked(laundry)).toEqual([['Tvättstuga', 3000, null, null, 1]]);
      expect(laundry).toMatchObject({ basis: 'total', median: 3000 });
      const stairs = await compare(`kind=areas&type=hw&areaType=ent&${OCTOBER}`);
      expect(stairs).toMatchObject({ series: [], ranking: [], median: null });
    });

    it('a median of 0 leaves ofMedian unknown', async () => {
      const answer = await compare('kind=areas&type=hw&areaType=apt&period=month&date=2026-06-01');
      expect(answer.median).toBe(0);
      expect(answer.ranking?.map((entry) => [entry.total, entry.ofMedian])).toEqual(
        Array(5).fill([0, null]),
      );
    });
  });

  describe('periods', () => {
    it('a month against the same month a year earlier (October: a DST month both years)', async () => {
      const answer = await compare(`kind=periods&${OCTOBER}`);
      expect(answer).toMatchObject({
        kind: 'periods',
        from: '2026-10-01T00:00:00+02:00',
        to: '2026-11-01T00:00:00+01:00',
        against: {
          kind: 'lastYear',
          from: '2025-10-01T00:00:00+02:00',
          to: '2025-11-01T00:00:00+01:00',
        },
        ranking: null,
        basis: null,
        median: null,
      });
      // Hot and cold water are their main meters' (the flats' meters are below them).
      expect(answer.series.map((series) => [series.key, series.label, series.total])).toEqual([
        ['heat', 'heat', 60_000],
        ['heat:lastYear', 'heat', 30_700],
        ['hw', 'hw', 25_000],
        ['hw:lastYear', 'hw', 0],
        ['cw', 'cw', 12_500],
        ['cw:lastYear', 'cw', 0],
      ]);
      const lastYear = seriesOf(answer, 'heat:lastYear');
      expect(lastYear?.buckets).toHaveLength(31);
      expect(lastYear?.buckets[9]).toMatchObject({
        start: '2025-10-10T00:00:00+02:00',
        value: 30_000,
      });
      expect(lastYear?.buckets[30]?.start).toBe('2025-10-31T00:00:00+01:00');
      expect(seriesOf(answer, 'heat')?.buckets[24]?.value).toBe(50_000);
    });

    it('a month against the one before', async () => {
      const answer = await compare(`kind=periods&against=previous&${OCTOBER}`);
      expect(answer.against).toEqual({
        kind: 'previous',
        from: '2026-09-01T00:00:00+02:00',
        to: '2026-10-01T00:00:00+02:00',
        toDate: null,
      });
      const previous = seriesOf(answer, 'heat:previous');
      expect(previous?.total).toBe(20_000);
      expect(previous?.buckets).toHaveLength(30);
      expect(previous?.buckets[14]).toMatchObject({
        start: '2026-09-15T00:00:00+02:00',
        value: 20_000,
      });
    });

    it('a day of 25 hours against the same date a year earlier (24 hours) and the day before', async () => {
      const lastYear = await compare('kind=periods&period=day&date=2026-10-25');
      expect(lastYear.against).toEqual({
        kind: 'lastYear',
        from: '2025-10-25T00:00:00+02:00',
        to: '2025-10-26T00:00:00+02:00',
        toDate: null,
      });
      expect(seriesOf(lastYear, 'heat')?.buckets).toHaveLength(25);
      const then = seriesOf(lastYear, 'heat:lastYear');
      expect(then?.buckets).toHaveLength(24);
      expect(then?.buckets[12]).toMatchObject({ start: '2025-10-25T12:00:00+02:00', value: 700 });
      // The day after the spring day: the day before it has 23 hours.
      const previous = await compare('kind=periods&period=day&date=2026-03-30&against=previous');
      expect(previous.against).toMatchObject({
        from: '2026-03-29T00:00:00+01:00',
        to: '2026-03-30T00:00:00+02:00',
      });
      expect(seriesOf(previous, 'heat:previous')?.buckets).toHaveLength(23);
      expect(seriesOf(previous, 'heat')?.buckets).toHaveLength(24);
    });

    it('a week against the week 52 weeks earlier, Monday against Monday', async () => {
      const answer = await compare('kind=periods&period=week&date=2026-10-21');
      expect(answer).toMatchObject({
        from: '2026-10-19T00:00:00+02:00',
        to: '2026-10-26T00:00:00+01:00',
        against: { from: '2025-10-20T00:00:00+02:00', to: '2025-10-27T00:00:00+01:00' },
      });
      // Saturday 25 October 2025.
      expect(seriesOf(answer, 'heat:lastYear')?.buckets.map((bucket) => bucket.value)).toEqual([
        0, 0, 0, 0, 0, 700, 0,
      ]);
    });

    it('a year against the year before, by month', async () => {
      const answer = await compare('kind=periods&period=year&date=2026-06-01&against=previous');
      expect(answer.against).toMatchObject({
        from: '2025-01-01T00:00:00+01:00',
        to: '2026-01-01T00:00:00+01:00',
      });
      const previous = seriesOf(answer, 'heat:previous');
      expect(previous?.buckets).toHaveLength(12);
      expect(previous?.buckets[9]).toMatchObject({
        start: '2025-10-01T00:00:00+02:00',
        value: 30_700,
      });
    });

    it('this month against the same days a year earlier, and of the month before', async () => {
      // 11:30 in Stockholm on the autumn day.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-10-25T10:30:00Z'));
      const lastYear = await compare('kind=periods&period=thisMonth');
      expect(lastYear).toMatchObject({
        period: 'thisMonth',
        from: '2026-10-01T00:00:00+02:00',
        to: '2026-10-26T00:00:00+01:00',
        against: { from: '2025-10-01T00:00:00+02:00', to: '2025-10-26T00:00:00+02:00' },
      });
      expect(seriesOf(lastYear, 'heat:lastYear')?.buckets).toHaveLength(25);
      expect(seriesOf(lastYear, 'heat:lastYear')?.total).toBe(30_700);
      // The month so far against last year's as far: to 11:00 today, the clocks gone back at 03:00
      // (12 hours of 2 000 Wh and the 1st's 10 000), and to 11:00 on 25 October 2025 — without its
      // 700 at 12:00, which the whole window's series has. Water is its main meters' (the flats'
      // are below them); no use of them a year earlier.
      expect(lastYear.against?.toDate).toEqual({
        until: '2026-10-25T11:00:00+01:00',
        otherUntil: '2025-10-25T11:00:00+02:00',
        byType: [
          { type: 'heat', total: 34_000, otherTotal: 30_000 },
          { type: 'hw', total: 25_000, otherTotal: 0 },
          { type: 'cw', total: 12_500, otherTotal: 0 },
        ],
      });
      const previous = await compare('kind=periods&period=thisMonth&against=previous');
      expect(previous.against).toMatchObject({
        from: '2026-09-01T00:00:00+02:00',
        to: '2026-09-26T00:00:00+02:00',
        toDate: { otherUntil: '2026-09-25T11:00:00+02:00' },
      });
      expect(seriesOf(previous, 'heat:previous')?.total).toBe(20_000);
      expect(previous.against?.toDate?.byType[0]).toEqual({
        type: 'heat',
        total: 34_000,
        otherTotal: 20_000,
      });
      // Today against the same date a year earlier: its 700 came at 12:00, after 11:00.
      const today = await compare('kind=periods&period=today');
      expect(today.against).toMatchObject({ from: '2025-10-25T00:00:00+02:00' });
      expect(seriesOf(today, 'heat:lastYear')?.total).toBe(700);
      expect(today.against?.toDate?.byType[0]).toEqual({
        type: 'heat',
        total: 24_000,
        otherTotal: 0,
      });
      // At 13:10 the 700 is inside both points: to 13:00 on either day.
      vi.setSystemTime(new Date('2026-10-25T12:10:00Z'));
      const afternoon = await compare('kind=periods&period=today');
      expect(afternoon.against?.toDate).toMatchObject({
        until: '2026-10-25T13:00:00+01:00',
        otherUntil: '2025-10-25T13:00:00+02:00',
      });
      expect(afternoon.against?.toDate?.byType[0]).toEqual({
        type: 'heat',
        total: 28_000,
        otherTotal: 700,
      });
    });

    /**
     * A property whose two el sub-meters (4 000 and 6 000 Wh a day) report from 1 September 2025
     * to 12 October 2026, with a main meter above them reporting 15 000 Wh a day over
     * [mainFrom, mainTo] — each day at 08:00 UTC (10:00 in Stockholm) — asked at 12:30 in
     * Stockholm on 12 October 2026, as a member.
     */
    async function mainMeterAbove(name: string, serial: string, mainFrom: string, mainTo: string) {
      const property = await createProperty(db(), cast.organization.id, { name });
      const plant = await createArea(db(), property, { areaType: 'misc', name: 'El' });
      const daily = (from: string, to: string, use: number) =>
        hoursBetween(`${from}T08:00:00Z`, `${to}T08:00:01Z`)
          .filter((hour) => hour.endsWith('T08:00:00.000Z'))
          .map((hour) => ({ hour, use }));
      for (const [index, use] of [4000, 6000].entries()) {
        const meter = await createMeter(db(), plant, {
          deviceType: 'el',
          idNumber: `${serial}${index + 1}`,
        });
        await writeUse(db(), meter.id, ZONE, daily('2025-09-01', '2026-10-12', use));
      }
      const main = await createMeter(db(), plant, {
        deviceType: 'el',
        idNumber: `${serial}3`,
        main: true,
      });
      await writeUse(db(), main.id, ZONE, daily(mainFrom, mainTo, 15_000));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-10-12T10:30:00Z'));
      return async (query: string) => {
        const url = `/api/properties/${property.id}/compare?kind=periods&${query}`;
        const response = await cast.request('member', 'GET', url);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as Compare;
      };
    }

    it('a main meter installed this month: last year counted from the meters below it', async () => {
      // The main meter above the sub-meters since 1 October 2026.
      const ask = await mainMeterAbove('Nya elmätaren', 'KAM8200000', '2026-10-01', '2026-10-12');
      // 1–12 October: the main meter's 12 × 15 000 (not the sub-meters' 12 × 10 000 as well);
      // the same days of 2025 the sub-meters' 12 × 10 000 (today's flags alone would say 0).
      const month = await ask('period=thisMonth');
      expect(seriesOf(month, 'el')?.total).toBe(180_000);
      expect(seriesOf(month, 'el:lastYear')?.total).toBe(120_000);
      expect(month.against?.toDate?.byType).toEqual([
        { type: 'el', total: 180_000, otherTotal: 120_000 },
      ]);
      // By month: September 2026 the sub-meters' 30 × 10 000, October the main meter's alone.
      const year = await ask('period=year&date=2026-10-12');
      const values = (key: string) => seriesOf(year, key)?.buckets.map((bucket) => bucket.value);
      expect(values('el')?.slice(8, 10)).toEqual([300_000, 180_000]);
      expect(values('el:lastYear')?.slice(8, 10)).toEqual([300_000, 310_000]);
    });

    it('a main meter that stops reporting: its buckets after are gaps, not the meters below it', async () => {
      // The main meter from 1 September 2026, silent after 4 October 2026.
      const ask = await mainMeterAbove('Tyst elmätare', 'KAM8300000', '2026-09-01', '2026-10-04');
      const month = await ask('period=thisMonth');
      // 1–4 October the main meter's 4 × 15 000; 5–12 October are gaps (0), not the sub-meters'
      // 10 000 a day. The same days of 2025, before the main meter: the sub-meters' 12 × 10 000.
      const el = seriesOf(month, 'el');
      expect(el?.total).toBe(60_000);
      expect(el?.buckets.slice(3, 6).map((bucket) => bucket.value)).toEqual([15_000, 0, 0]);
      expect(seriesOf(month, 'el:lastYear')?.total).toBe(120_000);
      expect(month.against?.toDate?.byType).toEqual([
        { type: 'el', total: 60_000, otherTotal: 120_000 },
      ]);
    });

    it('a window that is over compares its whole: no point to date', async () => {
      const answer = await compare(`kind=periods&${OCTOBER}`);
      expect(answer.against?.toDate).toBeNull();
    });
  });

  describe('properties', () => {
    it("ranks the organization's properties by use when one has no Atemp", async () => {
      const answer = await compare(`kind=properties&type=heat&${OCTOBER}`);
      expect(answer).toMatchObject({ kind: 'properties', basis: 'total', median: 40_000 });
      // Solrosen 2 counts its main meter, not the sub-meter below it; Granne 2 is not ours.
      expect(ranked(answer)).toEqual([
        ['Solrosen 1', 60_000, 1000, 60, 1.5],
        ['Solrosen 2', 40_000, 500, 80, 1],
        ['Solrosen 3', 30_000, null, null, 0.75],
      ]);
      expect(answer.series.map((series) => [series.key, series.label])).toEqual([
        [propertyIds.one, 'Solrosen 1'],
        [propertyIds.two, 'Solrosen 2'],
        [propertyIds.three, 'Solrosen 3'],
      ]);
      // Asked from a sibling, the same properties.
      const fromThree = await compare(`kind=properties&type=heat&${OCTOBER}`, {
        property: 'three',
      });
      expect(fromThree.ranking).toEqual(answer.ranking);
    });

    it('per m² Atemp when every one has it; one without meters of the type is left out', async () => {
      const answer = await compare(`kind=properties&type=hw&${OCTOBER}`);
      expect(answer).toMatchObject({ basis: 'perSquareMetre', median: 22.5 });
      expect(ranked(answer)).toEqual([
        ['Solrosen 1', 25_000, 1000, 25, 1.111],
        ['Solrosen 2', 10_000, 500, 20, 0.889],
      ]);
    });

    it("another organization's manager sees only their own properties", async () => {
      const response = await cast.request(
        'otherManager',
        'GET',
        `/api/properties/${propertyIds.neighbour}/compare?kind=properties&${OCTOBER}`,
      );
      expect(response.statusCode).toBe(200);
      expect(ranked(response.json())).toEqual([['Granne 2', 99_999, null, null, 1]]);
    });
  });

  describe('main meters', () => {
    it('cold water: the main meter reads more than the flats (a leak in the pipes)', async () => {
      const answer = await compare(`kind=main&type=cw&${OCTOBER}`);
      expect(answer).toMatchObject({ kind: 'main', mainMeters: 1, ranking: null });
      expect(answer.series.map((series) => [series.key, series.label, series.total])).toEqual([
        ['main', 'main', 12_500],
        ['others', 'others', 7700],
        ['difference', 'difference', 4800],
      ]);
      const day = (index: number) => answer.series.map((series) => series.buckets[index]?.value);
      expect(day(11)).toEqual([12_000, 7700, 4300]);
      expect(day(19)).toEqual([500, 0, 500]);
      expect(seriesOf(answer, 'difference')?.buckets[11]?.start).toBe('2026-10-12T00:00:00+02:00');
    });

    it('hot water: the flats read more than the main meter, and the difference stays negative', async () => {
      const answer = await compare(`kind=main&type=hw&${OCTOBER}`);
      expect(answer.series.map((series) => [series.key, series.total])).toEqual([
        ['main', 25_000],
        ['others', 26_850],
        ['difference', -1850],
      ]);
      // The flats' estimated and simulated use flags the difference too.
      expect(seriesOf(answer, 'difference')?.buckets[11]).toEqual({
        start: '2026-10-12T00:00:00+02:00',
        value: -1850,
        estimated: true,
        simulated: true,
      });
    });

    it("electricity: the building's main meter against its own sub-meters, not the flats'", async () => {
      const property = await createProperty(db(), cast.organization.id, { name: 'Elhuset' });
      const plant = await createArea(db(), property, { areaType: 'misc', name: 'El' });
      const flat = await createArea(db(), property, { number: 1001 });
      const noon = '2026-10-12T10:00:00Z';
      const metered = async (
        area: typeof plant,
        meter: Parameters<typeof createMeter>[2],
        use: number,
      ) => writeUse(db(), (await createMeter(db(), area, meter)).id, ZONE, [{ hour: noon, use }]);
      await metered(plant, { deviceType: 'el', idNumber: 'KAM81000001', main: true }, 10_000);
      await metered(plant, { deviceType: 'el', idNumber: 'KAM81000002' }, 4000);
      await metered(flat, { deviceType: 'el', idNumber: 'KAM51000001', role: 'household' }, 3000);
      const response = await cast.request(
        'member',
        'GET',
        `/api/properties/${property.id}/compare?kind=main&type=el&${OCTOBER}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      // The laundry's 4 000 Wh is below the main meter; the flat's 3 000 is on its own contract.
      expect(
        (response.json() as Compare).series.map((series) => [series.key, series.total]),
      ).toEqual([
        ['main', 10_000],
        ['others', 4000],
        ['difference', 6000],
      ]);
    });

    it('no main meter: mainMeters 0 and the others alone', async () => {
      const heat = await compare(`kind=main&type=heat&${OCTOBER}`);
      expect(heat.mainMeters).toBe(0);
      expect(heat.series.map((series) => [series.key, series.total])).toEqual([['others', 60_000]]);
      const el = await compare(`kind=main&type=el&${OCTOBER}`);
      expect(el.mainMeters).toBe(0);
      expect(el.series).toHaveLength(1);
      expect(el.series[0]?.buckets.every((bucket) => bucket.value === 0)).toBe(true);
      expect(el.series[0]?.buckets).toHaveLength(31);
    });

    it('lifetime runs from the first year with use, as in statistics', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
      const answer = await compare('kind=main&type=heat&period=lifetime');
      expect(answer).toMatchObject({
        resolution: 'year',
        from: '2025-01-01T00:00:00+01:00',
        to: '2027-01-01T00:00:00+01:00',
      });
      expect(answer.series[0]?.buckets.map(({ start, value }) => [start, value])).toEqual([
        ['2025-01-01T00:00:00+01:00', 30_700],
        ['2026-01-01T00:00:00+01:00', 80_000],
      ]);
    });
  });

  it('answers in the contract, written by the compiled serializer', async () => {
    expect(responseJsonSchema(CompareSchema)).toBeDefined();
    for (const kind of ['areas', 'periods', 'properties', 'main']) {
      const answer = await compare(`kind=${kind}&type=hw&${OCTOBER}`);
      expect(CompareSchema.parse(answer)).toEqual(answer);
    }
  });

  describe('who may read (DESIGN §5)', () => {
    const kinds = ['areas', 'periods', 'properties', 'main'];
    const calls: GuardedCall[] = kinds.map((kind) => ({
      call: `GET /api/properties/{id}/compare?kind=${kind}`,
      method: 'GET',
      url: () => `/api/properties/${propertyIds.one}/compare?kind=${kind}&${OCTOBER}`,
    }));
    const tables = [devices, useHourly, useDaily, useMonthly];

    it.each([
      ...refusals(calls),
      ...unknownIdCalls(['GET'], (id) => `/api/properties/${id}/compare?kind=properties`),
    ])('$call as $caller: $status', async (refusal) => {
      await expectRefused(cast, db(), tables, refusal);
    });

    it.each(kinds)('a user of the organization reads %s as a site manager does', async (kind) => {
      const query = `kind=${kind}&type=hw&${OCTOBER}`;
      expect(await compare(query, { caller: 'member' })).toEqual(await compare(query));
    });
  });

  describe('bad queries (400, readable)', () => {
    it.each([
      ['kind=ranking', 'kind: kind is one of: areas, periods, properties, main.'],
      ['kind=areas&type=gas', 'type: type is one of: heat, el, hw, cw, solar.'],
      ['kind=areas&areaType=attic', 'areaType: areaType is one of: apt, bic, ent, sop, lau, misc.'],
      ['kind=periods&against=never', 'against: against is one of: lastYear, previous.'],
      ['kind=main&period=decade', 'period: period is one of: day, week, month, year'],
      [
        'kind=periods&period=lifetime',
        'period: period lifetime has no period before it to be compared against.',
      ],
    ])('?%s', async (query, message) => {
      await expectInvalid(
        cast,
        db(),
        [useMonthly],
        {
          method: 'GET',
          url: `/api/properties/${propertyIds.one}/compare?${query}`,
          payload: undefined,
        },
        message,
      );
    });
  });
});
