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
 * The property's meters of the types asked for, each with its group's (type, el role) main-since
 * day: the first daily row of any of the group's main meters, over all time (docs/energy.md
 * "Which meters count"), each one index range of use_daily's primary key (device, day).
 */
const meters = (db: Queryable) =>
  db.$with('meters').as(
    db
      .select({
        id: devices.id,
        deviceType: sql<PricedType>`${devices.deviceType}`.as('meter_type'),
        role: sql<string | null>`${devices.role}`.as('meter_role'),
        main: sql<boolean>`${devices.main}`.as('meter_main'),
        mainSince: sql<string | null>`min(case when ${devices.main} then (
          select min(${useDaily.day}) from ${useDaily} where ${useDaily.deviceId} = ${devices.id}
        ) end) over (partition by ${devices.deviceType}, ${devices.role})`.as('main_since'),
      })
      .from(devices)
      .where(
        and(
          eq(devices.organizationId, sql.placeholder('organizationId')),
          eq(devices.propertyId, sql.placeholder('propertyId')),
          inArray(devices.deviceType, ['heat', 'el', 'hw', 'cw']),
          // Electricity used (roles consumption and household); solar production is no use.
          sql`${devices.role} is distinct from 'production'`,
        ),
      ),
  );

const selectDailyUseQuery = preparedPerHandle((db) => {
  const all = meters(db);
  // A row counts (docs/energy.md "Which meters count"): a main meter's always, another's before
  // its group's main-since day (or where the group's main meters have no rows at all). From that
  // day on a day without the main meters' rows is not measured — projected, not the meters below
  // them — so it gives no day (null, as a type without rows does).
  const counted = sql`(${all.main} or ${all.mainSince} is null or ${useDaily.day} < ${all.mainSince})`;
  const countedSum = (column: PgColumn) =>
    sql<number>`coalesce(sum(${column}) filter (where ${counted}), 0)`;
  // Per type, role and day first: the rule is a role's (a main meter of the building's
  // electricity is not above the flats' own), the answer a type's.
  const perRole = db.$with('per_role').as(
    db
      .select({
        deviceType: sql<PricedType>`${all.deviceType}`.as('device_type'),
        day: sql<string | null>`case when bool_or(${counted}) then ${useDaily.day}::text end`.as(
          'day',
        ),
        use: countedSum(useDaily.use).as('use'),
        estimatedUse: countedSum(useDaily.estimatedUse).as('estimated_use'),
        simulatedUse: countedSum(useDaily.simulatedUse).as('simulated_use'),
      })
      .from(all)
      .leftJoin(
        useDaily,
        and(
          eq(useDaily.deviceId, all.id),
          sql`((${useDaily.day} >= ${date('from')} and ${useDaily.day} < ${date('until')})
            or (${useDaily.day} >= ${date('lastFrom')} and ${useDaily.day} < ${date('lastTo')}))`,
        ),
      )
      .groupBy(all.deviceType, all.role, useDaily.day),
  );
  const sum = (column: SQL.Aliased<number>) =>
    sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  return db
    .with(all, perRole)
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
