// The other window of a compared period (compare-windows.ts) where months differ in length: 29
// February a year earlier, thisMonth on a 31st against a shorter month, today against yesterday.
import { type PeriodWindow, periodWindow } from '@portal/contracts/periods';
import { describe, expect, it } from 'vitest';
import { againstWindow, type CompareAgainst } from './compare-windows';

const ZONE = 'Europe/Stockholm';
/** Noon in Stockholm on a day. */
const noonOf = (date: string) => Date.parse(`${date}T10:00:00Z`);

function other(
  period: PeriodWindow['period'],
  against: CompareAgainst,
  today: string,
  date?: string,
) {
  const options = { timeZone: ZONE, now: noonOf(today) };
  const window = periodWindow(period, { ...options, date });
  const {
    from,
    to,
    period: otherPeriod,
    buckets,
  } = againstWindow(window, against, options, periodWindow);
  return { from, to, period: otherPeriod, buckets: buckets.length };
}

describe('againstWindow', () => {
  it('29 February a year earlier is 28 February', () => {
    expect(other('day', 'lastYear', '2028-03-05', '2028-02-29')).toEqual({
      period: 'day',
      from: '2027-02-28T00:00:00+01:00',
      to: '2027-03-01T00:00:00+01:00',
      buckets: 24,
    });
    expect(other('today', 'lastYear', '2028-02-29')).toMatchObject({
      from: '2027-02-28T00:00:00+01:00',
    });
  });

  it('thisMonth on 29 February against February a year earlier: its 28 days', () => {
    expect(other('thisMonth', 'lastYear', '2028-02-29')).toEqual({
      period: 'thisMonth',
      from: '2027-02-01T00:00:00+01:00',
      to: '2027-03-01T00:00:00+01:00',
      buckets: 28,
    });
  });

  it('thisMonth on 31 March against February: its 1st to its last day', () => {
    expect(other('thisMonth', 'previous', '2026-03-31')).toEqual({
      period: 'thisMonth',
      from: '2026-02-01T00:00:00+01:00',
      to: '2026-03-01T00:00:00+01:00',
      buckets: 28,
    });
    // On the 10th: the 1st to the 10th of the month before.
    expect(other('thisMonth', 'previous', '2026-03-10')).toMatchObject({
      from: '2026-02-01T00:00:00+01:00',
      to: '2026-02-11T00:00:00+01:00',
      buckets: 10,
    });
  });

  it('today against yesterday, yesterday against the day before', () => {
    expect(other('today', 'previous', '2026-03-30')).toMatchObject({
      from: '2026-03-29T00:00:00+01:00',
      buckets: 23,
    });
    expect(other('yesterday', 'previous', '2026-03-30')).toMatchObject({
      from: '2026-03-28T00:00:00+01:00',
      to: '2026-03-29T00:00:00+01:00',
    });
  });

  it('a whole month or year against a year earlier; totals stay one bucket', () => {
    expect(other('totalMonth', 'lastYear', '2026-11-01', '2026-03-15')).toEqual({
      period: 'totalMonth',
      from: '2025-03-01T00:00:00+01:00',
      to: '2025-04-01T00:00:00+02:00',
      buckets: 1,
    });
    expect(other('totalYear', 'previous', '2026-11-01', '2026-03-15')).toMatchObject({
      from: '2025-01-01T00:00:00+01:00',
      to: '2026-01-01T00:00:00+01:00',
      buckets: 1,
    });
  });
});
