// SQL for statistics (docs/telemetry.md "Statistics") and compare (docs/energy.md): the property
// or area asked about, in the caller's organizations, and the use of its meters (or of every
// property of its organization) per bucket read from the rollups (use_hourly, use_daily,
// use_monthly), never from readings, scoped to the property's organization. Each shape
// is prepared once per handle (db/prepared.ts): W4 asks for a year by month many times a second.
import type { AreaType, MeterRole } from '@portal/contracts/domain';
import type { Resolution } from '@portal/contracts/periods';
import type { StatisticsGrouping } from '@portal/contracts/statistics';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { preparedPerHandle, preparedPerShape } from '../../db/prepared';
import { areas } from '../../db/schema/areas';
import { devices } from '../../db/schema/devices';
import { properties } from '../../db/schema/properties';
import { useDaily, useHourly, useMonthly } from '../../db/schema/telemetry';

/** The caller, a parameter of every prepared query here: scopes are "in the caller's organizations". */
const CALLER = sql.placeholder('userId');

/** What statistics are asked about: a property, or one area of it, and the zone of its days. */
export type StatisticsScope = {
  organizationId: string;
  propertyId: string;
  areaId: string | null;
  timeZone: string;
};

const selectPropertyScope = preparedPerHandle((db) =>
  db
    .select({
      organizationId: properties.organizationId,
      propertyId: properties.id,
      timeZone: properties.timeZone,
    })
    .from(properties)
    .where(
      and(
        eq(properties.id, sql.placeholder('id')),
        inCallerOrganizations(db, properties.organizationId, CALLER),
      ),
    )
    .prepare('statistics_property_scope'),
);

const selectAreaScope = preparedPerHandle((db) =>
  db
    .select({
      organizationId: areas.organizationId,
      propertyId: areas.propertyId,
      timeZone: properties.timeZone,
    })
    .from(areas)
    .innerJoin(properties, eq(properties.id, areas.propertyId))
    .where(
      and(
        eq(areas.id, sql.placeholder('id')),
        inCallerOrganizations(db, areas.organizationId, CALLER),
      ),
    )
    .prepare('statistics_area_scope'),
);

/** The property, if it is in the caller's organizations. */
export async function findPropertyScope(
  db: Queryable,
  propertyId: string,
  userId: string,
): Promise<StatisticsScope | undefined> {
  const [row] = await selectPropertyScope(db, { id: propertyId, userId });
  return row && { ...row, areaId: null };
}

/** The area with its property's zone, if it is in the caller's organizations. */
export async function findAreaScope(
  db: Queryable,
  areaId: string,
  userId: string,
): Promise<StatisticsScope | undefined> {
  const [row] = await selectAreaScope(db, { id: areaId, userId });
  return row && { ...row, areaId };
}

/**
 * Which rollup a request reads and how its rows make buckets, after the period's resolution: an
 * hour's instant (use_hourly), a local date (use_daily), a month's 1st, a year's 1 January
 * (lifetime) or the whole window in one (use_monthly).
 */
export type Bucketing = Resolution;
/** What series are made of: statistics' groupings, and per property (compare's properties). */
export type UseGrouping = StatisticsGrouping | 'property';
export type UseShape = {
  bucketing: Bucketing;
  by: UseGrouping;
  /** Only the meters of the area given as `areaId`. */
  area: boolean;
  /** The meters of every property of the organization, not only `propertyId`'s. */
  organization?: boolean;
  /** Only the meters in areas of the type given as `areaType`. */
  areaType?: boolean;
};

/** One group's use: per meter type and role, bucket and (by area or device) area or device. */
export type UseRow = {
  deviceType: 'heat' | 'el' | 'hw' | 'cw';
  role: MeterRole | null;
  /** The bucket's key as periods.ts writes it; null for a meter with nothing in the window. */
  bucket: string | null;
  /** Sums over the group's rollup rows: use, and how much of it was estimated or simulated. */
  use: number;
  estimatedUse: number;
  simulatedUse: number;
  /** By area, device or property: its id. */
  key?: string;
  /** By area, device or property: whether the rows are of meters marked `main`. */
  main?: boolean;
  /** By area: what names it, and its floor area (m²). */
  areaName?: string;
  areaNumber?: number | null;
  areaType?: AreaType;
  floorArea?: number | null;
  /** By device: what names it. */
  idNumber?: string;
  deviceName?: string;
  /** By property: what names it, and its Atemp (m²). */
  propertyName?: string;
  heatedArea?: number | null;
};

/** A scope the caller was found to reach (findPropertyScope, findAreaScope). */
type ScopeParameters = { organizationId: string; propertyId: string; areaId: string | null };

export type UseParameters = ScopeParameters & {
  /** Device types to read (solar is `el`). */
  deviceTypes: string[];
  /** With the shape's `areaType`: the areas' type. */
  areaType?: AreaType;
  /** The window: instants (ISO) for hours, local dates (`-infinity` for lifetime) otherwise. */
  from: string;
  to: string;
};

/**
 * The rollup a bucketing reads, its time column, what rows are grouped by, and the bucket's key
 * as periods.ts writes it, made once per group (grouping by raw columns and writing keys after is
 * a fifth cheaper than grouping by the written keys).
 */
function rollupOf(bucketing: Bucketing) {
  if (bucketing === 'hour')
    return {
      table: useHourly,
      time: useHourly.hour,
      from: sql`${sql.placeholder('from')}::timestamptz`,
      to: sql`${sql.placeholder('to')}::timestamptz`,
      groups: [useHourly.hour],
      // An hour's UTC instant, as toISOString writes it.
      bucket: sql<string>`to_char(${useHourly.hour} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`,
    };
  const table = bucketing === 'day' ? useDaily : useMonthly;
  const time = bucketing === 'day' ? useDaily.day : useMonthly.month;
  const year = sql`date_trunc('year', ${time}::timestamp)`;
  const rows = {
    from: sql`${sql.placeholder('from')}::date`,
    to: sql`${sql.placeholder('to')}::date`,
  };
  if (bucketing === 'year')
    return { table, time, ...rows, groups: [year], bucket: sql<string>`${year}::date::text` };
  if (bucketing === 'total')
    // One bucket; null for a group without rows, so a meter with none is still told apart.
    return {
      table,
      time,
      ...rows,
      groups: [],
      bucket: sql<string>`(case when count(${time}) > 0 then 'total' end)`,
    };
  return { table, time, ...rows, groups: [time], bucket: sql<string>`${time}::text` };
}

/** The columns that name a series' area, device or property, by grouping; `main` keeps main
 * meters' rows apart, which compare sets against the rest (buildSeries sums them again). */
function groupColumns(by: UseGrouping): Record<string, PgColumn> {
  if (by === 'area')
    return {
      key: devices.areaId,
      main: devices.main,
      areaName: areas.name,
      areaNumber: areas.number,
      areaType: areas.areaType,
      floorArea: areas.floorArea,
    };
  if (by === 'device')
    return {
      key: devices.id,
      main: devices.main,
      idNumber: devices.idNumber,
      deviceName: devices.name,
    };
  if (by === 'property')
    return {
      key: devices.propertyId,
      main: devices.main,
      propertyName: properties.name,
      heatedArea: properties.heatedArea,
    };
  return {};
}

/**
 * Every meter of the scope of the types asked for, left-joined with its rollup rows in the window
 * and summed per meter type and role, bucket and (by area or device) area or device: a meter
 * without rows gives a null bucket, so its series is still there (all zeros).
 */
function prepareUseQuery(db: Queryable, shape: UseShape, name: string) {
  const rollup = rollupOf(shape.bucketing);
  const grouped = groupColumns(shape.by);
  const bucket = sql<string | null>`${rollup.bucket}`;
  const scope: SQL[] = [
    eq(devices.organizationId, sql.placeholder('organizationId')),
    sql`${devices.deviceType} = any(${sql.placeholder('deviceTypes')}::text[])`,
  ];
  if (!shape.organization) scope.push(eq(devices.propertyId, sql.placeholder('propertyId')));
  if (shape.area) scope.push(eq(devices.areaId, sql.placeholder('areaId')));
  if (shape.areaType) scope.push(eq(areas.areaType, sql.placeholder('areaType')));
  const sum = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  let query = db
    .select({
      deviceType: devices.deviceType,
      role: devices.role,
      ...grouped,
      bucket,
      use: sum(rollup.table.use),
      estimatedUse: sum(rollup.table.estimatedUse),
      simulatedUse: sum(rollup.table.simulatedUse),
    })
    .from(devices)
    .leftJoin(
      rollup.table,
      and(
        eq(rollup.table.deviceId, devices.id),
        sql`${rollup.time} >= ${rollup.from}`,
        sql`${rollup.time} < ${rollup.to}`,
      ),
    )
    .$dynamic();
  if (shape.by === 'area' || shape.areaType)
    query = query.innerJoin(areas, eq(areas.id, devices.areaId));
  if (shape.by === 'property')
    query = query.innerJoin(properties, eq(properties.id, devices.propertyId));
  return query
    .where(and(...scope))
    .groupBy(devices.deviceType, devices.role, ...Object.values(grouped), ...rollup.groups)
    .prepare(name);
}

const useQuery = preparedPerShape(
  (shape: UseShape) =>
    [
      `statistics_use_${shape.bucketing}_${shape.by}`,
      shape.area ? '_area' : '',
      shape.organization ? '_organization' : '',
      shape.areaType ? '_area_type' : '',
    ].join(''),
  prepareUseQuery,
);

/** The use of the scope's meters per series and bucket, in one statement. */
export async function selectUse(
  db: Queryable,
  shape: UseShape,
  parameters: UseParameters,
): Promise<UseRow[]> {
  return (await useQuery(db, shape, parameters)) as UseRow[];
}

const powerQuery = (area: boolean) =>
  preparedPerHandle((db) =>
    db
      .select({ use: sql<number>`coalesce(sum(${useHourly.use}), 0)`.mapWith(Number) })
      .from(devices)
      .innerJoin(
        useHourly,
        and(
          eq(useHourly.deviceId, devices.id),
          sql`${useHourly.hour} = ${sql.placeholder('hour')}::timestamptz`,
        ),
      )
      .where(
        and(
          eq(devices.organizationId, sql.placeholder('organizationId')),
          eq(devices.propertyId, sql.placeholder('propertyId')),
          area ? eq(devices.areaId, sql.placeholder('areaId')) : undefined,
          inArray(devices.deviceType, ['heat', 'el']),
          sql`${devices.role} is distinct from 'production'`,
        ),
      )
      .prepare(area ? 'statistics_power_area' : 'statistics_power'),
  );
const selectPropertyPower = powerQuery(false);
const selectAreaPower = powerQuery(true);

/** Wh used by the scope's heat and electricity meters (not production) in one UTC hour. */
export async function selectHourEnergy(
  db: Queryable,
  parameters: ScopeParameters & { hour: string },
): Promise<number> {
  const [row] = await (parameters.areaId === null ? selectPropertyPower : selectAreaPower)(
    db,
    parameters,
  );
  return row?.use ?? 0;
}

/** A meter group's (property, type, el role) main-since point: the first rollup row of any of its
 * main meters, over all time, as a local date (use_daily) and as an hour's UTC instant written as
 * periods.ts keys hours (use_hourly); null where they have no rows. */
export type MainSince = {
  propertyId: string;
  deviceType: string;
  role: MeterRole | null;
  day: string | null;
  hour: string | null;
};

const mainSinceQuery = (organization: boolean) =>
  preparedPerHandle((db) => {
    // Each main meter's first row: one index range of its rollup's primary key (device, time).
    const first = (table: typeof useDaily | typeof useHourly, time: PgColumn) =>
      sql`min((select min(${time}) from ${table} where ${table.deviceId} = ${devices.id}))`;
    return db
      .select({
        propertyId: sql<string>`${devices.propertyId}`,
        deviceType: devices.deviceType,
        role: devices.role,
        day: sql<string | null>`${first(useDaily, useDaily.day)}::text`,
        hour: sql<
          string | null
        >`to_char(${first(useHourly, useHourly.hour)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`,
      })
      .from(devices)
      .where(
        and(
          eq(devices.organizationId, sql.placeholder('organizationId')),
          organization ? undefined : eq(devices.propertyId, sql.placeholder('propertyId')),
          sql`${devices.deviceType} = any(${sql.placeholder('deviceTypes')}::text[])`,
          eq(devices.main, true),
        ),
      )
      .groupBy(devices.propertyId, devices.deviceType, devices.role)
      .prepare(organization ? 'statistics_main_since_organization' : 'statistics_main_since');
  });
const selectPropertyMainSince = mainSinceQuery(false);
const selectOrganizationMainSince = mainSinceQuery(true);

/** The main-since point of each meter group with main meters of the property (or, with
 * `organization`, of every property of its organization), in one statement. */
export async function selectMainSince(
  db: Queryable,
  parameters: Pick<ScopeParameters, 'organizationId' | 'propertyId'> & {
    deviceTypes: string[];
    organization?: boolean;
  },
): Promise<MainSince[]> {
  const { organization = false, ...values } = parameters;
  return (organization ? selectOrganizationMainSince : selectPropertyMainSince)(db, values);
}
