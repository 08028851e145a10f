// The usage estimate's arithmetic (docs/energy.md "Usage estimate"): from one type's daily use
// this window so far and a year earlier, its buckets, the projection to the window's end with its
// band, and the costs at the property's prices. Pure: the service feeds it what it read.
import { addDays } from '@portal/contracts/periods';
import type { Price } from '@portal/contracts/prices';
import type { UsageEstimateType } from '@portal/contracts/usage-estimate';

/** The window an estimate is for, as local dates (`to` exclusive) and bucket keys. */
export type EstimateWindow = {
  period: 'year' | 'month';
  from: string;
  to: string;
  /** Where the measured days end (exclusive): today, kept inside the window. */
  measuredTo: string;
  /** Today, for the months whose fixed part is due so far. */
  today: string;
  /** The buckets' first local dates: months' 1sts for a year, days for a month. */
  buckets: string[];
};

/** A day's use as the rollups hold it. */
export type DayUse = { use: number; estimatedUse: number; simulatedUse: number };

/** Least half-width of the band around r, as a share of r. */
const LEAST_SPREAD = 0.05;
/** Half-width of the band of a projection from the rate so far. */
const RATE_SO_FAR_SPREAD = 0.25;
/** A bucket with this much estimated or simulated use or less is not flagged (as statistics). */
const FLAG_THRESHOLD = 0.001;

/** Sums of doubles carry noise in the last bits: use keeps mWh and millilitres, kronor öre. */
const round = (value: number) => Math.round(value * 1000) / 1000;
const roundKronor = (value: number) => Math.round(value * 100) / 100;

/** The same local date a year earlier; 29 February was 28 February then. */
export function yearEarlier(date: string): string {
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${String(Number(date.slice(0, 4)) - 1).padStart(4, '0')}-${monthDay}`;
}

/** The bucket a day of last year's window is the same bucket a year earlier of: its month's,
 * or its day's, a 29 February a month of the next year lacks being none. */
function lastYearBucketOf(period: EstimateWindow['period'], day: string): string | undefined {
  const later = `${String(Number(day.slice(0, 4)) + 1).padStart(4, '0')}${day.slice(4)}`;
  if (period === 'year') return `${later.slice(0, 7)}-01`;
  return addDays(later, 0) === later ? later : undefined;
}

/** Every local date of [from, to). */
function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/** The population standard deviation; 0 for fewer than two values. */
function spreadOf(values: number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}

/** How the part still to be measured is projected: a day's expected use, and the band's factors
 * on it. */
type Projector = {
  method: UsageEstimateType['method'];
  expected: (day: string) => number;
  low: number;
  high: number;
};

/**
 * From last year's profile when some measured day has use recorded on its date a year earlier
 * too; else from the mean day so far; else nothing. Days without use last year count as last
 * year's mean day, so a projection is never lowered by last year's gaps either.
 */
function projectorOf(
  thisYear: ReadonlyMap<string, DayUse>,
  lastYear: ReadonlyMap<string, number>,
  bucketOf: (day: string) => string,
): Projector {
  let overlapThis = 0;
  let overlapLast = 0;
  const perBucket = new Map<string, { thisYear: number; lastYear: number }>();
  for (const [day, use] of thisYear) {
    const before = lastYear.get(yearEarlier(day));
    if (before === undefined) continue;
    overlapThis += use.use;
    overlapLast += before;
    const bucket = perBucket.get(bucketOf(day)) ?? { thisYear: 0, lastYear: 0 };
    bucket.thisYear += use.use;
    bucket.lastYear += before;
    perBucket.set(bucketOf(day), bucket);
  }
  if (overlapLast > 0) {
    const ratio = overlapThis / overlapLast;
    const ratios = [...perBucket.values()]
      .filter((bucket) => bucket.lastYear > 0)
      .map((bucket) => bucket.thisYear / bucket.lastYear);
    const spread = Math.max(LEAST_SPREAD * ratio, spreadOf(ratios));
    let lastTotal = 0;
    for (const use of lastYear.values()) lastTotal += use;
    const lastMeanDay = lastTotal / lastYear.size;
    return {
      method: 'lastYearProfile',
      expected: (day) => ratio * (lastYear.get(yearEarlier(day)) ?? lastMeanDay),
      // Nothing used this year where last year had use (a vacant flat, heat in a summer month):
      // the rest is projected at nothing, and a band relative to nothing is nothing (not 0/0).
      low: ratio === 0 ? 1 : Math.max(0, ratio - spread) / ratio,
      high: ratio === 0 ? 1 : (ratio + spread) / ratio,
    };
  }
  if (thisYear.size > 0) {
    let measured = 0;
    for (const use of thisYear.values()) measured += use.use;
    const meanDay = measured / thisYear.size;
    return {
      method: 'rateSoFar',
      expected: () => meanDay,
      low: 1 - RATE_SO_FAR_SPREAD,
      high: 1 + RATE_SO_FAR_SPREAD,
    };
  }
  return { method: 'none', expected: () => 0, low: 0, high: 0 };
}

type Sums = { actual: number; expected: number; projectedDays: number } & DayUse & {
    lastYear: number;
    lastYearDays: number;
  };

/**
 * One type's estimate without its cost: `thisYear` holds the measured days with a row (days
 * before window.measuredTo), `lastYear` the days of the same window a year earlier with a row.
 */
export function estimateType(
  type: UsageEstimateType['type'],
  window: EstimateWindow,
  thisYear: ReadonlyMap<string, DayUse>,
  lastYear: ReadonlyMap<string, number>,
): Omit<UsageEstimateType, 'cost'> {
  const bucketOf =
    window.period === 'year' ? (day: string) => `${day.slice(0, 7)}-01` : (day: string) => day;
  const projector = projectorOf(thisYear, lastYear, bucketOf);
  const sums = new Map<string, Sums>(
    window.buckets.map((start) => [
      start,
      {
        actual: 0,
        expected: 0,
        projectedDays: 0,
        use: 0,
        estimatedUse: 0,
        simulatedUse: 0,
        lastYear: 0,
        lastYearDays: 0,
      },
    ]),
  );
  let measured = 0;
  let expected = 0;
  for (const day of datesOf(window.from, window.to)) {
    const bucket = sums.get(bucketOf(day));
    if (!bucket) continue;
    const use = thisYear.get(day);
    if (use) {
      measured += use.use;
      bucket.actual += use.use;
      bucket.estimatedUse += use.estimatedUse;
      bucket.simulatedUse += use.simulatedUse;
    } else {
      // A day to come, or a measured day without a row (a gap): projected, never counted as 0.
      const dayExpected = projector.expected(day);
      expected += dayExpected;
      bucket.expected += dayExpected;
      bucket.projectedDays += 1;
    }
  }
  for (const [day, use] of lastYear) {
    const later = lastYearBucketOf(window.period, day);
    const bucket = later === undefined ? undefined : sums.get(later);
    if (!bucket) continue;
    bucket.lastYear += use;
    bucket.lastYearDays += 1;
  }
  let lastYearTotal = 0;
  for (const use of lastYear.values()) lastYearTotal += use;
  const projects = projector.method !== 'none';
  const buckets = window.buckets.map((start) => {
    const bucket = sums.get(start) as Sums;
    const begun = start < window.measuredTo;
    return {
      start,
      actual: begun ? round(bucket.actual) : null,
      projected:
        projects && bucket.projectedDays > 0
          ? {
              value: round(bucket.actual + bucket.expected),
              low: round(bucket.actual + bucket.expected * projector.low),
              high: round(bucket.actual + bucket.expected * projector.high),
            }
          : null,
      lastYear: bucket.lastYearDays > 0 ? round(bucket.lastYear) : null,
      estimated: bucket.estimatedUse > FLAG_THRESHOLD,
      simulated: bucket.simulatedUse > FLAG_THRESHOLD,
    };
  });
  return {
    type,
    unit: type === 'heat' || type === 'el' ? 'Wh' : 'l',
    toDate: round(measured),
    projected: {
      value: round(measured + expected),
      low: round(measured + expected * projector.low),
      high: round(measured + expected * projector.high),
    },
    lastYear: lastYear.size > 0 ? round(lastYearTotal) : null,
    method: projector.method,
    buckets,
  };
}

/** How many months of the window: what the fixed part is paid for. */
export function monthsOf(window: EstimateWindow): { all: number; begun: number } {
  if (window.period === 'month') return { all: 1, begun: window.today >= window.from ? 1 : 0 };
  return {
    all: 12,
    begun: window.buckets.filter((first) => first <= window.today).length,
  };
}

/** What use costs at a price: Wh or litres in kWh or m³ (both a thousandth), plus the fixed
 * part for the months given. */
const costOf = (use: number, price: Price, months: number) =>
  roundKronor((use / 1000) * price.perUnit + price.fixedPerMonth * months);

/** A type's cost: to date with the months begun, projected and last year's with all of them. */
export function costOfType(
  estimate: Omit<UsageEstimateType, 'cost'>,
  price: Price,
  months: { all: number; begun: number },
): NonNullable<UsageEstimateType['cost']> {
  return {
    toDate: costOf(estimate.toDate, price, months.begun),
    projected: {
      value: costOf(estimate.projected.value, price, months.all),
      low: costOf(estimate.projected.low, price, months.all),
      high: costOf(estimate.projected.high, price, months.all),
    },
    lastYear: estimate.lastYear === null ? null : costOf(estimate.lastYear, price, months.all),
  };
}

/** The types' costs summed; last year's only when every priced type has one (a total missing a
 * type would look like a saving). Null when no type has a price. */
export function totalCostOf(
  costs: readonly (UsageEstimateType['cost'] | null)[],
): UsageEstimateType['cost'] {
  const priced = costs.filter((cost) => cost !== null);
  if (priced.length === 0) return null;
  const total = (pick: (cost: NonNullable<UsageEstimateType['cost']>) => number) =>
    roundKronor(priced.reduce((sum, cost) => sum + pick(cost), 0));
  return {
    toDate: total((cost) => cost.toDate),
    projected: {
      value: total((cost) => cost.projected.value),
      low: total((cost) => cost.projected.low),
      high: total((cost) => cost.projected.high),
    },
    lastYear: priced.every((cost) => cost.lastYear !== null)
      ? total((cost) => cost.lastYear as number)
      : null,
  };
}
