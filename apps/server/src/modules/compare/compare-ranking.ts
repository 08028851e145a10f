// Ranks series against each other (compare's areas and properties, docs/energy.md "Compare"): by
// use per m² when every one has its m², else by use; highest first, with the median and each
// one's multiple of it, so a leak or a misreading stands out. Pure: series in, ranking out.
import type { Compare } from '@portal/contracts/compare';
import type { StatisticsSeries } from '@portal/contracts/statistics';

type Ranked = NonNullable<Compare['ranking']>[number];
export type Ranking = Pick<Compare, 'ranking' | 'basis' | 'median'>;

/** Answers keep three decimals, as the series' sums do (mWh, millilitres). */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The middle value; of an even count, the mean of the two middle ones. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/**
 * The series ranked. `squareMetresOf` gives a series' floor area or Atemp by its key; null, or a
 * non-positive area (nothing to divide by), is unknown. One unknown area ranks all of them by use:
 * ranking part by m² and part by use would set numbers of different units side by side.
 */
export function rank(
  series: readonly StatisticsSeries[],
  squareMetresOf: (key: string) => number | null | undefined,
): Ranking {
  const entries = series.map((one) => {
    const area = squareMetresOf(one.key);
    const squareMetres = area !== null && area !== undefined && area > 0 ? area : null;
    return {
      key: one.key,
      label: one.label,
      total: one.total,
      squareMetres,
      perSquareMetre: squareMetres === null ? null : round(one.total / squareMetres),
      estimated: one.buckets.some((bucket) => bucket.estimated),
      simulated: one.buckets.some((bucket) => bucket.simulated),
    };
  });
  const basis =
    entries.length > 0 && entries.every((entry) => entry.perSquareMetre !== null)
      ? 'perSquareMetre'
      : 'total';
  const rankedBy = (entry: (typeof entries)[number]) =>
    basis === 'perSquareMetre' ? (entry.perSquareMetre ?? 0) : entry.total;
  const middle = medianOf(entries.map(rankedBy));
  const median = middle === null ? null : round(middle);
  const ranking: Ranked[] = entries
    .map((entry) => ({ ...entry, ofMedian: median ? round(rankedBy(entry) / median) : null }))
    // Array sort is stable: equal ones keep the series' order (the areas list's, by name).
    .sort((a, b) => rankedBy(b) - rankedBy(a));
  return { ranking, basis, median };
}
