// SQL for the usage estimate (docs/energy.md "Usage estimate"): the daily use of a property's
// meters that count per type, this window's measured days and the same window a year earlier,
// in one statement over use_daily — never readings, never a query per type, month or meter.
import type { PricedType } from '@portal/contracts/prices';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

const date = (name: string) => sql`${sql.placeholder(name)}::date`;

/**
 * The sum of `column` over the rows of one type (for el, role) and day that count (docs/energy.md
 * "Which meters count"): the main meters' rows where one of them has a row on the day — the
 * meters below are inside their reading — else all of them. Decided per day, not by today's
 * flags: a main meter installed this year has no rows last year, when the meters below it were
 * the only ones measuring.
 */
const countedSum = (column: PgColumn) =>
  sql<number>`coalesce(case when bool_or(${devices.main})
    then sum(${column}) filter (where ${devices.main}) else sum(${column}) end, 0)`;

const selectDailyUseQuery = preparedPerHandle((db) => {
  // Per type, role and day first: the rule is a role's (a main meter of the building's
  // electricity is not above the flats' own), the answer a type's.
  const perRole = db.$with('per_role').as(
    db
      .select({
        deviceType: sql<PricedType>`${devices.deviceType}`.as('device_type'),
        day: sql<string | null>`${useDaily.day}::text`.as('day'),
        use: countedSum(useDaily.use).as('use'),
        estimatedUse: countedSum(useDaily.estimatedUse).as('estimated_use'),
        simulatedUse: countedSum(useDaily.simulatedUse).as('simulated_use'),
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
        ),
      )
      .groupBy(devices.deviceType, devices.role, useDaily.day),
  );
  const sum = (column: SQL.Aliased<number>) =>
    sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  return db
    .with(perRole)
    .select({
      deviceType: perRole.deviceType,
      day: perRole.day,
      use: sum(perRole.use),
      estimatedUse: sum(perRole.estimatedUse),
      simulatedUse: sum(perRole.simulatedUse),
    })
    .from(perRole)
    .groupBy(perRole.deviceType, perRole.day)
    .prepare('usage_estimate_daily_use');
});

/** The use per type and day in both ranges, one row per type and day with a row in use_daily. */
export async function selectDailyUse(
  db: Queryable,
  parameters: DailyUseParameters,
): Promise<DailyUseRow[]> {
  return selectDailyUseQuery(db, parameters);
}
