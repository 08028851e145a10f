// A window still running compared with one that is over (docs/energy.md "A period still
// running"): this month so far against the whole of last year's month reads as a fall every
// morning. Both are compared only as far as the running one has come — its complete hours —
// and the other as many days into it and to the same local time. The use to such a point is read
// as the energy overview reads it: the complete days from the daily rollup, the last day's hours
// from the hourly one.
import {
  addDays,
  localDateOf,
  offsetAt,
  type PeriodWindow,
  startOfLocalDate,
} from '@portal/contracts/periods';
import type { Queryable } from '../../db/client';
import { selectUse, type UseParameters, type UseRow } from './statistics.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type ComparedUntil = {
  /** The running window's point: the start of the current hour. */
  until: number;
  /** The other window's: as many local days after its first and the same local time of day,
   * never past its end. */
  otherUntil: number;
};

/** Whole local days from one local date to another (both midnights, so DST does not count). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * Where `window` and `other` are compared when `window` holds `now`; null when it is over (or has
 * not begun, or is lifetime): the whole windows compare. The time of day is the local clock's, as
 * the energy overview's: 11:00 on the autumn day the clocks go back (twelve hours after midnight)
 * meets 11:00 a year earlier.
 */
export function comparedUntil(
  window: PeriodWindow,
  other: PeriodWindow,
  now: number,
): ComparedUntil | null {
  if (window.period === 'lifetime' || now < window.fromMs || now >= window.toMs) return null;
  const { timeZone } = window;
  const until = Math.max(window.fromMs, Math.floor(now / HOUR_MS) * HOUR_MS);
  const day = localDateOf(until, timeZone);
  const wall = (instant: number) => instant + offsetAt(instant, timeZone);
  const clock = wall(until) - wall(startOfLocalDate(day, timeZone));
  const otherStart = startOfLocalDate(
    addDays(other.fromDate, daysBetween(window.fromDate, day)),
    timeZone,
  );
  // The instant whose local clock reads `clock` on that day (the offset at the day's start, then
  // at the guess: the latter is right unless the guess falls in a skipped hour).
  const guess = wall(otherStart) + clock - offsetAt(otherStart, timeZone);
  const otherUntil = wall(otherStart) + clock - offsetAt(guess, timeZone);
  return { until, otherUntil: Math.min(other.toMs, Math.max(other.fromMs, otherUntil)) };
}

/**
 * The use of the scope's meters of `deviceTypes` from the local date `fromDate` to the instant
 * `until`, one row per meter (device shape: key, main, type and role) and bucket: the complete
 * days from the daily rollup and the hours of `until`'s day from the hourly one, apart. The
 * buckets are kept apart, not summed per meter: which meters count is decided per bucket against
 * the meter group's main-since point (compare's countedRows), a day's or an hour's.
 */
export async function selectUseUntil(
  db: Queryable,
  parameters: Omit<UseParameters, 'from' | 'to'> & {
    fromDate: string;
    until: number;
    timeZone: string;
  },
): Promise<{ days: UseRow[]; hours: UseRow[] }> {
  const { fromDate, until, timeZone, ...scope } = parameters;
  const lastDay = localDateOf(until, timeZone);
  const shape = { by: 'device', area: false } as const;
  const [days, hours] = await Promise.all([
    lastDay > fromDate
      ? selectUse(db, { ...shape, bucketing: 'day' }, { ...scope, from: fromDate, to: lastDay })
      : [],
    selectUse(
      db,
      { ...shape, bucketing: 'hour' },
      {
        ...scope,
        from: new Date(startOfLocalDate(lastDay, timeZone)).toISOString(),
        to: new Date(until).toISOString(),
      },
    ),
  ]);
  return { days, hours };
}
