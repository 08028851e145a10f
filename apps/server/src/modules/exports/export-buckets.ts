// The time buckets of an export window in the property's zone: every hour (23 or 25 on a DST
// day), every local date, or every month from the first date's to the last date's (a month
// partly in the window counts only its days inside). Each knows the rollup rows it reads and how
// the file writes it.
import type { ExportResolution } from '@portal/contracts/exports';
import {
  addDays,
  formatWithOffset,
  type LocalDate,
  offsetAt,
  startOfLocalDate,
} from '@portal/contracts/periods';
import type { OwnText, WallTime } from './export-cells';

const HOUR_MS = 3_600_000;

export type ExportBucket = {
  /** The rollup rows' key: an hour's epoch ms as text, a local date, a month's 1st. */
  key: string;
  time: WallTime;
  /** Per hour: the zone's UTC offset then (+01:00). */
  offset: OwnText | null;
};

/** What a run of buckets reads: hours as instants, days and months as local dates [lo, hi). */
export type BucketRange = { loMs: number; hiMs: number; loDate: LocalDate; hiDate: LocalDate };

const utcMidnight = (date: LocalDate) => Date.parse(`${date}T00:00:00Z`);
const firstOfMonth = (date: LocalDate) => `${date.slice(0, 7)}-01`;
const nextMonth = (date: LocalDate) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
};

export function exportBuckets(
  resolution: ExportResolution,
  from: LocalDate,
  to: LocalDate,
  timeZone: string,
): ExportBucket[] {
  const end = addDays(to, 1);
  const buckets: ExportBucket[] = [];
  if (resolution === 'hour') {
    const stop = startOfLocalDate(end, timeZone);
    for (let ms = startOfLocalDate(from, timeZone); ms < stop; ms += HOUR_MS) {
      const written = formatWithOffset(ms, timeZone); // 2026-10-25T02:00:00+01:00
      const wallMs = ms + offsetAt(ms, timeZone);
      buckets.push({
        key: String(ms),
        time: { text: `${written.slice(0, 10)} ${written.slice(11, 16)}`, wallMs },
        offset: { text: written.slice(19) },
      });
    }
  } else if (resolution === 'day') {
    for (let date = from; date < end; date = addDays(date, 1))
      buckets.push({ key: date, time: { text: date, wallMs: utcMidnight(date) }, offset: null });
  } else {
    for (let month = firstOfMonth(from); month < end; month = nextMonth(month))
      buckets.push({
        key: month,
        time: { text: month.slice(0, 7), wallMs: utcMidnight(month) },
        offset: null,
      });
  }
  return buckets;
}

/** What the buckets [first, last] read, clipped to the window [from, to]. */
export function rangeOf(
  buckets: readonly ExportBucket[],
  resolution: ExportResolution,
  window: { from: LocalDate; to: LocalDate; timeZone: string },
): BucketRange {
  const first = buckets[0] as ExportBucket;
  const last = buckets.at(-1) as ExportBucket;
  if (resolution === 'hour') {
    const loMs = Number(first.key);
    const hiMs = Number(last.key) + HOUR_MS;
    return { loMs, hiMs, loDate: '', hiDate: '' };
  }
  const end = addDays(window.to, 1);
  const lo = first.key < window.from ? window.from : first.key;
  const after = resolution === 'day' ? addDays(last.key, 1) : nextMonth(last.key);
  const hi = after > end ? end : after;
  return {
    loDate: lo,
    hiDate: hi,
    loMs: startOfLocalDate(lo, window.timeZone),
    hiMs: startOfLocalDate(hi, window.timeZone),
  };
}
