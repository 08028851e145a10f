// Statistics series for the chart's tests, built the way the API answers them (DESIGN §4.4).
import type { StatisticsSeries, StatisticsType } from '@portal/contracts/statistics';

type BucketSpec = number | { value: number; estimated?: boolean; simulated?: boolean };

/** A series of `values` (Wh or litres) in buckets starting at `starts`. */
export function testSeries(
  type: StatisticsType,
  starts: readonly string[],
  values: readonly BucketSpec[],
  extra: Partial<Pick<StatisticsSeries, 'key' | 'label'>> = {},
): StatisticsSeries {
  const buckets = starts.map((start, index) => {
    const spec = values[index] ?? 0;
    const bucket = typeof spec === 'number' ? { value: spec } : spec;
    return {
      start,
      value: bucket.value,
      estimated: bucket.estimated ?? false,
      simulated: bucket.simulated ?? false,
    };
  });
  return {
    type,
    key: extra.key ?? type,
    label: extra.label ?? type,
    unit: type === 'hw' || type === 'cw' ? 'l' : 'Wh',
    total: buckets.reduce((sum, bucket) => sum + bucket.value, 0),
    buckets,
  };
}

/** The first days of November 2026 in Stockholm (CET, +01:00). */
export const NOVEMBER_DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'].map(
  (day) => `${day}T00:00:00+01:00`,
);

/** The months of 2026 in Stockholm: +01:00 in winter, +02:00 from April to October. */
export const MONTHS_2026 = Array.from({ length: 12 }, (_, index) => {
  const month = String(index + 1).padStart(2, '0');
  const offset = index >= 3 && index <= 9 ? '+02:00' : '+01:00';
  return `2026-${month}-01T00:00:00${offset}`;
});
