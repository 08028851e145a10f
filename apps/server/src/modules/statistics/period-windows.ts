// periods.ts's windows, remembered: a window is plain arithmetic on the period, the zone and the
// local dates it names, but writing its bucket starts with offsets asks Intl for each one (about
// a quarter of the server process's busy time under W4). Only `today` is asked per request.
// Also how a window bounds a rollup query, shared by statistics and compare.
import {
  localDateOf,
  type Period,
  type PeriodWindow,
  periodWindow,
  type Resolution,
} from '@portal/contracts/periods';

/** Far more than the periods, zones and dates asked for within a day. */
const KEPT = 500;

export class PeriodWindows {
  private readonly windows = new Map<string, PeriodWindow>();

  /** periodWindow(period, {timeZone, now, date, firstYear}), the same for every now of a day. */
  get(
    period: Period,
    options: { timeZone: string; now: number; date?: string; firstYear?: number },
  ): PeriodWindow {
    const today = localDateOf(options.now, options.timeZone);
    const key = `${period} ${options.timeZone} ${options.date ?? ''} ${today} ${options.firstYear ?? ''}`;
    let window = this.windows.get(key);
    if (!window) {
      window = periodWindow(period, options);
      // Oldest first out: a Map iterates in insertion order.
      if (this.windows.size >= KEPT)
        this.windows.delete(this.windows.keys().next().value as string);
      this.windows.set(key, window);
    }
    return window;
  }
}

/** The window's bounds as the rollup a resolution reads takes them: instants for hours, local
 * dates otherwise. */
export function boundsOf(window: PeriodWindow, bucketing: Resolution) {
  if (bucketing === 'hour')
    return { from: new Date(window.fromMs).toISOString(), to: new Date(window.toMs).toISOString() };
  // Lifetime starts at the first year with data, which this very query finds.
  return { from: window.period === 'lifetime' ? '-infinity' : window.fromDate, to: window.toDate };
}

/** The first year any row of the rows has use in (lifetime's first bucket). */
export function firstYearOf(rows: readonly { bucket: string | null }[]): number | undefined {
  let first: number | undefined;
  for (const row of rows) {
    if (row.bucket === null) continue;
    const year = Number(row.bucket.slice(0, 4));
    if (first === undefined || year < first) first = year;
  }
  return first;
}
