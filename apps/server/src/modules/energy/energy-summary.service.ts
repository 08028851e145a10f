// The energy summary of properties (DESIGN §4.4 "Energy views", docs/energy.md): their window, the
// rule set valid on the window's last day, three set-based reads of the rollups, and the figures
// made of them. Everyone of the organization may read it; nobody else learns the property exists.
// The dashboard asks for many properties at once: the reads answer per property, one statement
// each for all of them (per time zone and kind of carrier, whose windows and meters differ).
import type { EnergySummary, EnergyYearQuerySchema } from '@portal/contracts/energy-summary';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import {
  type EnergyScope,
  findEnergyScopes,
  selectCoverage,
  selectMonthlyUse,
  selectOwnUse,
} from './energy.repository';
import { coveredTypesOf, energyFigures } from './energy-figures';
import { energyWindow, lastDayOf } from './energy-window';
import { ruleSetFor } from './rule-sets';

type Query = z.output<typeof EnergyYearQuerySchema>;

/** Properties read together: the same window (time zone) and the same covered meter types. */
function batchesOf(scopes: EnergyScope[]): EnergyScope[][] {
  const batches = new Map<string, EnergyScope[]>();
  for (const scope of scopes) {
    const key = `${scope.timeZone} ${coveredTypesOf(scope.heatingCarrier).join(',')}`;
    batches.set(key, [...(batches.get(key) ?? []), scope]);
  }
  return [...batches.values()];
}

export class EnergySummaryService {
  constructor(
    private readonly context: AppContext,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private get db() {
    return this.context.database.db;
  }

  async ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<EnergySummary> {
    const summary = (await this.ofProperties(caller, [propertyId], query)).get(propertyId);
    if (!summary) throw notFound(PROPERTY_NOT_FOUND);
    return summary;
  }

  /** The summaries of the properties among `propertyIds` in the caller's organizations. */
  async ofProperties(
    caller: AccessClaims,
    propertyIds: string[],
    query: Query,
  ): Promise<Map<string, EnergySummary>> {
    const scopes = await findEnergyScopes(this.db, propertyIds, caller.userId);
    const summaries = new Map<string, EnergySummary>();
    const now = this.now();
    await Promise.all(
      batchesOf(scopes).map(async (batch) => {
        const [first] = batch as [EnergyScope];
        const window = energyWindow(query.year, first.timeZone, now);
        const properties = {
          organizationIds: [...new Set(batch.map((scope) => scope.organizationId))],
          propertyIds: batch.map((scope) => scope.propertyId),
        };
        const dates = { from: window.fromDate, to: window.toDate };
        const [monthUse, ownUse, coverage] = await Promise.all([
          selectMonthlyUse(this.db, { ...properties, ...dates }),
          selectOwnUse(this.db, 'month', {
            ...properties,
            timeZone: first.timeZone,
            from: new Date(window.fromMs).toISOString(),
            to: new Date(window.toMs).toISOString(),
          }),
          selectCoverage(this.db, {
            ...properties,
            ...dates,
            deviceTypes: coveredTypesOf(first.heatingCarrier),
          }),
        ]);
        const ruleSet = ruleSetFor(lastDayOf(window));
        for (const scope of batch) {
          const ofScope = <Row extends { propertyId: string }>(rows: Row[]) =>
            rows.filter((row) => row.propertyId === scope.propertyId);
          const figures = energyFigures(scope, window, ruleSet, {
            monthUse: ofScope(monthUse),
            ownUse: ofScope(ownUse),
            coverage: coverage.get(scope.propertyId) ?? { meters: 0, coveredDays: 0 },
          });
          summaries.set(scope.propertyId, { ...figures, timeZone: scope.timeZone });
        }
      }),
    );
    return summaries;
  }
}
