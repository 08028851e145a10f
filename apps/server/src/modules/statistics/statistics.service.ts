// Statistics of a property or an area (DESIGN §4.4, docs/telemetry.md "Statistics"): the period's
// window and buckets in the property's time zone (periods.ts), one query over the rollup that
// resolution reads, and — for periods longer than a day — one more for the mean power of the
// window's last complete hour. Everyone of the organization may read them; nobody else learns the
// property or area exists (404).
import { type PeriodWindow, periodWindow } from '@portal/contracts/periods';
import type {
  Statistics,
  StatisticsQuerySchema,
  StatisticsType,
} from '@portal/contracts/statistics';
import type { z } from 'zod';
import { AREA_NOT_FOUND, PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import {
  type Bucketing,
  findAreaScope,
  findPropertyScope,
  type StatisticsScope,
  selectHourEnergy,
  selectUse,
  type UseRow,
} from './statistics.repository';
import { buildSeries, deviceTypesFor, energyUsedIn } from './statistics-series';

type Query = z.output<typeof StatisticsQuerySchema>;

const HOUR_MS = 3_600_000;

/** The window's bounds as the rollup's column takes them. */
function boundsOf(window: PeriodWindow, bucketing: Bucketing) {
  if (bucketing === 'hour')
    return { from: new Date(window.fromMs).toISOString(), to: new Date(window.toMs).toISOString() };
  // Lifetime starts at the first year with data, which this very query finds.
  return { from: window.period === 'lifetime' ? '-infinity' : window.fromDate, to: window.toDate };
}

/** The first year any row of the rows has use in (lifetime's first bucket). */
function firstYearOf(rows: readonly UseRow[]): number | undefined {
  let first: number | undefined;
  for (const row of rows) {
    if (row.bucket === null) continue;
    const year = Number(row.bucket.slice(0, 4));
    if (first === undefined || year < first) first = year;
  }
  return first;
}

/** The window's last complete hour before now: its UTC instant, or undefined when the window
 * has none yet (it starts in the future, or less than an hour ago). */
function lastCompleteHour(window: PeriodWindow, now: number): number | undefined {
  const hour = Math.floor(Math.min(window.toMs, now) / HOUR_MS) * HOUR_MS - HOUR_MS;
  return hour >= window.fromMs ? hour : undefined;
}

export class StatisticsService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<Statistics> {
    const scope = await findPropertyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    return this.answer(caller, scope, query);
  }

  async ofArea(caller: AccessClaims, areaId: string, query: Query): Promise<Statistics> {
    const scope = await findAreaScope(this.db, areaId, caller.userId);
    if (!scope) throw notFound(AREA_NOT_FOUND);
    return this.answer(caller, scope, query);
  }

  private async answer(
    caller: AccessClaims,
    scope: StatisticsScope,
    query: Query,
  ): Promise<Statistics> {
    const now = Date.now();
    const options = { timeZone: scope.timeZone, now, date: query.date };
    let window = periodWindow(query.period, options);
    // Hours read use_hourly, days use_daily; months, years and totals use_monthly.
    const bucketing: Bucketing = window.resolution;
    const types = query.types as StatisticsType[];
    const scoped = { userId: caller.userId, propertyId: scope.propertyId, areaId: scope.areaId };
    const rows = await selectUse(
      this.db,
      { bucketing, by: query.by, area: scope.areaId !== null },
      { ...scoped, deviceTypes: deviceTypesFor(types), ...boundsOf(window, bucketing) },
    );
    if (window.period === 'lifetime')
      window = periodWindow('lifetime', { ...options, firstYear: firstYearOf(rows) });

    const { series, totalEnergyWh } = buildSeries(rows, window, types, query.by);
    const hour = lastCompleteHour(window, now);
    let totalPowerW = 0;
    if (hour !== undefined) {
      const key = new Date(hour).toISOString();
      // A day's hours are in the rows already; a longer period asks the hourly rollup once.
      totalPowerW =
        bucketing === 'hour'
          ? energyUsedIn(rows, key)
          : await selectHourEnergy(this.db, { ...scoped, hour: key });
    }
    return {
      period: window.period,
      from: window.from,
      to: window.to,
      timeZone: window.timeZone,
      resolution: window.resolution,
      series,
      totalEnergyWh,
      // Wh in one hour is the hour's mean power in W.
      totalPowerW,
    };
  }
}
