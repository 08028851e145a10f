// The periods of SPEC §3 as windows and buckets in a property's time zone (DESIGN §4.4
// "Statistics"): hours for a day (23 or 25 on DST days), days for a week (Monday first) or a
// month, months for a year, years for lifetime, one bucket for the totals. Plain arithmetic on
// the platform's Intl (no date library): the server answers statistics with these and the web
// app can label a chart's axis with them. Decisions: docs/telemetry.md "Statistics".

export const PERIODS = [
  'day',
  'week',
  'month',
  'year',
  'today',
  'yesterday',
  'thisMonth',
  'totalMonth',
  'totalYear',
  'lifetime',
] as const;
export type Period = (typeof PERIODS)[number];

/** What one bucket spans; `total` is the whole window in one. */
export const RESOLUTIONS = ['hour', 'day', 'month', 'year', 'total'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** A local calendar date, `YYYY-MM-DD`. */
export type LocalDate = string;

export type Bucket = {
  /** When it starts, with the zone's offset then (2026-03-29T03:00:00+02:00). */
  start: string;
  /** The rollup row it reads: an hour's UTC instant (ISO, Z), else its first local date. */
  key: string;
};

export type PeriodWindow = {
  period: Period;
  resolution: Resolution;
  timeZone: string;
  /** The window's first instant and the instant after it, with offsets. */
  from: string;
  to: string;
  /** The same as instants (ms) and as local dates (`toDate` exclusive): what the queries take. */
  fromMs: number;
  toMs: number;
  fromDate: LocalDate;
  toDate: LocalDate;
  buckets: Bucket[];
};

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of an instant in a zone, as if it were UTC (ms). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(ms))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC at an instant, in ms (Stockholm in July: 7 200 000). */
export function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

const dateOfUtc = (ms: number): LocalDate => new Date(ms).toISOString().slice(0, 10);
const utcOfDate = (date: LocalDate) => Date.parse(`${date}T00:00:00Z`);

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day written `YYYY-MM-DD`: 2026-02-30 and 2026-13-45 are none (the latter no time at
 * all: it must not reach toISOString, which throws on an invalid date). */
export function isCalendarDate(value: string): boolean {
  if (!LOCAL_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The local date of an instant in a zone. */
export function localDateOf(ms: number, timeZone: string): LocalDate {
  return dateOfUtc(wallClock(ms, timeZone));
}

/** An instant written with the zone's offset at it: 2026-10-25T02:00:00+01:00. */
export function formatWithOffset(ms: number, timeZone: string): string {
  const offset = offsetAt(ms, timeZone);
  const wall = new Date(ms + offset).toISOString().slice(0, 19);
  const minutes = Math.round(offset / 60_000);
  return `${wall}${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The first instant of a local date: its midnight, or where a zone skips midnight (Chile moves
 * its clocks at 00:00) the first instant after the gap; the earlier midnight where one repeats.
 */
export function startOfLocalDate(date: LocalDate, timeZone: string): number {
  const wall = utcOfDate(date);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const fits = [wall - before, wall - after]
    .filter((ms) => wallClock(ms, timeZone) === wall)
    .sort((a, b) => a - b);
  return fits[0] ?? wall - before;
}

/** A local date moved by days or months (a month's 31st clamped to its last day). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfUtc(utcOfDate(date) + days * DAY_MS);
}
function firstOfMonth(date: LocalDate, months = 0): LocalDate {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return dateOfUtc(Date.UTC(year, month - 1 + months, 1));
}
const firstOfYear = (date: LocalDate, years = 0) =>
  `${pad(Number(date.slice(0, 4)) + years, 4)}-01-01`;

/** Monday of the week holding the date (ISO 8601 weeks start on Monday). */
export function mondayOf(date: LocalDate): LocalDate {
  const weekday = (new Date(utcOfDate(date)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(date, -weekday);
}

/** Every local date from `from` up to (not including) `to`, stepping by `step`. */
function dates(from: LocalDate, to: LocalDate, step: (date: LocalDate) => LocalDate) {
  const result: LocalDate[] = [];
  for (let date = from; date < to; date = step(date)) result.push(date);
  return result;
}

export type PeriodOptions = {
  timeZone: string;
  /** The server's clock: what today is. */
  now: Date | number;
  /** The day the period contains (day, week, month, year, totals); today if absent. */
  date?: LocalDate;
  /** Lifetime: the first year with data (this year if absent). */
  firstYear?: number;
};

/**
 * The window and buckets of a period. Hour buckets are the UTC hours starting inside the local
 * day (in whole-hour zones, every local hour); day, month and year buckets start at local
 * midnights. `thisMonth` runs from the 1st to the end of today; `lifetime` from 1 January of
 * `firstYear` to the end of this year.
 */
export function periodWindow(period: Period, options: PeriodOptions): PeriodWindow {
  const { timeZone } = options;
  const today = localDateOf(Number(options.now), timeZone);
  const date = options.date ?? today;
  let resolution: Resolution;
  let fromDate: LocalDate;
  let toDate: LocalDate;
  let starts: LocalDate[] = [];
  switch (period) {
    case 'day':
    case 'today':
    case 'yesterday': {
      resolution = 'hour';
      fromDate = period === 'day' ? date : period === 'today' ? today : addDays(today, -1);
      toDate = addDays(fromDate, 1);
      break;
    }
    case 'week':
      resolution = 'day';
      fromDate = mondayOf(date);
      toDate = addDays(fromDate, 7);
      starts = dates(fromDate, toDate, (day) => addDays(day, 1));
      break;
    case 'month':
    case 'thisMonth':
      resolution = 'day';
      fromDate = firstOfMonth(period === 'month' ? date : today);
      toDate = period === 'month' ? firstOfMonth(fromDate, 1) : addDays(today, 1);
      starts = dates(fromDate, toDate, (day) => addDays(day, 1));
      break;
    case 'year':
      resolution = 'month';
      fromDate = firstOfYear(date);
      toDate = firstOfYear(date, 1);
      starts = dates(fromDate, toDate, (month) => firstOfMonth(month, 1));
      break;
    case 'lifetime': {
      resolution = 'year';
      const thisYear = Number(today.slice(0, 4));
      fromDate = firstOfYear(`${pad(Math.min(options.firstYear ?? thisYear, thisYear), 4)}-01-01`);
      toDate = firstOfYear(today, 1);
      starts = dates(fromDate, toDate, (year) => firstOfYear(year, 1));
      break;
    }
    case 'totalMonth':
      resolution = 'total';
      fromDate = firstOfMonth(date);
      toDate = firstOfMonth(fromDate, 1);
      starts = [fromDate];
      break;
    case 'totalYear':
      resolution = 'total';
      fromDate = firstOfYear(date);
      toDate = firstOfYear(date, 1);
      starts = [fromDate];
      break;
  }
  const fromMs = startOfLocalDate(fromDate, timeZone);
  const toMs = startOfLocalDate(toDate, timeZone);
  const buckets: Bucket[] =
    resolution === 'hour'
      ? hourStarts(fromMs, toMs).map((ms) => ({
          start: formatWithOffset(ms, timeZone),
          key: new Date(ms).toISOString(),
        }))
      : starts.map((day) => ({
          start: formatWithOffset(startOfLocalDate(day, timeZone), timeZone),
          key: day,
        }));
  return {
    period,
    resolution,
    timeZone,
    from: formatWithOffset(fromMs, timeZone),
    to: formatWithOffset(toMs, timeZone),
    fromMs,
    toMs,
    fromDate,
    toDate,
    buckets,
  };
}

/** The UTC whole hours starting in [from, to). */
function hourStarts(fromMs: number, toMs: number): number[] {
  const result: number[] = [];
  for (let ms = Math.ceil(fromMs / HOUR_MS) * HOUR_MS; ms < toMs; ms += HOUR_MS) result.push(ms);
  return result;
}
