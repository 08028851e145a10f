// The energy summary's window (docs/energy.md "Energy summary"): a calendar year, or the 12 whole
// months before the current one, as local dates and instants in the property's time zone.
import { LAST_12_MONTHS } from '@portal/contracts/energy-summary';
import { addDays, type LocalDate, localDateOf, startOfLocalDate } from '@portal/contracts/periods';

export type EnergyWindow = {
  /** The calendar year; null for the last 12 months. */
  year: number | null;
  /** Local dates, `toDate` exclusive, and the same as instants. */
  fromDate: LocalDate;
  toDate: LocalDate;
  fromMs: number;
  toMs: number;
  /** The 1st of each month of the window: the figures are weighted month by month. */
  months: LocalDate[];
  days: number;
};

const DAY_MS = 86_400_000;

/** The 1st of the month `months` after the one holding `date`. */
function monthStart(date: LocalDate, months = 0): LocalDate {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

export function energyWindow(
  year: number | typeof LAST_12_MONTHS,
  timeZone: string,
  now: number,
): EnergyWindow {
  const fromDate =
    year === LAST_12_MONTHS
      ? monthStart(localDateOf(now, timeZone), -12)
      : `${String(year).padStart(4, '0')}-01-01`;
  const toDate = monthStart(fromDate, 12);
  const months: LocalDate[] = [];
  for (let month = fromDate; month < toDate; month = monthStart(month, 1)) months.push(month);
  return {
    year: year === LAST_12_MONTHS ? null : year,
    fromDate,
    toDate,
    fromMs: startOfLocalDate(fromDate, timeZone),
    toMs: startOfLocalDate(toDate, timeZone),
    months,
    // Calendar days, whatever DST makes of their hours.
    days: Math.round((Date.parse(toDate) - Date.parse(fromDate)) / DAY_MS),
  };
}

/** The window's last day, which picks the rule set. */
export const lastDayOf = (window: EnergyWindow) => addDays(window.toDate, -1);
