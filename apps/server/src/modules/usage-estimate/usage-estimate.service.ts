// The usage estimate of a property (DESIGN §4.4 "Energy views", docs/energy.md "Usage estimate"):
// the window in the property's time zone, two reads beside the tenancy check — the daily use of
// both years, and the prices — and the projection of each meter type (usage-projection.ts).
// Everyone of the organization may read it; nobody else learns the property exists (404).
import { localDateOf, periodWindow } from '@portal/contracts/periods';
import { PRICED_TYPES, type PricedType } from '@portal/contracts/prices';
import type {
  UsageEstimate,
  UsageEstimateQuerySchema,
  UsageEstimateType,
} from '@portal/contracts/usage-estimate';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { selectPrices } from '../prices/prices.repository';
import { presentPrices } from '../prices/prices.service';
import { findPropertyScope } from '../statistics/statistics.repository';
import { type DailyUseRow, selectDailyUse } from './usage-estimate.repository';
import {
  costOfType,
  type DayUse,
  type EstimateWindow,
  estimateType,
  monthsOf,
  totalCostOf,
  yearEarlier,
} from './usage-projection';

type Query = z.output<typeof UsageEstimateQuerySchema>;

export type UsageEstimateOptions = {
  /** The clock that says what today is (tests set it; the server runs on Date.now). */
  now?: () => number;
};

/** The window asked for: a month, a year, or this year; `today` kept inside it as measuredTo. */
function windowOf(query: Query, timeZone: string, now: number): EstimateWindow {
  const today = localDateOf(now, timeZone);
  const period = query.month === undefined ? 'year' : 'month';
  const date =
    query.month === undefined ? `${query.year ?? today.slice(0, 4)}-01-01` : `${query.month}-01`;
  const window = periodWindow(period, { timeZone, now, date });
  const measuredTo =
    today < window.fromDate ? window.fromDate : today > window.toDate ? window.toDate : today;
  return {
    period,
    from: window.fromDate,
    to: window.toDate,
    measuredTo,
    today,
    buckets: window.buckets.map((bucket) => bucket.key),
  };
}

/** The rows split per type: the measured days this window, the days a year earlier. */
function daysPerType(rows: readonly DailyUseRow[], window: EstimateWindow) {
  const types = new Map<
    PricedType,
    { thisYear: Map<string, DayUse>; lastYear: Map<string, number> }
  >();
  for (const row of rows) {
    let days = types.get(row.deviceType);
    if (!days) {
      days = { thisYear: new Map(), lastYear: new Map() };
      types.set(row.deviceType, days);
    }
    if (row.day === null) continue;
    if (row.day >= window.from) days.thisYear.set(row.day, row);
    else days.lastYear.set(row.day, row.use);
  }
  return types;
}

export class UsageEstimateService {
  private readonly now: () => number;

  constructor(
    private readonly context: AppContext,
    options: UsageEstimateOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
  }

  private get db() {
    return this.context.database.db;
  }

  async ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<UsageEstimate> {
    const scope = await findPropertyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    const window = windowOf(query, scope.timeZone, this.now());
    const [rows, prices] = await Promise.all([
      selectDailyUse(this.db, {
        organizationId: scope.organizationId,
        propertyId: scope.propertyId,
        from: window.from,
        until: window.measuredTo,
        lastFrom: yearEarlier(window.from),
        lastTo: yearEarlier(window.to),
      }),
      selectPrices(this.db, scope),
    ]);
    const byType = presentPrices(prices).byType;
    const months = monthsOf(window);
    const perType = daysPerType(rows, window);
    const types: UsageEstimateType[] = PRICED_TYPES.flatMap((type) => {
      const days = perType.get(type);
      if (!days) return [];
      const estimate = estimateType(type, window, days.thisYear, days.lastYear);
      const price = byType[type];
      return [{ ...estimate, cost: price ? costOfType(estimate, price, months) : null }];
    });
    return {
      period: window.period,
      from: window.from,
      to: window.to,
      toDate: window.measuredTo,
      timeZone: scope.timeZone,
      currency: 'SEK',
      types,
      totalCost: totalCostOf(types.map((type) => type.cost)),
    };
  }
}
