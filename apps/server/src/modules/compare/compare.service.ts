// Comparisons of a property (DESIGN §4.4 "Energy views", docs/energy.md "Compare"): its areas
// against each other, a period against another, the organization's properties against each
// other, and its main meters against the rest — each from the statistics rollup queries
// (statistics.repository.ts's selectUse), one query per window, never one per area or property.
// Everyone of the property's organization may read them; nobody else learns it exists (404).
import type { Compare, CompareQuerySchema } from '@portal/contracts/compare';
import { ErrorCode } from '@portal/contracts/errors';
import { formatWithOffset, type PeriodWindow, type Resolution } from '@portal/contracts/periods';
import {
  STATISTICS_TYPES,
  type StatisticsSeries,
  type StatisticsType,
} from '@portal/contracts/statistics';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { comparedUntil, selectUseUntil } from '../statistics/compared-until';
import { boundsOf, firstYearOf, PeriodWindows } from '../statistics/period-windows';
import {
  findPropertyScope,
  type MainSince,
  type StatisticsScope,
  selectMainSince,
  selectUse,
  type UseRow,
  type UseShape,
} from '../statistics/statistics.repository';
import { buildSeries, typeOf, UNITS } from '../statistics/statistics-series';
import { rank } from './compare-ranking';
import { againstWindow } from './compare-windows';

type Query = z.output<typeof CompareQuerySchema>;
/** One request: the property found for the caller, the query, its window, and the clock read
 * once for it (so the window and the other window agree on what today is). */
type Asked = { scope: StatisticsScope; query: Query; window: PeriodWindow; now: number };
type Read = { rows: UseRow[]; window: PeriodWindow };
/** What a kind adds to the window's fields. */
type Findings = Pick<Compare, 'series' | 'against' | 'ranking' | 'basis' | 'median' | 'mainMeters'>;

const METER_TYPES = ['heat', 'el', 'hw', 'cw'];
/** The meter type a compared type reads: solar is el meters of role production. */
const meterTypeOf = (type: StatisticsType) => (type === 'solar' ? 'el' : type);

/** Nothing of the kind: the fields other kinds fill. */
const NONE = { against: null, ranking: null, basis: null, median: null, mainMeters: null };

/** A series of every bucket of the window at 0 (a sum without meters). */
function zeroSeries(window: PeriodWindow, type: StatisticsType): StatisticsSeries {
  const buckets = window.buckets.map((bucket) => ({
    start: bucket.start,
    value: 0,
    estimated: false,
    simulated: false,
  }));
  return { type, key: type, label: type, unit: UNITS[type], total: 0, buckets };
}

/** The rows' use of one type summed into one series, named `key`. */
function sumOf(rows: readonly UseRow[], window: PeriodWindow, type: StatisticsType, key: string) {
  const [series] = buildSeries(rows, window, [type], 'type').series;
  return { ...(series ?? zeroSeries(window, type)), key, label: key };
}

/** main − others bucket by bucket, flagged where either is; negative stays negative. */
function differenceOf(main: StatisticsSeries, others: StatisticsSeries): StatisticsSeries {
  // Both have every bucket of the one window, in its order.
  const buckets = main.buckets.map((bucket, index) => {
    const other = others.buckets[index] ?? bucket;
    return {
      start: bucket.start,
      value: Math.round((bucket.value - other.value) * 1000) / 1000,
      estimated: bucket.estimated || other.estimated,
      simulated: bucket.simulated || other.simulated,
    };
  });
  const total = Math.round((main.total - others.total) * 1000) / 1000;
  return { ...main, key: 'difference', label: 'difference', total, buckets };
}

/** The main-since points of a read, by property, type and role (mainSinceKey). */
type MainSinceOf = Map<string, MainSince>;
const mainSinceKey = (propertyId: string, deviceType: string, role: string | null) =>
  `${propertyId} ${deviceType} ${role ?? ''}`;
const mainSinceOf = (rows: MainSince[]): MainSinceOf =>
  new Map(rows.map((row) => [mainSinceKey(row.propertyId, row.deviceType, row.role), row]));

/** Whether a bucket of the resolution (its key as periods.ts writes it; `toDate`: the window's
 * end, for `total`) ends by the main-since point: it holds none of it, and nothing after it. */
function endsBy(bucket: string, resolution: Resolution, toDate: string, since: MainSince) {
  if (since.day === null && since.hour === null) return true;
  if (resolution === 'hour') return since.hour !== null && bucket < since.hour;
  if (since.day === null) return true;
  if (resolution === 'day') return bucket < since.day;
  if (resolution === 'month') return bucket < `${since.day.slice(0, 7)}-01`;
  if (resolution === 'year') return bucket < `${since.day.slice(0, 4)}-01-01`;
  return toDate <= since.day;
}

/**
 * The rows that count as a property's use of a type, bucket by bucket (docs/energy.md "Which
 * meters count"): a type and role's main meters from the group's main-since point on (the first
 * rollup row of any of them, over all time; its other meters are below them: summing both would
 * count the use twice), its other meters in buckets that end by that point, or everywhere where
 * the main meters have no rows at all. Not by today's flags: a main meter installed this year has
 * no rows last year, when the meters below it were the only ones measuring. Nor by the rows of
 * each bucket: after the point a bucket without the main meters' rows (an outage) is a gap, not
 * the meters below them. The bucket that holds the point counts the main meters alone. Roles are
 * apart: a main meter of the building's electricity is not above the flats' own. `propertyOf`
 * names a row's property. A meter without rows in the window (bucket null) is kept: its use is 0.
 */
function countedRows(
  rows: readonly UseRow[],
  window: Pick<PeriodWindow, 'resolution' | 'toDate'>,
  mainSince: MainSinceOf,
  propertyOf: (row: UseRow) => string,
) {
  return rows.filter((row) => {
    if (row.main || row.bucket === null) return true;
    const since = mainSince.get(mainSinceKey(propertyOf(row), row.deviceType, row.role));
    return !since || endsBy(row.bucket, window.resolution, window.toDate, since);
  });
}

export class CompareService {
  private readonly windows = new PeriodWindows();

  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<Compare> {
    const scope = await findPropertyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    const now = Date.now();
    const window = this.windows.get(query.period, {
      timeZone: scope.timeZone,
      now,
      date: query.date,
    });
    const { window: answered, ...findings } = await this.findingsOf({ scope, query, window, now });
    return {
      kind: query.kind,
      period: answered.period,
      from: answered.from,
      to: answered.to,
      timeZone: answered.timeZone,
      resolution: answered.resolution,
      type: query.type,
      ...findings,
    };
  }

  private findingsOf(asked: Asked): Promise<Findings & { window: PeriodWindow }> {
    if (asked.query.kind === 'areas') return this.areas(asked);
    if (asked.query.kind === 'periods') return this.periods(asked);
    if (asked.query.kind === 'properties') return this.properties(asked);
    return this.main(asked);
  }

  /** One query over the rollup the window's resolution reads; lifetime's window then starts at
   * the first year the rows have use in, as in statistics. */
  private async read(
    { scope, now }: Asked,
    shape: Omit<UseShape, 'bucketing' | 'area'>,
    window: PeriodWindow,
    parameters: Pick<Query, 'areaType'> & { deviceTypes: string[] },
  ): Promise<Read> {
    const rows = await selectUse(
      this.db,
      { ...shape, bucketing: window.resolution, area: false },
      { ...scope, ...parameters, ...boundsOf(window, window.resolution) },
    );
    if (window.period !== 'lifetime') return { rows, window };
    const options = { timeZone: scope.timeZone, now, firstYear: firstYearOf(rows) };
    return { rows, window: this.windows.get('lifetime', options) };
  }

  /** The property's areas of the type (optionally of one area type), each one series, ranked.
   * Main meters measure the building, not an area: they are left out. */
  private async areas(asked: Asked) {
    const { query } = asked;
    const shape = { by: 'area' as const, areaType: query.areaType !== undefined };
    const read = await this.read(asked, shape, asked.window, {
      deviceTypes: [meterTypeOf(query.type)],
      areaType: query.areaType,
    });
    const rows = read.rows.filter((row) => !row.main);
    const { series } = buildSeries(rows, read.window, [query.type], 'area');
    const floorAreas = new Map(rows.map((row) => [row.key, row.floorArea]));
    const ranking = rank(series, (key) => floorAreas.get(key));
    return { window: read.window, ...NONE, series, ...ranking };
  }

  /** Every type in the window and in the other window, read side by side, each type counted as
   * a property's use of it (countedRows). */
  private async periods(asked: Asked) {
    const { scope, query, window, now } = asked;
    if (window.period === 'lifetime') {
      const message = 'period lifetime has no period before it to be compared against.';
      throw badRequest(`period: ${message}`, ErrorCode.validation, {
        issues: [{ field: 'period', rule: 'custom', message }],
      });
    }
    const other = againstWindow(
      window,
      query.against,
      { timeZone: scope.timeZone, now },
      (period, options) => this.windows.get(period, options),
    );
    const parameters = { deviceTypes: METER_TYPES };
    // Both windows, which main meters count since when, and of a window still running both to
    // the same point: side by side.
    const since = selectMainSince(this.db, { ...scope, ...parameters }).then(mainSinceOf);
    const [current, earlier, mainSince, toDate] = await Promise.all([
      this.read(asked, { by: 'device' }, window, parameters),
      this.read(asked, { by: 'device' }, other, parameters),
      since,
      this.toDate(asked, other, since),
    ]);
    const seriesOf = (rows: UseRow[], of: PeriodWindow) =>
      buildSeries(
        countedRows(rows, of, mainSince, () => scope.propertyId),
        of,
        STATISTICS_TYPES,
        'type',
      ).series;
    const currentSeries = seriesOf(current.rows, window);
    const earlierSeries = seriesOf(earlier.rows, other);
    // Per type the window's series, then the other window's beside it.
    const series = STATISTICS_TYPES.flatMap((type) => {
      const pair: StatisticsSeries[] = [];
      const mine = currentSeries.find((one) => one.type === type);
      const theirs = earlierSeries.find((one) => one.type === type);
      if (mine) pair.push(mine);
      if (theirs) pair.push({ ...theirs, key: `${type}:${query.against}` });
      return pair;
    });
    const against = { kind: query.against, from: other.from, to: other.to, toDate };
    return { window, ...NONE, series, against };
  }

  /** A window still running: each type's use in both windows to the same point (null when the
   * window is over; compared-until.ts). Types neither window has meters of are left out. */
  private async toDate(
    { scope, window, now }: Asked,
    other: PeriodWindow,
    since: Promise<MainSinceOf>,
  ) {
    const point = comparedUntil(window, other, now);
    if (!point) return null;
    const parameters = { ...scope, deviceTypes: METER_TYPES, timeZone: scope.timeZone };
    const [mine, theirs, mainSince] = await Promise.all([
      selectUseUntil(this.db, { ...parameters, fromDate: window.fromDate, until: point.until }),
      selectUseUntil(this.db, { ...parameters, fromDate: other.fromDate, until: point.otherUntil }),
      since,
    ]);
    const totalsOf = ({ days, hours }: { days: UseRow[]; hours: UseRow[] }) => {
      const totals = new Map<StatisticsType, number>();
      // Days and the last day's hours each against the point of their own resolution.
      const counted = (rows: UseRow[], resolution: Resolution) =>
        countedRows(rows, { resolution, toDate: '' }, mainSince, () => scope.propertyId);
      for (const row of [...counted(days, 'day'), ...counted(hours, 'hour')])
        totals.set(typeOf(row), (totals.get(typeOf(row)) ?? 0) + row.use);
      return totals;
    };
    const [mineTotals, theirTotals] = [totalsOf(mine), totalsOf(theirs)];
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return {
      until: formatWithOffset(point.until, scope.timeZone),
      otherUntil: formatWithOffset(point.otherUntil, scope.timeZone),
      byType: STATISTICS_TYPES.filter((type) => mineTotals.has(type) || theirTotals.has(type)).map(
        (type) => ({
          type,
          total: round(mineTotals.get(type) ?? 0),
          otherTotal: round(theirTotals.get(type) ?? 0),
        }),
      ),
    };
  }

  /** The organization's properties with meters of the type, each one series of its use
   * (countedRows), ranked per m² Atemp. */
  private async properties(asked: Asked) {
    const { query } = asked;
    const { scope } = asked;
    const parameters = { deviceTypes: [meterTypeOf(query.type)] };
    const [read, since] = await Promise.all([
      this.read(asked, { by: 'property', organization: true }, asked.window, parameters),
      selectMainSince(this.db, { ...scope, ...parameters, organization: true }),
    ]);
    const rows = countedRows(
      read.rows.filter((row) => typeOf(row) === query.type),
      read.window,
      mainSinceOf(since),
      (row) => row.key ?? '',
    );
    const { series } = buildSeries(rows, read.window, [query.type], 'property');
    const heatedAreas = new Map(rows.map((row) => [row.key, row.heatedArea]));
    const ranking = rank(series, (key) => heatedAreas.get(key));
    return { window: read.window, ...NONE, series, ...ranking };
  }

  /** The type's main meters against the sum of its other meters, and the difference. Without a
   * main meter only `others` is answered: a difference against nothing would read as a leak. */
  private async main(asked: Asked) {
    const { query } = asked;
    const read = await this.read(asked, { by: 'device' }, asked.window, {
      deviceTypes: [meterTypeOf(query.type)],
    });
    const ofType = read.rows.filter((row) => typeOf(row) === query.type);
    const mainRows = ofType.filter((row) => row.main);
    const mainMeters = new Set(mainRows.map((row) => row.key)).size;
    // Below a main meter are the meters of its role only: the building's main electricity meter
    // (consumption) does not measure the flats' own (household), so they are not its "others".
    const mainRoles = new Set(mainRows.map((row) => row.role));
    const others = sumOf(
      ofType.filter((row) => !row.main && (mainMeters === 0 || mainRoles.has(row.role))),
      read.window,
      query.type,
      'others',
    );
    if (mainMeters === 0) return { window: read.window, ...NONE, series: [others], mainMeters };
    const main = sumOf(mainRows, read.window, query.type, 'main');
    const series = [main, others, differenceOf(main, others)];
    return { window: read.window, ...NONE, series, mainMeters };
  }
}
