// The energy summary of a property (DESIGN §4.4 "Energy views", docs/energy.md): its window, the
// rule set valid on the window's last day, three set-based reads of the rollups, and the figures
// made of them. Everyone of the organization may read it; nobody else learns the property exists.
import type { EnergySummary, EnergyYearQuerySchema } from '@portal/contracts/energy-summary';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import {
  findEnergyScope,
  selectCoverage,
  selectMonthlyUse,
  selectOwnUse,
} from './energy.repository';
import { coveredTypesOf, energyFigures } from './energy-figures';
import { energyWindow, lastDayOf } from './energy-window';
import { ruleSetFor } from './rule-sets';

type Query = z.output<typeof EnergyYearQuerySchema>;

export class EnergySummaryService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async ofProperty(caller: AccessClaims, propertyId: string, query: Query): Promise<EnergySummary> {
    const scope = await findEnergyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    const window = energyWindow(query.year, scope.timeZone, Date.now());
    const property = { organizationId: scope.organizationId, propertyId: scope.propertyId };
    const dates = { from: window.fromDate, to: window.toDate };
    const [monthUse, ownUse, coverage] = await Promise.all([
      selectMonthlyUse(this.db, { ...property, ...dates }),
      selectOwnUse(this.db, 'month', {
        ...property,
        timeZone: scope.timeZone,
        from: new Date(window.fromMs).toISOString(),
        to: new Date(window.toMs).toISOString(),
      }),
      selectCoverage(this.db, {
        ...property,
        ...dates,
        deviceTypes: coveredTypesOf(scope.heatingCarrier),
      }),
    ]);
    const figures = energyFigures(scope, window, ruleSetFor(lastDayOf(window)), {
      monthUse,
      ownUse,
      coverage,
    });
    return { ...figures, timeZone: scope.timeZone };
  }
}
