// A usage estimate's type as the energy chart's series (components/charts ChartSeries): this
// window's measured use as bars, the projection as lighter bars with their band, and last year's
// use as a line over them — one chart per type, from the one answer.
import type { UsageEstimateType } from '@portal/contracts/usage-estimate';
import type { ChartSeries } from '../../../components/charts/chart-model';

export type UsageSeriesKey = 'actual' | 'projected' | 'lastYear';

/**
 * A bucket's local date as a time the chart names in any zone as that date: noon UTC is the same
 * date from UTC−12 to UTC+11, and the chart names months and days only.
 */
const asTime = (date: string) => `${date}T12:00:00Z`;

export function usageChartSeries(
  estimate: UsageEstimateType,
  labels: Record<UsageSeriesKey, string>,
): ChartSeries[] {
  const common = { type: estimate.type, unit: estimate.unit };
  const bucket = (start: string, value: number | null) => ({
    start: asTime(start),
    value,
    estimated: false,
    simulated: false,
  });
  return [
    {
      ...common,
      key: 'actual',
      label: labels.actual,
      total: estimate.toDate,
      draw: 'bars',
      buckets: estimate.buckets.map((one) => ({
        ...bucket(one.start, one.actual),
        estimated: one.estimated,
        simulated: one.simulated,
      })),
    },
    {
      ...common,
      key: 'projected',
      label: labels.projected,
      // Its cells are the buckets still to come, not parts of the window's projection (which the
      // figures above give): no sum under them.
      total: null,
      draw: 'projection',
      buckets: estimate.buckets.map((one) => ({
        ...bucket(one.start, one.projected?.value ?? null),
        band: one.projected && { low: one.projected.low, high: one.projected.high },
      })),
    },
    {
      ...common,
      key: 'lastYear',
      label: labels.lastYear,
      total: estimate.lastYear,
      draw: 'line',
      buckets: estimate.buckets.map((one) => bucket(one.start, one.lastYear)),
    },
  ];
}
