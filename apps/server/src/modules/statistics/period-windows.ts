// periods.ts's windows, remembered: a window is plain arithmetic on the period, the zone and the
// local dates it names, but writing its bucket starts with offsets asks Intl for each one (about
// a quarter of the server process's busy time under W4). Only `today` is asked per request.
import {
  localDateOf,
  type Period,
  type PeriodWindow,
  periodWindow,
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
