// The solar view's series in the statistics shape (DESIGN §4.4, docs/energy.md "Solar"):
// production and own use covered per bucket of the window, made by statistics-series.ts, and the
// production of the same window a year earlier laid on this window's buckets. Pure.
import type { PeriodWindow } from '@portal/contracts/periods';
import type { StatisticsBucket, StatisticsSeries } from '@portal/contracts/statistics';
import type { UseRow } from '../statistics/statistics.repository';
import { buildSeries } from '../statistics/statistics-series';
import type { OwnUseRow } from './energy.repository';

export const SOLAR_SERIES_KEYS = {
  production: 'solar',
  lastYear: 'solarLastYear',
  covered: 'covered',
} as const;

type Sums = Pick<UseRow, 'use' | 'estimatedUse' | 'simulatedUse'>;

/** One series of the rows' buckets, every bucket of the window there (0 where no row). */
export function solarSeries(
  rows: readonly OwnUseRow[],
  window: PeriodWindow,
  key: string,
  sums: (row: OwnUseRow) => Sums,
): StatisticsSeries {
  const production = { deviceType: 'el', role: 'production' } as const;
  // A row without a bucket makes the series even when nothing was read (statistics' meter
  // without rows); solar production is statistics' type `solar`.
  const useRows: UseRow[] = [
    { ...production, bucket: null, use: 0, estimatedUse: 0, simulatedUse: 0 },
    ...rows.map((row) => ({ ...production, bucket: row.bucket, ...sums(row) })),
  ];
  const [series] = buildSeries(useRows, window, ['solar'], 'type').series;
  if (!series) throw new Error('buildSeries made no solar series');
  return { ...series, key, label: key };
}

export const productionSums = (row: OwnUseRow): Sums => ({
  use: row.production,
  estimatedUse: row.productionEstimated,
  simulatedUse: row.productionSimulated,
});

export const coveredSums = (row: OwnUseRow): Sums => ({
  use: row.ownUse,
  estimatedUse: row.productionEstimated + row.consumptionEstimated,
  simulatedUse: row.productionSimulated + row.consumptionSimulated,
});

/**
 * What names a bucket within its window, the same a year earlier: the local time of day of an
 * hour, the day of a month, the month of a year; a week's days and a total by position (the
 * week a year earlier starts on another date).
 */
function labelling(window: PeriodWindow): (start: string, index: number) => string {
  if (window.resolution === 'hour') return (start) => start.slice(11, 16);
  if (window.resolution === 'day' && window.period !== 'week') return (start) => start.slice(8, 10);
  if (window.resolution === 'month') return (start) => start.slice(5, 7);
  return (_start, index) => String(index);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Last year's series on this window's buckets, matched by label: a label this window has twice
 * (02:00 of an autumn DST day) takes last year's first on its first; one it lacks (02:00 of a
 * spring DST day, 29 February) is added to the bucket before, so the series sums to last year's
 * production.
 */
export function onThisWindow(lastYear: StatisticsSeries, window: PeriodWindow): StatisticsSeries {
  const label = labelling(window);
  const positions = new Map<string, number[]>();
  window.buckets.forEach((bucket, index) => {
    const name = label(bucket.start, index);
    positions.set(name, [...(positions.get(name) ?? []), index]);
  });
  const buckets: StatisticsBucket[] = window.buckets.map((bucket) => ({
    start: bucket.start,
    value: 0,
    estimated: false,
    simulated: false,
  }));
  const seen = new Map<string, number>();
  let previous = 0;
  lastYear.buckets.forEach((bucket, index) => {
    const name = label(bucket.start, index);
    const occurrence = seen.get(name) ?? 0;
    seen.set(name, occurrence + 1);
    const matches = positions.get(name);
    const position = matches ? (matches[Math.min(occurrence, matches.length - 1)] ?? 0) : previous;
    const target = buckets[position];
    if (!target) return;
    target.value = round(target.value + bucket.value);
    target.estimated ||= bucket.estimated;
    target.simulated ||= bucket.simulated;
    previous = position;
  });
  const total = round(buckets.reduce((sum, bucket) => sum + bucket.value, 0));
  return { ...lastYear, total, buckets };
}
