// The window a period is compared against (docs/energy.md "Compare"): the same period a year
// earlier, or the one just before, in the property's zone, with buckets of the same resolution.
import type { COMPARE_AGAINST } from '@portal/contracts/compare';
import {
  addDays,
  type LocalDate,
  type Period,
  type PeriodWindow,
  startOfLocalDate,
} from '@portal/contracts/periods';

export type CompareAgainst = (typeof COMPARE_AGAINST)[number];

/** periodWindow, or PeriodWindows' remembered one. */
type WindowOf = (
  period: Period,
  options: { timeZone: string; now: number; date?: LocalDate },
) => PeriodWindow;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The same day of a month `months` away, clamped to that month's last day (31 March a month
 * earlier is 28 or 29 February, 29 February a year earlier is 28 February). */
function shiftMonths(date: LocalDate, months: number): LocalDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const clamped = Math.min(day, lastDay.getUTCDate());
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(clamped)}`;
}

/** A week a year earlier is 52 weeks earlier: the same weekdays, so weekends meet weekends. */
const WEEKS_IN_A_YEAR_DAYS = 52 * 7;

/**
 * The other window of `window`:
 * - `lastYear`: the period holding the same local date a year earlier (a week: 52 weeks
 *   earlier); `thisMonth` (its 1st to today) against the same days of that month a year earlier;
 * - `previous`: the period just before (a day, `today` and `yesterday`: the day before; a week,
 *   month or year: the one before); `thisMonth` against the same days of the month before.
 * Days past a shorter month's end are clamped to it (thisMonth on 31 March against February's
 * 1st to 28th). Lifetime has nothing before it: the caller refuses it.
 */
export function againstWindow(
  window: PeriodWindow,
  against: CompareAgainst,
  options: { timeZone: string; now: number },
  windowOf: WindowOf,
): PeriodWindow {
  const { timeZone } = options;
  if (window.period === 'thisMonth') {
    // thisMonth runs from the 1st to the end of "today", so the other's is today's date moved.
    const today = addDays(window.toDate, -1);
    const other = shiftMonths(today, against === 'lastYear' ? -12 : -1);
    return windowOf('thisMonth', { timeZone, now: startOfLocalDate(other, timeZone) });
  }
  // today and yesterday are days: the other one is a day named by its date.
  const period = window.period === 'today' || window.period === 'yesterday' ? 'day' : window.period;
  let date: LocalDate;
  if (against === 'previous') date = addDays(window.fromDate, -1);
  else if (period === 'week') date = addDays(window.fromDate, -WEEKS_IN_A_YEAR_DAYS);
  else date = shiftMonths(window.fromDate, -12);
  return windowOf(period, { timeZone, now: options.now, date });
}
