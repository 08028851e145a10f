// The name of the period a screen shows, in the language: `mån 16 nov. 2026`, `Vecka 47,
// 16–22 nov. 2026`, `november 2026`, `2026`. Local dates are written as UTC days, so no zone can
// move them to the day before.
import type { Language } from '@portal/contracts/domain';
import { addDays, type LocalDate, periodWindow } from '@portal/contracts/periods';
import { formatDate, formatDateRange } from '../../lib/format';
import { isoWeek, type PeriodChoice } from './period-params';

const DAY = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
} as const;
const SPAN = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
const MONTH = { month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
const YEAR = { year: 'numeric', timeZone: 'UTC' } as const;

const asDay = (date: LocalDate) => new Date(`${date}T00:00:00Z`);

export type PeriodLabelTexts = {
  week: (week: number, range: string) => string;
  /** Lifetime has no dates to name. */
  lifetime: string;
};

export function periodLabel(
  { period, date }: PeriodChoice,
  options: { timeZone: string; language: Language; now: number; texts: PeriodLabelTexts },
): string {
  const { language, texts } = options;
  if (period === 'lifetime') return texts.lifetime;
  const window = periodWindow(period, { timeZone: options.timeZone, now: options.now, date });
  const first = asDay(window.fromDate);
  const last = asDay(addDays(window.toDate, -1));
  switch (period) {
    case 'day':
    case 'today':
    case 'yesterday':
      return formatDate(first, language, DAY);
    case 'week':
      return texts.week(isoWeek(window.fromDate), formatDateRange(first, last, language, SPAN));
    case 'thisMonth':
      return formatDateRange(first, last, language, SPAN);
    case 'month':
    case 'totalMonth':
      return formatDate(first, language, MONTH);
    case 'year':
    case 'totalYear':
      return formatDate(first, language, YEAR);
  }
}
