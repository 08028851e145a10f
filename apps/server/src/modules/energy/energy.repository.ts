// SQL of the energy views (docs/energy.md): the property with what its figures need, if it is in
// the caller's organizations, and set-based reads of the rollups over the meters that count —
// monthly use, the hour-by-hour solar own use, the days covered, the best solar day. Never a
// query per meter, month or day; each shape prepared once per handle (db/prepared.ts).
import type { HeatingCarrier, MeterRole, PropertyType } from '@portal/contracts/domain';
import type { Resolution } from '@portal/contracts/periods';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { preparedPerHandle, preparedPerShape } from '../../db/prepared';
import { devices } from '../../db/schema/devices';
import { organizationMemberships } from '../../db/schema/organizations';
import { properties } from '../../db/schema/properties';
import { useDaily, useHourly, useMonthly } from '../../db/schema/telemetry';

/** The property an energy view is about, with what its figures need. */
export type EnergyScope = {
  organizationId: string;
  propertyId: string;
  timeZone: string;
  propertyType: PropertyType;
  heatingCarrier: HeatingCarrier;
  heatedArea: number | null;
  geoFactor: number;
};

const selectScopes = preparedPerHandle((db) =>
  db
    .select({
      organizationId: properties.organizationId,
      propertyId: properties.id,
      timeZone: properties.timeZone,
      propertyType: properties.propertyType,
      heatingCarrier: properties.heatingCarrier,
      heatedArea: properties.heatedArea,
      geoFactor: properties.geoFactor,
    })
    .from(properties)
    // The caller's membership is read by this very statement (access/tenancy.ts): a property
    // outside the caller's organizations gives no row.
    .innerJoin(
      organizationMemberships,
      and(
        eq(organizationMemberships.organizationId, properties.organizationId),
        eq(organizationMemberships.userId, sql.placeholder('userId')),
      ),
    )
    .where(sql`${properties.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('energy_property_scopes'),
);

/** The properties among `propertyIds` that are in the caller's organizations. */
export async function findEnergyScopes(
  db: Queryable,
  propertyIds: string[],
  userId: string,
): Promise<EnergyScope[]> {
  return selectScopes(db, { ids: propertyIds, userId });
}

/** The property, if it is in the caller's organizations. */
export async function findEnergyScope(
  db: Queryable,
  propertyId: string,
  userId: string,
): Promise<EnergyScope | undefined> {
  const [row] = await findEnergyScopes(db, [propertyId], userId);
  return row;
}

/** The properties a read is about (found by findEnergyScopes) and their organizations: every
 * read answers per property, so one statement serves a whole dashboard. */
export type PropertyParameters = { organizationIds: string[]; propertyIds: string[] };

/** The parameters of one property's read. */
export const oneProperty = (scope: { organizationId: string; propertyId: string }) => ({
  organizationIds: [scope.organizationId],
  propertyIds: [scope.propertyId],
});

/**
 * The properties' heat, el and hw meters, each with whether it is marked `main` and its group's
 * (property, type, el role) main-since point: the earliest rollup row of any of the group's main
 * meters, over all time (docs/energy.md "Which meters count"). From it on the main meters count
 * and a bucket without their rows is a gap; before it the group's other meters count (a main
 * meter installed this year has no rows last year, when the meters below it measured alone).
 * Null for a group without main meters or whose main meters have no rows at all. Each main
 * meter's first row is one index range of its rollup's primary key (device, time); `hours` reads
 * it from use_hourly too, for the reads of hours.
 */
function meters(db: Queryable, hours = false) {
  const group = sql`partition by ${devices.propertyId}, ${devices.deviceType}, ${devices.role}`;
  const firstOfMains = (first: SQL) =>
    sql`min(case when ${devices.main} then (${first}) end) over (${group})`;
  return db.$with('meters').as(
    db
      .select({
        id: devices.id,
        propertyId: sql<string>`${devices.propertyId}`.as('property_id'),
        deviceType: devices.deviceType,
        role: devices.role,
        main: devices.main,
        mainSince: sql<string | null>`${firstOfMains(
          sql`select min(${useDaily.day}) from ${useDaily} where ${useDaily.deviceId} = ${devices.id}`,
        )}`.as('main_since'),
        mainSinceHour: (hours
          ? sql<string | null>`${firstOfMains(
              sql`select min(${useHourly.hour}) from ${useHourly} where ${useHourly.deviceId} = ${devices.id}`,
            )}`
          : sql<string | null>`null::timestamptz`
        ).as('main_since_hour'),
      })
      .from(devices)
      .where(
        and(
          sql`${devices.organizationId} = any(${sql.placeholder('organizationIds')}::uuid[])`,
          sql`${devices.propertyId} = any(${sql.placeholder('propertyIds')}::uuid[])`,
          inArray(devices.deviceType, ['heat', 'el', 'hw']),
        ),
      ),
  );
}

const sumOf = (value: unknown) => sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number);

/**
 * Whether a meter's rollup row in the bucket ending at `bucketEnd` counts (docs/energy.md "Which
 * meters count"): a main meter's always (it has none before its group's main-since point); an
 * other meter's only in a bucket that ends by that point, or where its group has none. The
 * bucket that holds the point counts the main meters alone: the meters below them are inside
 * their reading, and their part of it before the installation is not added. After the point a
 * bucket without the main meters' rows is a gap, not filled by the meters below them.
 */
const counts = (main: unknown, since: unknown, bucketEnd: SQL) =>
  sql`(${main} or ${since} is null or ${bucketEnd} <= ${since})`;

/** The sum of `value` over the rows that count (`counted`), of `within` only where the statement
 * groups wider than a meter group: a filter per row, no second pass over the rows. */
function countedSum(value: unknown, counted: SQL, within: SQL = sql`true`) {
  return sql<number>`coalesce(sum(${value}) filter (where ${counted} and ${within}), 0)`.mapWith(
    Number,
  );
}

/** The rollup row's time in the window [from, to) the parameters name. */
const inWindow = (column: PgColumn, type: 'date' | 'timestamptz') =>
  sql`${column} >= ${sql.placeholder('from')}::${sql.raw(type)} and ${column} < ${sql.placeholder('to')}::${sql.raw(type)}`;

/** One property's use of one meter type (for el, role) in one local month. */
export type MonthUseRow = {
  propertyId: string;
  deviceType: 'heat' | 'el' | 'hw';
  role: MeterRole | null;
  /** The month's 1st; null for meters without a row in the window (they exist). */
  month: string | null;
  use: number;
  estimatedUse: number;
  simulatedUse: number;
};

const selectMonthUse = preparedPerHandle((db) => {
  const all = meters(db);
  const counted = counts(
    all.main,
    all.mainSince,
    sql`(${useMonthly.month} + interval '1 month')::date`,
  );
  return db
    .with(all)
    .select({
      propertyId: all.propertyId,
      deviceType: all.deviceType,
      role: all.role,
      month: sql<string | null>`${useMonthly.month}::text`,
      use: countedSum(useMonthly.use, counted),
      estimatedUse: countedSum(useMonthly.estimatedUse, counted),
      simulatedUse: countedSum(useMonthly.simulatedUse, counted),
    })
    .from(all)
    .leftJoin(useMonthly, and(eq(useMonthly.deviceId, all.id), inWindow(useMonthly.month, 'date')))
    .groupBy(all.propertyId, all.deviceType, all.role, useMonthly.month)
    .prepare('energy_month_use');
});

/** Use per property, meter type (el: role) and local month of [from, to), dates of month 1sts,
 * each month of the meters that count in it. */
export async function selectMonthlyUse(
  db: Queryable,
  parameters: PropertyParameters & { from: string; to: string },
): Promise<MonthUseRow[]> {
  return (await selectMonthUse(db, parameters)) as MonthUseRow[];
}

/** The building's electricity and the solar beside it in one bucket, summed hour by hour. */
export type OwnUseRow = {
  propertyId: string;
  /** The bucket's key as periods.ts writes it (an hour's instant, a local date, 'total'). */
  bucket: string;
  /** Σ consumption_h and Σ production_h. */
  consumption: number;
  production: number;
  /** Σ min(production_h, consumption_h): the solar the building used itself. */
  ownUse: number;
  /** Σ max(0, consumption_h − production_h): the electricity it took from the grid. */
  netUse: number;
  /** How much of the consumption and the production was interpolated or generated. */
  consumptionEstimated: number;
  consumptionSimulated: number;
  productionEstimated: number;
  productionSimulated: number;
};

/** The bucket of a local time (`local`: timestamp without zone) as periods.ts keys it. */
function bucketOf(resolution: Resolution, hour: SQL, local: SQL): SQL<string> {
  switch (resolution) {
    case 'hour':
      return sql`to_char(${hour} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`;
    case 'day':
      return sql`to_char(${local}, 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(${local}, 'YYYY-MM-01')`;
    case 'year':
      return sql`to_char(${local}, 'YYYY-01-01')`;
    case 'total':
      return sql`'total'`;
  }
}

function prepareOwnUse(db: Queryable, resolution: Resolution, name: string) {
  const all = meters(db, true);
  const consumption = eq(all.role, 'consumption');
  const production = eq(all.role, 'production');
  // Each role counted per hour apart: a main consumption meter is not above the solar.
  const hourCounts = counts(
    all.main,
    all.mainSinceHour,
    sql`${useHourly.hour} + interval '1 hour'`,
  );
  const counted = (value: PgColumn, role: SQL) => countedSum(value, hourCounts, role);
  // The property's electricity and production per UTC hour: a few thousand rows a year.
  const hours = db.$with('hours').as(
    db
      .select({
        propertyId: all.propertyId,
        hour: useHourly.hour,
        consumption: counted(useHourly.use, consumption).as('consumption'),
        production: counted(useHourly.use, production).as('production'),
        consumptionEstimated: counted(useHourly.estimatedUse, consumption).as(
          'consumption_estimated',
        ),
        consumptionSimulated: counted(useHourly.simulatedUse, consumption).as(
          'consumption_simulated',
        ),
        productionEstimated: counted(useHourly.estimatedUse, production).as('production_estimated'),
        productionSimulated: counted(useHourly.simulatedUse, production).as('production_simulated'),
      })
      .from(all)
      .innerJoin(
        useHourly,
        and(eq(useHourly.deviceId, all.id), inWindow(useHourly.hour, 'timestamptz')),
      )
      .where(and(eq(all.deviceType, 'el'), inArray(all.role, ['consumption', 'production'])))
      .groupBy(all.propertyId, useHourly.hour),
  );
  const local = sql`(${hours.hour} at time zone ${sql.placeholder('timeZone')}::text)`;
  return (
    db
      .with(all, hours)
      .select({
        propertyId: hours.propertyId,
        bucket: sql<string>`${bucketOf(resolution, sql`${hours.hour}`, local)}`,
        consumption: sumOf(hours.consumption),
        production: sumOf(hours.production),
        ownUse: sumOf(sql`least(${hours.production}, ${hours.consumption})`),
        netUse: sumOf(sql`greatest(0, ${hours.consumption} - ${hours.production})`),
        consumptionEstimated: sumOf(hours.consumptionEstimated),
        consumptionSimulated: sumOf(hours.consumptionSimulated),
        productionEstimated: sumOf(hours.productionEstimated),
        productionSimulated: sumOf(hours.productionSimulated),
      })
      .from(hours)
      // By position: the bucket's expression holds a parameter, which PostgreSQL would not match
      // between the select list and a repeated GROUP BY.
      .groupBy(sql`1`, sql`2`)
      .prepare(name)
  );
}

const ownUseQuery = preparedPerShape(
  (resolution: Resolution) => `energy_own_use_${resolution}`,
  prepareOwnUse,
);

/**
 * The building's electricity (el, role consumption) and the solar production of [from, to)
 * (instants, or `-infinity`), netted hour by hour and summed per bucket of the resolution in
 * the property's zone: what the energy summary weights per month and the solar view shows.
 */
export async function selectOwnUse(
  db: Queryable,
  resolution: Resolution,
  parameters: PropertyParameters & { timeZone: string; from: string; to: string },
): Promise<OwnUseRow[]> {
  return (await ownUseQuery(db, resolution, parameters)) as OwnUseRow[];
}

const selectCoveredDays = preparedPerHandle((db) => {
  const all = meters(db);
  const group = sql`partition by ${all.propertyId}, ${all.deviceType}, ${all.role}`;
  // The meters whose days the figures need (households' electricity is not among them), each
  // with its group (property, type, el role) and how many main and other meters the group has.
  const covering = db.$with('covering').as(
    db
      // Each CTE names its columns apart: drizzle writes a CTE's aliased columns without their
      // table, so two `property_id`s in one join would be ambiguous.
      .select({
        id: all.id,
        propertyId: sql<string>`${all.propertyId}`.as('covering_property_id'),
        main: sql<boolean>`${all.main}`.as('covering_main'),
        mainSince: sql<string | null>`${all.mainSince}`.as('covering_main_since'),
        meterGroup: sql<string>`${all.deviceType} || ' ' || coalesce(${all.role}, '')`.as(
          'meter_group',
        ),
        mains: sql<number>`count(*) filter (where ${all.main}) over (${group})`.as('group_mains'),
        others: sql<number>`count(*) filter (where not ${all.main}) over (${group})`.as(
          'group_others',
        ),
      })
      .from(all)
      .where(
        and(
          sql`${all.deviceType} = any(${sql.placeholder('deviceTypes')}::text[])`,
          sql`${all.role} is distinct from 'household'`,
        ),
      ),
  );
  const meterCounts = db.$with('meter_counts').as(
    db
      .select({
        propertyId: sql<string>`${covering.propertyId}`.as('counted_property_id'),
        meters: sql<number>`count(*)::int`.as('meters'),
        groups: sql<number>`count(distinct ${covering.meterGroup})::int`.as('meter_groups'),
      })
      .from(covering)
      .groupBy(covering.propertyId),
  );
  // A group's day is covered when the meters that count on it (counts) all have a daily row on
  // it: from the group's main-since day on every main meter (an outage of theirs is missing days,
  // not covered by the meters below them), before it every other one. use_daily holds one row per
  // meter and day, so counting a day's rows counts its meters.
  const mainRows = sql`count(*) filter (where ${covering.main})`;
  const otherRows = sql`count(*) filter (where not ${covering.main})`;
  const groupDays = db.$with('group_days').as(
    db
      .select({
        propertyId: sql<string>`${covering.propertyId}`.as('group_day_property_id'),
        day: sql<string>`${useDaily.day}`.as('group_day'),
      })
      .from(useDaily)
      .innerJoin(covering, eq(covering.id, useDaily.deviceId))
      .where(inWindow(useDaily.day, 'date'))
      .groupBy(
        covering.propertyId,
        covering.meterGroup,
        covering.mains,
        covering.others,
        covering.mainSince,
        useDaily.day,
      )
      .having(
        sql`case when ${useDaily.day} >= ${covering.mainSince} then ${mainRows} = ${covering.mains}
          else ${covering.others} > 0 and ${otherRows} = ${covering.others} end`,
      ),
  );
  // A property's day is covered when each of its groups is.
  const covered = db.$with('covered').as(
    db
      .select({
        propertyId: sql<string>`${meterCounts.propertyId}`.as('covered_property_id'),
        day: groupDays.day,
      })
      .from(groupDays)
      .innerJoin(meterCounts, eq(meterCounts.propertyId, groupDays.propertyId))
      .groupBy(meterCounts.propertyId, meterCounts.groups, groupDays.day)
      .having(sql`count(*) = ${meterCounts.groups}`),
  );
  return db
    .with(all, covering, meterCounts, groupDays, covered)
    .select({
      propertyId: meterCounts.propertyId,
      meters: sql<number>`${meterCounts.meters}`.mapWith(Number),
      coveredDays:
        sql<number>`(select count(*) from ${covered} where ${covered.propertyId} = ${meterCounts.propertyId})::int`.mapWith(
          Number,
        ),
    })
    .from(meterCounts)
    .prepare('energy_covered_days');
});

export type Coverage = { meters: number; coveredDays: number };
const NO_COVERAGE: Coverage = { meters: 0, coveredDays: 0 };

/** Per property: how many meters of the types it has (el: not households), and on how many days
 * of [from, to) every one of them that counts on the day has use recorded. */
export async function selectCoverage(
  db: Queryable,
  parameters: PropertyParameters & { deviceTypes: string[]; from: string; to: string },
): Promise<Map<string, Coverage>> {
  const rows = await selectCoveredDays(db, parameters);
  return new Map(
    parameters.propertyIds.map((id) => {
      const row = rows.find((candidate) => candidate.propertyId === id);
      return [id, row ? { meters: row.meters, coveredDays: row.coveredDays } : NO_COVERAGE];
    }),
  );
}

const selectBestDay = preparedPerHandle((db) => {
  const all = meters(db);
  const production = db.$with('production').as(
    db
      .select({
        id: all.id,
        main: sql<boolean>`${all.main}`.as('production_main'),
        mainSince: sql<string | null>`${all.mainSince}`.as('production_main_since'),
      })
      .from(all)
      .where(and(eq(all.deviceType, 'el'), eq(all.role, 'production'))),
  );
  const days = db.$with('days').as(
    db
      .select({
        day: sql<string>`${useDaily.day}::text`.as('day'),
        use: countedSum(
          useDaily.use,
          counts(production.main, production.mainSince, sql`${useDaily.day} + 1`),
        ).as('use'),
      })
      .from(useDaily)
      .innerJoin(production, eq(production.id, useDaily.deviceId))
      .where(inWindow(useDaily.day, 'date'))
      .groupBy(useDaily.day),
  );
  const best = (column: SQL.Aliased) =>
    sql`(select ${column} from ${days} order by ${days.use} desc, ${days.day} limit 1)`;
  return db
    .with(all, production, days)
    .select({
      meters: sql<number>`(select count(*) from ${production})::int`.mapWith(Number),
      day: sql<string | null>`${best(days.day)}`,
      use: sql<number | null>`${best(days.use)}`,
    })
    .from(sql`(select 1) as one`)
    .prepare('energy_best_solar_day');
});

/** The property's production meters, and the local date of [from, to) (dates, or `-infinity`)
 * on which the counted ones produced the most (the earliest of equals). */
export async function selectSolarDay(
  db: Queryable,
  parameters: PropertyParameters & { from: string; to: string },
): Promise<{ meters: number; day: string | null; use: number | null }> {
  const [row] = await selectBestDay(db, parameters);
  return {
    meters: row?.meters ?? 0,
    day: row?.day ?? null,
    use: row?.use === null || row?.use === undefined ? null : Number(row.use),
  };
}
