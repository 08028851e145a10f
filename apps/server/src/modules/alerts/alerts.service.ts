// A property's alerts as its people read them (issue 13 item 6): everyone of the property's
// organization, site managers and users alike.
import {
  OPEN_ALERTS_LIMIT,
  type PropertyAlerts,
  type PropertyAlertsQuerySchema,
  RECENT_ALERTS_LIMIT,
} from '@portal/contracts/alerts';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND } from '../../access/not-found';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { findProperty } from '../properties/properties.repository';
import { presentAlert } from './alert-presenter';
import { listPropertyAlerts } from './alerts.repository';

export class AlertsService {
  constructor(
    private readonly context: AppContext,
    /** The clock that says what "the last 7 days" are (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async ofProperty(
    caller: AccessClaims,
    propertyId: string,
    query: z.output<typeof PropertyAlertsQuerySchema>,
  ): Promise<PropertyAlerts> {
    const db = this.context.database.db;
    if (!(await findProperty(db, propertyId, caller.userId))) throw notFound(PROPERTY_NOT_FOUND);
    const rows = await listPropertyAlerts(db, {
      propertyId,
      userId: caller.userId,
      areaId: query.areaId,
      now: this.now(),
      openLimit: OPEN_ALERTS_LIMIT,
      recentLimit: RECENT_ALERTS_LIMIT,
    });
    const open = rows.filter((row) => row.is_open);
    return {
      open: open.map(presentAlert),
      openTotal: open[0]?.total ?? 0,
      recent: rows.filter((row) => !row.is_open).map(presentAlert),
    };
  }
}
