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
 * Where each row counts (docs/energy.md "Which meters count"): a type and role's main meters in a
 * window that ends after the group's main-since day (the first daily row of any of them; the
 * others are below them, summing both would count the use twice), its other meters in a window
 * that ends by it, or in every window where the main meters have no rows at all. The window that
 * holds the day counts the main meters alone, and one after it without their rows (an outage) is
 * theirs, not the meters below them. Not by today's flags: a main meter installed this year has
 * nothing a year earlier, when the meters below it were the only ones measuring. Per window, as
 * the energy summary and compare decide per bucket: the rollup rows stay summed in SQL.
 */
function countedIn(rows: MonthUseRow[]): Map<MonthUseRow, Counted> {
  // Windows end at their `to` date (exclusive): one ends by main-since when `to` <= it.
  const counted = (row: MonthUseRow, to: string) =>
    row.main || row.mainSince === null || to <= row.mainSince;
  return new Map(
    rows.map((row) => [
      row,
      { thisMonth: counted(row, row.to), lastYear: counted(row, row.lastYearTo) },
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
