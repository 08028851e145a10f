// A property's solar production (DESIGN §4.4 "Energy views", docs/energy.md "Solar"): the
// statistics window of the period, the hour-by-hour own use the energy summary nets with (one
// repository function), the same window a year earlier, and the best day. Everyone of the
// organization may read it; nobody else learns the property exists.
import {
  formatWithOffset,
  type LocalDate,
  localDateOf,
  type PeriodWindow,
  startOfLocalDate,
} from '@portal/contracts/periods';
import type { Solar, SolarQuerySchema } from '@portal/contracts/solar';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { comparedUntil } from '../statistics/compared-until';
import { PeriodWindows } from '../statistics/period-windows';
import {
  findEnergyScope,
  type OwnUseRow,
  oneProperty,
  selectOwnUse,
  selectSolarDay,
} from './energy.repository';
import {
  coveredSums,
  onThisWindow,
  productionSums,
  SOLAR_SERIES_KEYS,
  solarSeries,
} from './solar-series';

type Query = z.output<typeof SolarQuerySchema>;

/** The same date a year earlier; 29 February becomes the 28th. */
export function yearBefore(date: LocalDate): LocalDate {
  const earlier = `${String(Number(date.slice(0, 4)) - 1).padStart(4, '0')}${date.slice(4)}`;
  return new Date(`${earlier}T00:00:00Z`).toISOString().startsWith(earlier)
    ? earlier
    : `${earlier.slice(0, 8)}28`;
}

/** The window's instants for the hourly rollup; lifetime reaches back to the first row. */
const instantsOf = (window: PeriodWindow) => ({
  from: window.period === 'lifetime' ? '-infinity' : new Date(window.fromMs).toISOString(),
  to: new Date(window.toMs).toISOString(),
});

const round = (value: number) => Math.round(value * 1000) / 1000;
const sum = (rows: readonly OwnUseRow[], pick: (row: OwnUseRow) => number) =>
  round(rows.reduce((total, row) => total + pick(row), 0));

export class SolarService {
  private readonly windows = new PeriodWindows();

  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<Solar> {
    const scope = await findEnergyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    const { timeZone } = scope;
    const now = Date.now();
    const options = { timeZone, now, date: query.date };
    let window = this.windows.get(query.period, options);
    const lifetime = window.period === 'lifetime';
    // The statistics window of the same period for the date (or today) one year earlier.
    const lastYearWindow = lifetime
      ? null
      : this.windows.get(query.period, {
          timeZone,
          now: startOfLocalDate(yearBefore(localDateOf(now, timeZone)), timeZone),
          date: query.date === undefined ? undefined : yearBefore(query.date),
        });
    const property = oneProperty(scope);
    // A window still running: its figures to its complete hours, last year's as far in.
    const point = lastYearWindow && comparedUntil(window, lastYearWindow, now);
    const iso = (instant: number) => new Date(instant).toISOString();
    const [rows, lastYearRows, lastYearToPoint, solarDay] = await Promise.all([
      selectOwnUse(this.db, window.resolution, {
        ...property,
        timeZone,
        ...instantsOf(window),
        ...(point && { to: iso(point.until) }),
      }),
      lastYearWindow &&
        selectOwnUse(this.db, lastYearWindow.resolution, {
          ...property,
          timeZone,
          ...instantsOf(lastYearWindow),
        }),
      lastYearWindow &&
        point &&
        selectOwnUse(this.db, lastYearWindow.resolution, {
          ...property,
          timeZone,
          from: iso(lastYearWindow.fromMs),
          to: iso(point.otherUntil),
        }),
      selectSolarDay(this.db, {
        ...property,
        from: lifetime ? '-infinity' : window.fromDate,
        to: window.toDate,
      }),
    ]);
    if (lifetime) {
      // Lifetime starts at the first year with use, which the read found (buckets are 1 Januaries).
      const years = rows.map((row) => Number(row.bucket.slice(0, 4)));
      const firstYear = years.length > 0 ? Math.min(...years) : undefined;
      window = this.windows.get('lifetime', { ...options, firstYear });
    }

    const buildingUseWh = sum(rows, (row) => row.consumption);
    const ownUseCoveredWh = sum(rows, (row) => row.ownUse);
    const series = [solarSeries(rows, window, SOLAR_SERIES_KEYS.production, productionSums)];
    if (lastYearWindow && lastYearRows)
      series.push(
        onThisWindow(
          solarSeries(lastYearRows, lastYearWindow, SOLAR_SERIES_KEYS.lastYear, productionSums),
          window,
        ),
      );
    series.push(solarSeries(rows, window, SOLAR_SERIES_KEYS.covered, coveredSums));
    return {
      period: window.period,
      from: window.from,
      to: window.to,
      timeZone,
      resolution: window.resolution,
      productionMeters: solarDay.meters,
      productionWh: sum(rows, (row) => row.production),
      until: point ? formatWithOffset(point.until, timeZone) : null,
      lastYearProductionWh: lastYearRows
        ? sum(lastYearToPoint || lastYearRows, (row) => row.production)
        : null,
      lastYearUntil: point ? formatWithOffset(point.otherUntil, timeZone) : null,
      buildingUseWh,
      ownUseCoveredWh,
      coveredShare:
        buildingUseWh > 0 ? Math.round((ownUseCoveredWh / buildingUseWh) * 1e4) / 1e4 : null,
      bestDay:
        solarDay.day !== null && (solarDay.use ?? 0) > 0
          ? { date: solarDay.day, productionWh: round(solarDay.use ?? 0) }
          : null,
      series,
    };
  }
}
