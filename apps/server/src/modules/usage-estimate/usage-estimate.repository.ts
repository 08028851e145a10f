// SQL for the usage estimate (docs/energy.md "Usage estimate"): the daily use of a property's
// meters per type, this window's measured days and the same window a year earlier, in one
// statement over use_daily — never readings, never a query per type, month or meter.
import type { PricedType } from '@portal/contracts/prices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { devices } from '../../db/schema/devices';
import { useDaily } from '../../db/schema/telemetry';

/** One type's use on one local date, summed over its meters; `day` null for a type whose meters
 * have no row in either range (the type is still there: the property has such meters). */
export type DailyUseRow = {
  deviceType: PricedType;
  day: string | null;
  use: number;
  estimatedUse: number;
  simulatedUse: number;
};

export type DailyUseParameters = {
  organizationId: string;
  propertyId: string;
  /** Local dates, each range `to` exclusive: the days measured so far, and a year earlier. */
  from: string;
  until: string;
  lastFrom: string;
  lastTo: string;
};

const sum = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const date = (name: string) => sql`${sql.placeholder(name)}::date`;

const selectDailyUseQuery = preparedPerHandle((db) =>
  db
    .select({
      deviceType: sql<PricedType>`${devices.deviceType}`,
      day: sql<string | null>`${useDaily.day}::text`,
      use: sum(useDaily.use),
      estimatedUse: sum(useDaily.estimatedUse),
      simulatedUse: sum(useDaily.simulatedUse),
    })
    .from(devices)
    .leftJoin(
      useDaily,
      and(
        eq(useDaily.deviceId, devices.id),
        sql`((${useDaily.day} >= ${date('from')} and ${useDaily.day} < ${date('until')})
          or (${useDaily.day} >= ${date('lastFrom')} and ${useDaily.day} < ${date('lastTo')}))`,
      ),
    )
    .where(
      and(
        eq(devices.organizationId, sql.placeholder('organizationId')),
        eq(devices.propertyId, sql.placeholder('propertyId')),
        inArray(devices.deviceType, ['heat', 'el', 'hw', 'cw']),
        // Electricity used (roles consumption and household); solar production is no use.
        sql`${devices.role} is distinct from 'production'`,
        // A type's (for el, a role's) main meters where the property has one: the meters below
        // them are inside their reading (docs/energy.md "Which meters count").
        sql`(${devices.main} or not exists (
          select 1 from ${devices} above
          where above.property_id = ${devices.propertyId} and above.device_type = ${devices.deviceType}
            and above.role is not distinct from ${devices.role} and above.main))`,
      ),
    )
    .groupBy(devices.deviceType, useDaily.day)
    .prepare('usage_estimate_daily_use'),
);

/** The use per type and day in both ranges, one row per type and day with a row in use_daily. */
export async function selectDailyUse(
  db: Queryable,
  parameters: DailyUseParameters,
): Promise<DailyUseRow[]> {
  return selectDailyUseQuery(db, parameters);
}
