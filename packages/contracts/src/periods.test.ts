import { describe, expect, it } from 'vitest';
import {
  formatWithOffset,
  localDateOf,
  mondayOf,
  offsetAt,
  periodWindow,
  startOfLocalDate,
} from './periods';

const STOCKHOLM = 'Europe/Stockholm';
const NOW = Date.parse('2026-11-22T10:15:00+01:00');

describe('time zone arithmetic', () => {
  it('knows Stockholm’s offsets and local dates', () => {
    expect(offsetAt(Date.parse('2026-01-15T12:00:00Z'), STOCKHOLM)).toBe(3_600_000);
    expect(offsetAt(Date.parse('2026-07-15T12:00:00Z'), STOCKHOLM)).toBe(7_200_000);
    expect(localDateOf(Date.parse('2026-11-21T23:30:00Z'), STOCKHOLM)).toBe('2026-11-22');
    expect(localDateOf(Date.parse('2026-11-21T23:30:00Z'), 'UTC')).toBe('2026-11-21');
  });

  it('writes instants with the offset they have there', () => {
    expect(formatWithOffset(Date.parse('2026-10-25T00:30:00Z'), STOCKHOLM)).toBe(
      '2026-10-25T02:30:00+02:00',
    );
    expect(formatWithOffset(Date.parse('2026-10-25T01:30:00Z'), STOCKHOLM)).toBe(
      '2026-10-25T02:30:00+01:00',
    );
    expect(formatWithOffset(Date.parse('2026-10-25T01:30:00Z'), 'UTC')).toBe(
      '2026-10-25T01:30:00+00:00',
    );
    expect(formatWithOffset(Date.parse('2026-10-25T01:30:00Z'), 'America/St_Johns')).toBe(
      '2026-10-24T23:00:00-02:30',
    );
  });

  it('finds the first instant of a local date, also where midnight is skipped', () => {
    expect(startOfLocalDate('2026-03-29', STOCKHOLM)).toBe(Date.parse('2026-03-28T23:00:00Z'));
    expect(startOfLocalDate('2026-10-25', STOCKHOLM)).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(startOfLocalDate('2026-10-26', STOCKHOLM)).toBe(Date.parse('2026-10-25T23:00:00Z'));
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    const chile = startOfLocalDate('2026-09-06', 'America/Santiago');
    expect(formatWithOffset(chile, 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across a year
  });
});

describe('periods', () => {
  const window = (
    period: Parameters<typeof periodWindow>[0],
    date?: string,
    timeZone = STOCKHOLM,
  ) => periodWindow(period, { timeZone, now: NOW, ...(date ? { date } : {}) });

  it('a day has an hour bucket per local hour: 24, or 23 and 25 on DST days', () => {
    const day = window('day', '2026-11-22');
    expect(day.resolution).toBe('hour');
    expect(day.buckets).toHaveLength(24);
    expect(day.from).toBe('2026-11-22T00:00:00+01:00');
    expect(day.to).toBe('2026-11-23T00:00:00+01:00');
    expect(day.buckets[0]).toEqual({
      start: '2026-11-22T00:00:00+01:00',
      key: '2026-11-21T23:00:00.000Z',
    });

    const spring = window('day', '2026-03-29');
    expect(spring.buckets).toHaveLength(23);
    expect(spring.buckets.map((bucket) => bucket.start).slice(1, 3)).toEqual([
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T03:00:00+02:00',
    ]);
    expect(spring.to).toBe('2026-03-30T00:00:00+02:00');

    const autumn = window('day', '2026-10-25');
    expect(autumn.buckets).toHaveLength(25);
    expect(autumn.buckets.map((bucket) => bucket.start).slice(2, 4)).toEqual([
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
    ]);
    expect(new Set(autumn.buckets.map((bucket) => bucket.key)).size).toBe(25);
  });

  it('today and yesterday are the days of the server’s now in the zone', () => {
    expect(window('today').fromDate).toBe('2026-11-22');
    expect(window('yesterday').fromDate).toBe('2026-11-21');
    // 23:30 UTC on the 21st is already the 22nd in Stockholm.
    const late = periodWindow('today', {
      timeZone: STOCKHOLM,
      now: Date.parse('2026-11-21T23:30:00Z'),
    });
    expect(late.fromDate).toBe('2026-11-22');
    expect(
      periodWindow('today', { timeZone: 'UTC', now: Date.parse('2026-11-21T23:30:00Z') }).fromDate,
    ).toBe('2026-11-21');
  });

  it('a week is seven days from Monday, with the offset of each midnight', () => {
    const week = window('week', '2026-10-28');
    expect(week.resolution).toBe('day');
    expect(week.buckets.map((bucket) => bucket.key)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    const acrossDst = window('week', '2026-10-25');
    expect(acrossDst.from).toBe('2026-10-19T00:00:00+02:00');
    expect(acrossDst.to).toBe('2026-10-26T00:00:00+01:00');
    expect(acrossDst.toMs - acrossDst.fromMs).toBe((7 * 24 + 1) * 3_600_000);
  });

  it('a month has its days; thisMonth the days up to today', () => {
    expect(window('month', '2028-02-10').buckets).toHaveLength(29);
    expect(window('month', '2026-11-22').buckets).toHaveLength(30);
    const thisMonth = window('thisMonth');
    expect(thisMonth.buckets).toHaveLength(22);
    expect(thisMonth.to).toBe('2026-11-23T00:00:00+01:00');
  });

  it('a year has twelve months starting at local midnights', () => {
    const year = window('year', '2026-06-15');
    expect(year.resolution).toBe('month');
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets[0]).toEqual({ start: '2026-01-01T00:00:00+01:00', key: '2026-01-01' });
    expect(year.buckets[6]).toEqual({ start: '2026-07-01T00:00:00+02:00', key: '2026-07-01' });
    expect(year.to).toBe('2027-01-01T00:00:00+01:00');
  });

  it('lifetime has a bucket per year since the first with data', () => {
    const lifetime = periodWindow('lifetime', { timeZone: STOCKHOLM, now: NOW, firstYear: 2023 });
    expect(lifetime.resolution).toBe('year');
    expect(lifetime.buckets.map((bucket) => bucket.key)).toEqual([
      '2023-01-01',
      '2024-01-01',
      '2025-01-01',
      '2026-01-01',
    ]);
    expect(window('lifetime').buckets).toHaveLength(1);
  });

  it('total periods are one bucket over the month or the year', () => {
    const month = window('totalMonth', '2026-10-25');
    expect(month.resolution).toBe('total');
    expect(month.buckets).toEqual([{ start: '2026-10-01T00:00:00+02:00', key: '2026-10-01' }]);
    expect(month.to).toBe('2026-11-01T00:00:00+01:00');
    const year = window('totalYear', '2026-10-25');
    expect(year.buckets).toEqual([{ start: '2026-01-01T00:00:00+01:00', key: '2026-01-01' }]);
    expect(year.toDate).toBe('2027-01-01');
  });

  it('hour buckets in a zone of half hours are the UTC hours starting in the day', () => {
    const day = window('day', '2026-11-22', 'Asia/Kolkata');
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets[0]?.start).toBe('2026-11-22T00:30:00+05:30');
  });
});
