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
  /** Per hour: the zone's UTC offset then (UTC+01:00). */
  offset: OwnText | null;
  /** The instants it spans in the window [startMs, endMs) (a month only partly in the window, only
   * its part): its registers are the last readings in (startMs, endMs]. */
  startMs: number;
  endMs: number;
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
  const startOf = (date: LocalDate) => startOfLocalDate(date, timeZone);
  const buckets: ExportBucket[] = [];
  if (resolution === 'hour') {
    const stop = startOf(end);
    // Whole UTC hours, as the hourly rollup keeps them: in a zone whose offset is not whole
    // hours (Asia/Kolkata) the day's first bucket starts at the first whole hour in it, as the
    // statistics' do.
    for (let ms = Math.ceil(startOf(from) / HOUR_MS) * HOUR_MS; ms < stop; ms += HOUR_MS) {
      const written = formatWithOffset(ms, timeZone); // 2026-10-25T02:00:00+01:00
      const wallMs = ms + offsetAt(ms, timeZone);
      buckets.push({
        key: String(ms),
        time: { text: `${written.slice(0, 10)} ${written.slice(11, 16)}`, wallMs },
        // Written with its 'UTC': a bare +02:00 is a time of day to a spreadsheet.
        offset: { text: `UTC${written.slice(19)}` },
        startMs: ms,
        endMs: ms + HOUR_MS,
      });
    }
  } else if (resolution === 'day') {
    for (let date = from; date < end; date = addDays(date, 1))
      buckets.push({
        key: date,
        time: { text: date, wallMs: utcMidnight(date) },
        offset: null,
        startMs: startOf(date),
        endMs: startOf(addDays(date, 1)),
      });
  } else {
    for (let month = firstOfMonth(from); month < end; month = nextMonth(month)) {
      const after = nextMonth(month);
      buckets.push({
        key: month,
        time: { text: month.slice(0, 7), wallMs: utcMidnight(month) },
        offset: null,
        startMs: startOf(month < from ? from : month),
        endMs: startOf(after > end ? end : after),
      });
    }
  }
  return buckets;
}

/** What a run of buckets reads: from the first one's start to the last one's end, as instants
 * and (days and months) as the local dates of the rollup rows, clipped to the window. */
export function rangeOf(
  buckets: readonly ExportBucket[],
  resolution: ExportResolution,
  window: { from: LocalDate; to: LocalDate },
): BucketRange {
  const first = buckets[0] as ExportBucket;
  const last = buckets.at(-1) as ExportBucket;
  const range = { loMs: first.startMs, hiMs: last.endMs, loDate: '', hiDate: '' };
  if (resolution === 'hour') return range;
  const end = addDays(window.to, 1);
  const after = resolution === 'day' ? addDays(last.key, 1) : nextMonth(last.key);
  return {
    ...range,
    loDate: first.key < window.from ? window.from : first.key,
    hiDate: after > end ? end : after,
  };
}
