// How a chart names its buckets: short on the axis, whole in the tooltip, the table and what a
// screen reader announces — in the language's conventions and the property's time zone.
import type { Language } from '@portal/contracts/domain';
import type { Period, Resolution } from '@portal/contracts/periods';
import { formatDate } from '../../lib/format';

/** The long name of a bucket of each resolution: `mån 16 nov. 2026`, `november 2026`. */
const FULL: Record<Exclude<Resolution, 'total'>, Intl.DateTimeFormatOptions> = {
  hour: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  day: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  year: { year: 'numeric' },
};

/** The axis's names: one of a few dozen under a bar, so as short as the resolution allows. */
const TICK: Record<Exclude<Resolution, 'total'>, Intl.DateTimeFormatOptions> = {
  hour: { hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric' },
  month: { month: 'short' },
  year: { year: 'numeric' },
};
/** A week's seven days have room for their weekday, which is what people look for in one. */
const WEEK_TICK: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric' };

/**
 * One bucket of a total period is the whole window: it is named as the month or the year it is,
 * which its start alone cannot tell (1 January is both a month's start and a year's).
 */
function totalOptions(period: Period | undefined): Intl.DateTimeFormatOptions {
  if (period === 'totalYear') return FULL.year;
  if (period === 'totalMonth') return FULL.month;
  return { day: 'numeric', month: 'short', year: 'numeric' };
}

export type BucketLabels = {
  /** On the axis. */
  tick: string;
  /** In the tooltip, the table and the announcement. */
  full: string;
};

export type LabelOptions = {
  resolution: Resolution;
  timeZone: string;
  language: Language;
  /** Names a total period's one bucket (totalMonth, totalYear); not needed otherwise. */
  period?: Period;
};

/**
 * The names of a series of bucket starts (ISO times with offsets). Where two hours read the same —
 * the hour the clocks go back repeats 02:00 — both name their offset (`02:00 GMT+2`, `02:00 GMT+1`).
 */
export function bucketLabels(starts: readonly string[], options: LabelOptions): BucketLabels[] {
  const { resolution, timeZone, language } = options;
  const at = (start: string, format: Intl.DateTimeFormatOptions) =>
    formatDate(new Date(start), language, { ...format, timeZone });
  if (resolution === 'total') {
    const format = totalOptions(options.period);
    return starts.map((start) => ({ tick: at(start, format), full: at(start, format) }));
  }
  const tickFormat = resolution === 'day' && starts.length <= 7 ? WEEK_TICK : TICK[resolution];
  const labels = starts.map((start) => ({
    tick: at(start, tickFormat),
    full: at(start, FULL[resolution]),
  }));
  if (resolution !== 'hour') return labels;
  const seen = new Map<string, number>();
  for (const { full } of labels) seen.set(full, (seen.get(full) ?? 0) + 1);
  return labels.map((label, index) => {
    if ((seen.get(label.full) ?? 0) < 2) return label;
    const start = starts[index] as string;
    return {
      tick: at(start, { ...tickFormat, timeZoneName: 'shortOffset' }),
      full: at(start, { ...FULL.hour, timeZoneName: 'shortOffset' }),
    };
  });
}
