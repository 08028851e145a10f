// SQL of data exports: the property an export is of, the export rows (asked for, the history, one
// by id, in the caller's organizations only), the meters and use an export reads, and its file's
// chunks. The build's reads are one statement per page of buckets, never one per meter or row.
import type { AreaType, Language } from '@portal/contracts/domain';
import { EXPORT_KEPT_DAYS, type ExportResolution } from '@portal/contracts/exports';
import type { StatisticsType } from '@portal/contracts/statistics';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import { arrayParam } from '../../db/array-literal';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { dataExportChunks, dataExports } from '../../db/schema/exports';
import { properties } from '../../db/schema/properties';
import { ReadingKind } from '../telemetry/derive-use';
import type { BucketRange } from './export-buckets';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export type ExportProperty = {
  organizationId: string;
  propertyId: string;
  name: string;
  timeZone: string;
};

/** The property, if it is in the caller's organizations. */
export async function findExportProperty(
  db: Queryable,
  propertyId: string,
  userId: string,
): Promise<ExportProperty | undefined> {
  const [row] = await db
    .select({
      organizationId: properties.organizationId,
      propertyId: properties.id,
      name: properties.name,
      timeZone: properties.timeZone,
    })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        inCallerOrganizations(db, properties.organizationId, userId),
      ),
    );
  return row;
}

/** The property as a build reads it (its name and zone may have changed since it was asked). */
export async function findPropertyOfExport(db: Queryable, propertyId: string) {
  const [row] = await db
    .select({ name: properties.name, timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row;
}

export async function selectLanguageOf(db: Queryable, userId: string): Promise<Language> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language ?? 'sv';
}

/** How many of the ids are areas of the property. */
export async function countAreasOfProperty(
  db: Queryable,
  propertyId: string,
  areaIds: readonly string[],
): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from areas
    where property_id = ${propertyId} and id = any(${arrayParam(areaIds)}::uuid[])`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/** Exports of the caller not yet built (of any property): what one caller may have waiting. */
export async function countUnfinishedExportsOf(db: Queryable, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from data_exports
    where user_id = ${userId} and status in ('pending', 'running')`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

export type NewExport = typeof dataExports.$inferInsert;

export async function insertExport(db: Queryable, values: NewExport): Promise<string> {
  const [row] = await db.insert(dataExports).values(values).returning({ id: dataExports.id });
  return (row as { id: string }).id;
}

/** Kept its 30 days: one past them is gone at once, not only when the hourly removal comes. */
const notExpired = sql`${dataExports.createdAt} > now() - make_interval(days => ${EXPORT_KEPT_DAYS})`;

/** How many chosen areas an export names in the history. */

type ChosenArea = { name: string; areaType: AreaType; number: number | null };
const AREAS_SHOWN = 5;

/** An export as the API shows it, with who asked and the first chosen areas' names. */
const exportColumns = {
  id: dataExports.id,
  propertyId: dataExports.propertyId,
  areas: dataExports.areas,
  areaTypes: dataExports.areaTypes,
  chosenAreas: sql<ChosenArea[]>`coalesce((
    select json_agg(json_build_object('name', a.name, 'areaType', a.area_type, 'number', a.number)
      order by array_position(array['apt','bic','ent','sop','lau','misc'], a.area_type),
        a.number nulls last, a.name)
    from (
      select * from areas a
      where a.id = any(${dataExports.areas}) and a.property_id = ${dataExports.propertyId}
      order by array_position(array['apt','bic','ent','sop','lau','misc'], a.area_type),
        a.number nulls last, a.name
      limit ${sql.raw(String(AREAS_SHOWN))}) a), '[]'::json)`,
  from: dataExports.from,
  to: dataExports.to,
  types: dataExports.types,
  style: dataExports.style,
  resolution: dataExports.resolution,
  fields: dataExports.fields,
  language: dataExports.language,
  status: dataExports.status,
  progress: dataExports.progress,
  fileName: dataExports.fileName,
  size: dataExports.size,
  rows: dataExports.rows,
  createdAt: dataExports.createdAt,
  /** The time to the microsecond, as a cursor must hold it (a Date keeps milliseconds). */
  createdAtKey: sql<string>`to_char(${dataExports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  userId: dataExports.userId,
  userName: users.name,
  userEmail: users.email,
};

export type ExportRow = {
  id: string;
  propertyId: string;
  areas: string[];
  areaTypes: AreaType[];
  chosenAreas: ChosenArea[];
  from: string;
  to: string;
  types: StatisticsType[];
  style: 'xlsx' | 'csv';
  resolution: ExportResolution;
  fields: ('area' | 'device' | 'register' | 'estimated' | 'simulated')[];
  language: Language;
  status: 'pending' | 'running' | 'ready' | 'failed';
  progress: number;
  fileName: string | null;
  size: number | null;
  rows: number | null;
  createdAt: Date;
  createdAtKey: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
};

/** The property's exports, newest first, from the key of the last one shown. */
export async function selectExportsPage(
  db: Queryable,
  scope: { organizationId: string; propertyId: string },
  page: { limit: number; after?: { createdAt: string; id: string } },
): Promise<ExportRow[]> {
  const after = page.after;
  const rows = await db
    .select(exportColumns)
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.userId))
    .where(
      and(
        eq(dataExports.propertyId, scope.propertyId),
        eq(dataExports.organizationId, scope.organizationId),
        notExpired,
        after
          ? sql`(${dataExports.createdAt}, ${dataExports.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(page.limit + 1);
  return rows as ExportRow[];
}

/** One export, if it is of a property in the caller's organizations. */
export async function selectExportOf(
  db: Queryable,
  exportId: string,
  userId: string,
): Promise<(ExportRow & { organizationId: string; fileRunId: string | null }) | undefined> {
  const [row] = await db
    .select({
      ...exportColumns,
      organizationId: dataExports.organizationId,
      fileRunId: dataExports.fileRunId,
    })
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.userId))
    .where(
      and(
        eq(dataExports.id, exportId),
        inCallerOrganizations(db, dataExports.organizationId, userId),
        notExpired,
      ),
    );
  return row as (ExportRow & { organizationId: string; fileRunId: string | null }) | undefined;
}

/** A meter an export reads, with what names it and its area. */
export type ExportMeter = {
  id: string;
  type: StatisticsType;
  idNumber: string;
  name: string;
  areaId: string;
  areaName: string;
  areaNumber: number | null;
  areaType: AreaType;
};

/**
 * The meters of the types chosen in the areas chosen (all when none are named, only of the area
 * types when some are), in the areas list's order and by id number within an area.
 */
export async function selectExportMeters(
  db: Queryable,
  choice: {
    organizationId: string;
    propertyId: string;
    areas: readonly string[];
    areaTypes: readonly string[];
    types: readonly StatisticsType[];
  },
): Promise<ExportMeter[]> {
  const filters: SQL[] = [];
  if (choice.areas.length > 0)
    filters.push(sql`and a.id = any(${arrayParam(choice.areas)}::uuid[])`);
  if (choice.areaTypes.length > 0)
    filters.push(sql`and a.area_type = any(${arrayParam(choice.areaTypes)}::text[])`);
  const result = await db.execute(sql`
    select * from (
      select d.id, d.id_number as "idNumber", d.name, a.id as "areaId", a.name as "areaName",
             a.number as "areaNumber", a.area_type as "areaType",
             case when d.device_type = 'el' and d.role = 'production' then 'solar'
                  else d.device_type end as type
      from devices d join areas a on a.id = d.area_id
      where d.organization_id = ${choice.organizationId} and d.property_id = ${choice.propertyId}
        and d.device_type in ('heat', 'el', 'hw', 'cw') ${sql.join(filters, sql` `)}
    ) meters
    where type = any(${arrayParam(choice.types)}::text[])
    order by array_position(array['apt','bic','ent','sop','lau','misc'], "areaType"),
             "areaNumber" nulls last, "areaName", "areaId", "idNumber", id`);
  return rowsOf<ExportMeter>(result);
}

/** A meter's use in one bucket (Wh or litres), and how much of it was estimated or simulated. */
export type BucketUse = {
  deviceId: string;
  bucket: string;
  use: number;
  estimatedUse: number;
  simulatedUse: number;
};

/** The meters' use per bucket over a run of buckets: hours from use_hourly, days from use_daily,
 * months summed from use_daily (so a month partly in the window counts only its days inside). */
export async function selectUseOfBuckets(
  db: Queryable,
  resolution: ExportResolution,
  deviceIds: readonly string[],
  range: BucketRange,
): Promise<BucketUse[]> {
  const devices = sql`device_id = any(${arrayParam(deviceIds)}::uuid[])`;
  const sums = sql`sum(use)::float8 as use, sum(estimated_use)::float8 as "estimatedUse",
    sum(simulated_use)::float8 as "simulatedUse"`;
  const query =
    resolution === 'hour'
      ? sql`select device_id as "deviceId",
            ((extract(epoch from hour) * 1000)::bigint)::text as bucket,
            use::float8 as use, estimated_use::float8 as "estimatedUse",
            simulated_use::float8 as "simulatedUse"
          from use_hourly
          where ${devices} and hour >= to_timestamp(${range.loMs}::float8 / 1000)
            and hour < to_timestamp(${range.hiMs}::float8 / 1000)`
      : resolution === 'day'
        ? sql`select device_id as "deviceId", day::text as bucket, use::float8 as use,
              estimated_use::float8 as "estimatedUse", simulated_use::float8 as "simulatedUse"
            from use_daily
            where ${devices} and day >= ${range.loDate}::date and day < ${range.hiDate}::date`
        : sql`select device_id as "deviceId", date_trunc('month', day)::date::text as bucket, ${sums}
            from use_daily
            where ${devices} and day >= ${range.loDate}::date and day < ${range.hiDate}::date
            group by 1, 2`;
  return rowsOf<BucketUse>(await db.execute(query));
}

/** A meter's register at the end of a bucket: its last reading in the bucket (Wh or litres). */
export type BucketRegister = { deviceId: string; bucket: string; value: number };

/**
 * Each meter's last reading in each bucket of the run, one index probe per meter and bucket (the
 * readings' key is (device, time): a backward step from the bucket's end), never a scan of the
 * readings between. A reading at a bucket's end closes that bucket, as its use does. Dips and
 * implausible steps are left out: the use ignores them too (derive-use.ts).
 */
export async function selectRegistersOfBuckets(
  db: Queryable,
  deviceIds: readonly string[],
  buckets: readonly { key: string; startMs: number; endMs: number }[],
): Promise<BucketRegister[]> {
  const result = await db.execute(sql`
    select m.id as "deviceId", b.key as bucket, r.value::float8 as value
    from unnest(${arrayParam(deviceIds)}::uuid[]) as m(id)
    cross join unnest(${arrayParam(buckets.map((bucket) => bucket.key))}::text[],
      ${arrayParam(buckets.map((bucket) => bucket.startMs))}::float8[],
      ${arrayParam(buckets.map((bucket) => bucket.endMs))}::float8[]) as b(key, start_ms, end_ms)
    cross join lateral (
      select value from readings
      where device_id = m.id
        and at > to_timestamp(b.start_ms / 1000) and at <= to_timestamp(b.end_ms / 1000)
        and kind not in (${ReadingKind.dip}, ${ReadingKind.implausible})
      order by at desc limit 1
    ) as r`);
  return rowsOf<BucketRegister>(result);
}

export async function insertChunk(
  db: Queryable,
  chunk: { exportId: string; runId: string; seq: number; bytes: Buffer },
) {
  await db.insert(dataExportChunks).values(chunk);
}

/** Piece `seq` of a file, or undefined past its end. */
export async function selectChunk(
  db: Queryable,
  file: { exportId: string; runId: string },
  seq: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: dataExportChunks.bytes })
    .from(dataExportChunks)
    .where(
      and(
        eq(dataExportChunks.exportId, file.exportId),
        eq(dataExportChunks.runId, file.runId),
        eq(dataExportChunks.seq, seq),
      ),
    );
  return row?.bytes;
}

/** Counts a build's try on its export while the claim is the build's; false when it is not. */
export async function countAttempt(db: Queryable, job: { id: string; claimedAt: Date }) {
  const counted = await db
    .update(dataExports)
    .set({ attempts: sql`${dataExports.attempts} + 1` })
    .where(
      and(
        eq(dataExports.id, job.id),
        eq(dataExports.status, 'running'),
        eq(dataExports.claimedAt, job.claimedAt),
      ),
    )
    .returning({ id: dataExports.id });
  return counted.length > 0;
}

/**
 * Records a build's progress, and that it still runs: the claim's time moves on (a build that
 * stops doing so is taken over once its claim is stale). Answers the new claim time, or undefined
 * when the claim is no longer this build's.
 */
export async function recordProgress(
  db: Queryable,
  job: { id: string; claimedAt: Date },
  progress: number,
): Promise<Date | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ progress, claimedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(
      and(
        eq(dataExports.id, job.id),
        eq(dataExports.status, 'running'),
        eq(dataExports.claimedAt, job.claimedAt),
      ),
    )
    .returning({ claimedAt: dataExports.claimedAt });
  return row?.claimedAt ?? undefined;
}

/**
 * Removes exports asked for longer ago than the days kept (their chunks go with them), and the
 * chunks no finished export reads: those of a build that died or lost its claim. Answers how many
 * exports were removed.
 */
export async function removeExpiredExports(db: Queryable, keptDays: number): Promise<number> {
  const removed = await db
    .delete(dataExports)
    .where(lt(dataExports.createdAt, sql`now() - make_interval(days => ${keptDays})`))
    .returning({ id: dataExports.id });
  await db.execute(sql`
    delete from data_export_chunks c using data_exports e
    where c.export_id = e.id and e.status in ('ready', 'failed')
      and c.run_id is distinct from e.file_run_id`);
  return removed.length;
}
