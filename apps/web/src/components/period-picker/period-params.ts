// The period a screen shows as it stands in the address (`?period=month&date=2026-11-01`, so a
// view can be shared and survives a reload): read with fallbacks for what is not valid, stepped a
// period back or forth, and bounded by the days statistics can be asked for.
import { addDays, type LocalDate, mondayOf, PERIODS, type Period } from '@portal/contracts/periods';
import { STATISTICS_FIRST_DATE, StatisticsQuerySchema } from '@portal/contracts/statistics';

export const PERIOD_PARAM = 'period';
export const DATE_PARAM = 'date';
/** Where a property has not said otherwise (DESIGN §5 "Telemetry"). */
export const DEFAULT_TIME_ZONE = 'Europe/Stockholm';

export type PeriodChoice = { period: Period; date: LocalDate };

export function isPeriod(value: unknown, among: readonly Period[] = PERIODS): value is Period {
  return typeof value === 'string' && (among as readonly string[]).includes(value);
}

/** A date the statistics call takes: the contract's own rule (a calendar day, 2000–2999). */
export function isPeriodDate(value: unknown): value is LocalDate {
  // The contract's check throws (RangeError) on a day no calendar has, `2026-13-45`, instead of
  // refusing it: such a date is refused here before it gets there.
  if (typeof value !== 'string' || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return false;
  return StatisticsQuerySchema.shape.date.safeParse(value).success;
}

/**
 * The period and day in the address. What is missing or not valid there (`?period=decade`,
 * `?date=2026-02-30`, a day after today: nothing is measured there, and the picker never goes
 * there) falls back to the screen's default period and to today, each on its own.
 */
export function readPeriodParams(
  search: URLSearchParams,
  options: { defaultPeriod: Period; today: LocalDate; periods?: readonly Period[] },
): PeriodChoice {
  const period = search.get(PERIOD_PARAM);
  const date = search.get(DATE_PARAM);
  return {
    period: isPeriod(period, options.periods) ? period : options.defaultPeriod,
    date: isPeriodDate(date) && date <= options.today ? date : options.today,
  };
}

/** How far a step of each period moves; relative periods (today, this month …) do not step. */
const STEP: Partial<Record<Period, 'day' | 'week' | 'month' | 'year'>> = {
  day: 'day',
  week: 'week',
  month: 'month',
  totalMonth: 'month',
  year: 'year',
  totalYear: 'year',
};

export const periodSteps = (period: Period) => STEP[period] !== undefined;

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The date `steps` periods after `date`, as the first day of its period (a week's Monday, a
 * month's 1st, a year's 1 January) so the address names the period, not the day it was reached
 * from; 0 steps gives that first day. A relative period keeps its date.
 */
export function stepDate(period: Period, date: LocalDate, steps: number): LocalDate {
  const [year = 2000, month = 1] = date.split('-').map(Number);
  switch (STEP[period]) {
    case 'day':
      return addDays(date, steps);
    case 'week':
      return addDays(mondayOf(date), 7 * steps);
    case 'month': {
      const months = year * 12 + (month - 1) + steps;
      return `${pad(Math.floor(months / 12), 4)}-${pad((months % 12) + 1, 2)}-01`;
    }
    case 'year':
      return `${pad(year + steps, 4)}-01-01`;
    default:
      return date;
  }
}

/**
 * Whether a step leads anywhere: not into a period that starts after today (nothing is measured
 * there yet), nor before the first day statistics know.
 */
export function canStepTo(
  period: Period,
  date: LocalDate,
  steps: -1 | 1,
  today: LocalDate,
): boolean {
  if (!periodSteps(period)) return false;
  const target = stepDate(period, date, steps);
  return steps > 0 ? target <= today : target >= stepDate(period, STATISTICS_FIRST_DATE, 0);
}

/** The date a step writes to the address: never before the first day statistics know (the week
 * of 1 January 2000 starts in 1999, and the address would not take that Monday). */
export function stepTarget(period: Period, date: LocalDate, steps: number): LocalDate {
  const target = stepDate(period, date, steps);
  return target < STATISTICS_FIRST_DATE ? STATISTICS_FIRST_DATE : target;
}

/** The ISO 8601 week number of a date (week 1 holds the year's first Thursday). */
export function isoWeek(date: LocalDate): number {
  const thursday = addDays(mondayOf(date), 3);
  const firstOfYear = `${thursday.slice(0, 4)}-01-01`;
  return Math.floor((Date.parse(thursday) - Date.parse(firstOfYear)) / (7 * 86_400_000)) + 1;
}
