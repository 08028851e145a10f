// Properties' energy at a glance (GET /api/energy-overview, docs/energy.md "Overview and
// dashboard"): this month's use per type against the same days a year earlier, from one read of
// the daily rollup, and the energy class of the last 12 months (the energy summaries of all of
// them, read together), for the properties of the caller's organizations among those named.
import type {
  EnergyOverview,
  MonthUse,
  PropertyEnergyGlance,
} from '@portal/contracts/energy-overview';
import { LAST_12_MONTHS } from '@portal/contracts/energy-summary';
import type { AppContext } from '../../context';
import type { AccessClaims } from '../auth/tokens';
import { EnergySummaryService } from '../energy/energy-summary.service';
import { type MonthUseRow, selectMonthUse } from './energy-overview.repository';

type GlanceType = MonthUse['type'];
const TYPE_ORDER: readonly GlanceType[] = ['heat', 'el', 'hw', 'cw', 'solar'];

/** A bucket with more estimated or simulated use than this is flagged (statistics' threshold). */
const FLAG_THRESHOLD = 0.001;

/** Electricity of role production is solar; a flat's (household) counts as electricity used. */
const typeOf = (row: MonthUseRow & { deviceType: GlanceType }): GlanceType =>
  row.deviceType === 'el' && row.role === 'production' ? 'solar' : row.deviceType;

const round = (value: number) => Math.round(value * 1000) / 1000;

type Sums = {
  thisMonth: number;
  estimated: number;
  simulated: number;
  lastYear: number;
  days: number;
};

function monthUseOf(type: GlanceType, sums: Sums): MonthUse {
  const lastYear = sums.days > 0 ? round(sums.lastYear) : null;
  return {
    type,
    unit: type === 'hw' || type === 'cw' ? 'l' : 'Wh',
    thisMonth: round(sums.thisMonth),
    lastYear,
    change: lastYear ? sums.thisMonth / sums.lastYear - 1 : null,
    estimated: sums.estimated > FLAG_THRESHOLD,
    simulated: sums.simulated > FLAG_THRESHOLD,
  };
}

/** Which of a property's two windows a row's use counts in. */
type Counted = { thisMonth: boolean; lastYear: boolean };

/**
 * Where each row counts (docs/energy.md "Which meters count"): in each window, a type and role's
 * main meters where one of them has rows in it (the others are below it; summing both would
 * count the use twice), else all of them. Per window, not by today's flags: a main meter
 * installed this year has nothing a year earlier, when the meters below it were the only ones
 * measuring. Per window, not per day as the energy summary and compare decide, is enough for a
 * glance of a month: only in the month a main meter is installed do they differ (its days before
 * then show nothing of the group), and the rollup rows stay summed in SQL.
 */
function countedIn(rows: MonthUseRow[]): Map<MonthUseRow, Counted> {
  const groupOf = (row: MonthUseRow) => `${row.deviceType} ${row.role ?? ''}`;
  const measured = (rowsIn: (row: MonthUseRow) => number) =>
    new Set(rows.filter((row) => row.main && rowsIn(row) > 0).map(groupOf));
  const thisMonth = measured((row) => row.thisMonthRows);
  const lastYear = measured((row) => row.lastYearDays);
  return new Map(
    rows.map((row) => [
      row,
      {
        thisMonth: row.main || !thisMonth.has(groupOf(row)),
        lastYear: row.main || !lastYear.has(groupOf(row)),
      },
    ]),
  );
}

/** The rows of one property as its glance: one entry per type it has meters of, in order. */
function glanceOf(
  rows: MonthUseRow[],
): Omit<PropertyEnergyGlance, 'energyClass' | 'primaryEnergyNumber'> {
  const [first] = rows as [MonthUseRow];
  const byType = new Map<GlanceType, Sums>();
  for (const [row, counted] of countedIn(rows)) {
    if (row.deviceType === null) continue;
    const type = typeOf({ ...row, deviceType: row.deviceType });
    const sums = byType.get(type) ?? {
      thisMonth: 0,
      estimated: 0,
      simulated: 0,
      lastYear: 0,
      days: 0,
    };
    if (counted.thisMonth) {
      sums.thisMonth += row.thisMonth;
      sums.estimated += row.estimatedUse;
      sums.simulated += row.simulatedUse;
    }
    if (counted.lastYear) {
      sums.lastYear += row.lastYear;
      sums.days += row.lastYearDays;
    }
    byType.set(type, sums);
  }
  return {
    propertyId: first.propertyId,
    month: {
      from: first.from,
      to: first.to,
      lastYearFrom: first.lastYearFrom,
      lastYearTo: first.lastYearTo,
    },
    byType: TYPE_ORDER.flatMap((type) => {
      const sums = byType.get(type);
      return sums ? [monthUseOf(type, sums)] : [];
    }),
  };
}

export class EnergyOverviewService {
  private readonly summaries: EnergySummaryService;

  constructor(private readonly context: AppContext) {
    this.summaries = new EnergySummaryService(context);
  }

  async of(caller: AccessClaims, propertyIds: string[]): Promise<EnergyOverview> {
    // The month's use, and the last 12 months' energy figures of all the properties at once.
    const [rows, summaries] = await Promise.all([
      selectMonthUse(this.context.database.db, {
        userId: caller.userId,
        propertyIds,
        now: new Date(),
      }),
      this.summaries.ofProperties(caller, propertyIds, { year: LAST_12_MONTHS }),
    ]);
    const perProperty = new Map<string, MonthUseRow[]>();
    for (const row of rows) {
      const list = perProperty.get(row.propertyId) ?? [];
      list.push(row);
      perProperty.set(row.propertyId, list);
    }
    // In the order asked for; a property without meters still answers (with no types).
    return {
      properties: propertyIds.flatMap((id) => {
        const list = perProperty.get(id);
        const summary = summaries.get(id);
        return list
          ? [
              {
                ...glanceOf(list),
                energyClass: summary?.energyClass ?? null,
                primaryEnergyNumber: summary?.primaryEnergyNumber ?? null,
              },
            ]
          : [];
      }),
    };
  }
}
