// Reading, stepping and bounding the period in the address, as plain date arithmetic.
import { describe, expect, it } from 'vitest';
import { canStepTo, isoWeek, readPeriodParams, stepDate, stepTarget } from './period-params';

const defaults = { defaultPeriod: 'month', today: '2026-11-22' } as const;
const read = (search: string) => readPeriodParams(new URLSearchParams(search), defaults);

describe('readPeriodParams', () => {
  it('reads a valid period and date', () => {
    expect(read('period=week&date=2026-03-29')).toEqual({ period: 'week', date: '2026-03-29' });
  });

  it('falls back to the default period and today, each on its own', () => {
    expect(read('')).toEqual({ period: 'month', date: '2026-11-22' });
    expect(read('period=decade&date=2026-03-29')).toEqual({ period: 'month', date: '2026-03-29' });
    expect(read('period=year&date=2026-02-30')).toEqual({ period: 'year', date: '2026-11-22' });
    expect(read('period=year&date=yesterday')).toEqual({ period: 'year', date: '2026-11-22' });
    expect(read('period=year&date=2026-13-45')).toEqual({ period: 'year', date: '2026-11-22' });
    expect(read('period=day&date=1999-12-31')).toEqual({ period: 'day', date: '2026-11-22' });
  });

  it('takes today for a day after it (nothing is measured there), and today itself', () => {
    expect(read('period=month&date=2031-01-01')).toEqual({ period: 'month', date: '2026-11-22' });
    expect(read('period=day&date=2026-11-23')).toEqual({ period: 'day', date: '2026-11-22' });
    expect(read('period=day&date=2026-11-22')).toEqual({ period: 'day', date: '2026-11-22' });
  });

  it('refuses a period the screen does not offer', () => {
    const search = new URLSearchParams('period=lifetime');
    expect(readPeriodParams(search, { ...defaults, periods: ['day', 'month'] }).period).toBe(
      'month',
    );
  });
});

describe('stepDate', () => {
  it('steps days across the end of a month and a leap day', () => {
    expect(stepDate('day', '2026-02-28', 1)).toBe('2026-03-01');
    expect(stepDate('day', '2024-02-28', 1)).toBe('2024-02-29');
    expect(stepDate('day', '2026-01-01', -1)).toBe('2025-12-31');
  });

  it('steps weeks from their Monday, across a year', () => {
    expect(stepDate('week', '2026-12-30', 1)).toBe('2027-01-04');
    expect(stepDate('week', '2026-01-01', -1)).toBe('2025-12-22');
    expect(stepDate('week', '2026-11-22', 0)).toBe('2026-11-16');
  });

  it('steps months to their 1st, across a year, from a 31st', () => {
    expect(stepDate('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepDate('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepDate('totalMonth', '2026-03-31', -1)).toBe('2026-02-01');
  });

  it('steps years to 1 January', () => {
    expect(stepDate('year', '2026-05-05', -1)).toBe('2025-01-01');
    expect(stepDate('totalYear', '2026-05-05', 1)).toBe('2027-01-01');
  });

  it('leaves relative periods where they are', () => {
    expect(stepDate('today', '2026-05-05', 1)).toBe('2026-05-05');
    expect(stepDate('lifetime', '2026-05-05', -1)).toBe('2026-05-05');
  });
});

describe('canStepTo', () => {
  it('goes no further than the period holding today', () => {
    expect(canStepTo('month', '2026-11-01', 1, '2026-11-22')).toBe(false);
    expect(canStepTo('month', '2026-10-01', 1, '2026-11-22')).toBe(true);
    expect(canStepTo('week', '2026-11-10', 1, '2026-11-22')).toBe(true);
    expect(canStepTo('day', '2026-11-22', 1, '2026-11-22')).toBe(false);
  });

  it('goes back no further than the first day statistics know', () => {
    expect(canStepTo('year', '2000-06-01', -1, '2026-11-22')).toBe(false);
    expect(canStepTo('month', '2000-02-01', -1, '2026-11-22')).toBe(true);
    expect(canStepTo('week', '2000-01-05', -1, '2026-11-22')).toBe(true);
    expect(stepTarget('week', '2000-01-05', -1)).toBe('2000-01-01');
  });

  it('does not step relative periods', () => {
    expect(canStepTo('today', '2026-11-22', -1, '2026-11-22')).toBe(false);
    expect(canStepTo('thisMonth', '2026-10-01', 1, '2026-11-22')).toBe(false);
  });
});

describe('isoWeek', () => {
  it('counts weeks from the one holding the year’s first Thursday', () => {
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2026-11-22')).toBe(47);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2025-12-29')).toBe(1);
  });
});
