// Statistics of a property or an area (DESIGN §4.4, docs/telemetry.md "Statistics"): the period's
// window and buckets in the property's time zone (periods.ts), one query over the rollup that
// resolution reads, and — for periods longer than a day — one more for the mean power of the
// window's last complete hour, shared by concurrent identical requests. Everyone of the
// organization may read them; nobody else learns the property or area exists (404).
import type { PeriodWindow } from '@portal/contracts/periods';
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
import { FreshSingleFlight } from './fresh-single-flight';
import { boundsOf, firstYearOf, PeriodWindows } from './period-windows';
import {
  findAreaScope,
  findPropertyScope,
  type StatisticsScope,
  selectHourEnergy,
  selectUse,
  type UseParameters,
  type UseRow,
  type UseShape,
} from './statistics.repository';
import { buildSeries, deviceTypesFor, energyUsedIn } from './statistics-series';

type Query = z.output<typeof StatisticsQuerySchema>;

const HOUR_MS = 3_600_000;

/** The window's last complete hour before now, as an ISO instant; undefined when the window has
 * none yet (it starts in the future, or less than an hour ago). Lifetime reaches back to the
 * first year with data, so any hour before now is in it. */
function lastCompleteHour(window: PeriodWindow, now: number): string | undefined {
  const hour = Math.floor(Math.min(window.toMs, now) / HOUR_MS) * HOUR_MS - HOUR_MS;
  if (hour < window.fromMs && window.period !== 'lifetime') return undefined;
  return new Date(hour).toISOString();
}

/** What one read of the rollups gives: the grouped use, and the Wh of the power hour. */
type Reading = { rows: UseRow[]; hourEnergy: number };

export class StatisticsService {
  /** Concurrent identical requests of one caller share everything, tenancy check included; of
   * different callers, the read once each caller's tenancy is checked. Every answer still comes
   * from what was read after its request arrived (fresh-single-flight.ts). */
  private readonly answers = new FreshSingleFlight<Statistics>();
  /** Keyed by the scope's organization and property, never the caller. */
  private readonly reads = new FreshSingleFlight<Reading>();
  private readonly windows = new PeriodWindows();

  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<Statistics> {
    return this.answers.run(
      JSON.stringify([caller.userId, 'property', propertyId, query]),
      async () => {
        const scope = await findPropertyScope(this.db, propertyId, caller.userId);
        if (!scope) throw notFound(PROPERTY_NOT_FOUND);
        return this.answer(scope, query);
      },
    );
  }

  ofArea(caller: AccessClaims, areaId: string, query: Query): Promise<Statistics> {
    return this.answers.run(JSON.stringify([caller.userId, 'area', areaId, query]), async () => {
      const scope = await findAreaScope(this.db, areaId, caller.userId);
      if (!scope) throw notFound(AREA_NOT_FOUND);
      return this.answer(scope, query);
    });
  }

  private async answer(scope: StatisticsScope, query: Query): Promise<Statistics> {
    const now = Date.now();
    const options = { timeZone: scope.timeZone, now, date: query.date };
    let window = this.windows.get(query.period, options);
    const types = query.types as StatisticsType[];
    // Hours read use_hourly, days use_daily; months, years and totals use_monthly.
    const shape: UseShape = {
      bucketing: window.resolution,
      by: query.by,
      area: scope.areaId !== null,
    };
    const parameters: UseParameters = {
      organizationId: scope.organizationId,
      propertyId: scope.propertyId,
      areaId: scope.areaId,
      deviceTypes: deviceTypesFor(types),
      ...boundsOf(window, shape.bucketing),
    };
    const hour = lastCompleteHour(window, now);
    const { rows, hourEnergy } = await this.reads.run(
      JSON.stringify([shape, parameters, hour]),
      () => this.read(shape, parameters, hour),
    );
    if (window.period === 'lifetime')
      window = this.windows.get('lifetime', { ...options, firstYear: firstYearOf(rows) });
    const { series, totalEnergyWh } = buildSeries(rows, window, types, query.by);
    return {
      period: window.period,
      from: window.from,
      to: window.to,
      timeZone: window.timeZone,
      resolution: window.resolution,
      series,
      totalEnergyWh,
      // Wh in one hour is the hour's mean power in W.
      totalPowerW: hourEnergy,
    };
  }

  /** One query over the rollup; a day's power hour is among its rows, a longer period's is read
   * from the hourly rollup beside it. */
  private async read(
    shape: UseShape,
    parameters: UseParameters,
    hour: string | undefined,
  ): Promise<Reading> {
    const hourly = shape.bucketing === 'hour';
    const [rows, hourEnergy] = await Promise.all([
      selectUse(this.db, shape, parameters),
      hour === undefined || hourly ? 0 : selectHourEnergy(this.db, { ...parameters, hour }),
    ]);
    return {
      rows,
      hourEnergy: hour !== undefined && hourly ? energyUsedIn(rows, hour) : hourEnergy,
    };
  }
}
