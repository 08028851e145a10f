// Builds one export's file (docs/export.md): the meters chosen, the window's buckets, and then,
// a page of buckets at a time (about PAGE_ROWS rows), one read of their use (and registers),
// rows assembled in order and handed to the writer, which streams them into the file's chunks.
// Memory holds one page, whatever the export's length; the database is never held between pages
// (PGlite has one connection, which every request shares).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AreaType } from '@portal/contracts/domain';
import { type ExportField, exportGrain } from '@portal/contracts/exports';
import type { StatisticsType } from '@portal/contracts/statistics';
import type { PortalDb } from '../../db/client';
import { cleanFileName } from '../images/file-name';
import { ChunkSink } from './chunk-sink';
import { csvExportWriter } from './csv-export-writer';
import { type ExportBucket, exportBuckets, rangeOf } from './export-buckets';
import type { Cell } from './export-cells';
import {
  type ExportLayout,
  exportColumns,
  exportLabels,
  isWater,
  registerKinds,
} from './export-columns';
import type { ExportWriter } from './export-writer';
import {
  type BucketRegister,
  type BucketUse,
  type ExportMeter,
  findPropertyOfExport,
  insertChunk,
  selectExportMeters,
  selectRegistersOfBuckets,
  selectUseOfBuckets,
} from './exports.repository';
import { xlsxExportWriter } from './xlsx-export-writer';

/** Rows a page reads and writes at most (a page is at least one bucket). */
export const PAGE_ROWS = 20_000;
/** A bucket is flagged when more than this of its use (Wh, litres) was estimated or simulated,
 * as statistics flag theirs. */
const FLAG_THRESHOLD = 0.001;

/** What an export asked for, as its row holds it. */
export type ExportJob = {
  id: string;
  organizationId: string;
  propertyId: string;
  areas: string[];
  areaTypes: string[];
  from: string;
  to: string;
  types: StatisticsType[];
  style: 'xlsx' | 'csv';
  resolution: ExportLayout['resolution'];
  fields: ExportField[];
  language: ExportLayout['language'];
};

export type BuiltExport = { fileName: string; size: number; rows: number };

export type BuildOptions = {
  db: PortalDb;
  job: ExportJob;
  /** Names the chunks this build writes. */
  runId: string;
  /** Told the share done (0–1) after every page; may throw to stop the build. */
  progress(share: number): Promise<void>;
  /** Rows per page (tests make pages small). */
  pageRows?: number;
  /** Bytes per chunk of the file (tests make chunks small). */
  chunkBytes?: number;
  /** Rows per XLSX sheet (tests make sheets small). */
  sheetRows?: number;
};

/** A row's group: one meter, one area, or everything (the grain). */
type Group = { key: string; meters: ExportMeter[] };

function groupsOf(meters: ExportMeter[], grain: ExportLayout['grain']): Group[] {
  if (grain === 'device') return meters.map((meter) => ({ key: meter.id, meters: [meter] }));
  if (grain === 'total') return [{ key: '', meters }];
  const byArea = new Map<string, Group>();
  for (const meter of meters) {
    const group = byArea.get(meter.areaId);
    if (group) group.meters.push(meter);
    else byArea.set(meter.areaId, { key: meter.areaId, meters: [meter] });
  }
  return [...byArea.values()];
}

/** Use per bucket and meter of one page, for lookups while the rows are assembled. */
function indexByBucket<Row extends { deviceId: string; bucket: string }>(rows: Row[]) {
  const index = new Map<string, Row>();
  for (const row of rows) index.set(`${row.bucket}|${row.deviceId}`, row);
  return index;
}

export async function buildExport(options: BuildOptions): Promise<BuiltExport> {
  const { db, job, runId } = options;
  const property = await findPropertyOfExport(db, job.propertyId);
  if (!property) throw new Error('the property is gone');
  const layout: ExportLayout = {
    resolution: job.resolution,
    timeZone: property.timeZone,
    language: job.language,
    grain: exportGrain(job.fields),
    fields: job.fields,
    types: job.types,
  };
  const meters = await selectExportMeters(db, job);
  const groups = groupsOf(meters, layout.grain);
  const buckets = exportBuckets(job.resolution, job.from, job.to, property.timeZone);
  const columns = exportColumns(layout);
  const registers = registerKinds(layout);
  const withRegisters = registers.energy || registers.water;
  const typeColumn = new Map(layout.types.map((type, index) => [type, index]));
  const deviceIds = meters.map((meter) => meter.id);
  const areaTypeNames = exportLabels(job.language).areaTypes;

  const sink = new ChunkSink({
    save: (seq, bytes) => insertChunk(db, { exportId: job.id, runId, seq, bytes }),
    chunkBytes: options.chunkBytes,
  });
  const writer: ExportWriter =
    job.style === 'csv'
      ? csvExportWriter(sink, columns, job.language)
      : await xlsxExportWriter(sink, columns, job.resolution, 'Data', {
          sheetRows: options.sheetRows,
        });
  await writer.start();

  const total = buckets.length * groups.length;
  // Sized by the meters, whatever the grain: a page reads a row per meter and bucket (an export
  // per area or in total of 300 meters reads 300 rows for each one it writes).
  const bucketsPerPage = Math.max(
    1,
    Math.floor((options.pageRows ?? PAGE_ROWS) / Math.max(1, meters.length)),
  );
  let written = 0;
  for (let first = 0; first < buckets.length && groups.length > 0; first += bucketsPerPage) {
    const page = buckets.slice(first, first + bucketsPerPage);
    const range = rangeOf(page, job.resolution, job);
    const [use, readings] = await Promise.all([
      selectUseOfBuckets(db, job.resolution, deviceIds, range),
      withRegisters ? selectRegistersOfBuckets(db, deviceIds, page) : ([] as BucketRegister[]),
    ]);
    const lookups: Lookups = {
      useOf: indexByBucket<BucketUse>(use),
      registerOf: indexByBucket<BucketRegister>(readings),
      typeColumn,
      registers,
      areaTypeNames,
    };
    for (const bucket of page)
      for (const group of groups) {
        await writer.write(rowOf(bucket, group, layout, lookups));
        written += 1;
      }
    // Let the file's stream and the database catch up before the next page is read.
    await nextTurn();
    if (sink.failure !== undefined) throw sink.failure;
    await options.progress(total === 0 ? 1 : written / total);
  }
  await writer.finish();
  if (sink.failure !== undefined) throw sink.failure;
  const extension = job.style === 'csv' ? 'csv' : 'xlsx';
  return {
    fileName: exportFileName(property.name, job, extension),
    size: sink.size,
    rows: written,
  };
}

/** Longest part of a file name the property's name takes, so the window always fits after it. */
const FILE_NAME_PROPERTY_LENGTH = 60;

/** 'Kv. Solrosen 1 2026-10-01 – 2026-10-31.csv': the property's name (cleaned as an uploaded
 * image's is, its dots kept) and the window. */
function exportFileName(name: string, window: { from: string; to: string }, extension: string) {
  const shortName = [...name.replace(/[\\/]/g, '-')].slice(0, FILE_NAME_PROPERTY_LENGTH).join('');
  return cleanFileName(`${shortName} ${window.from} – ${window.to}.${extension}`, extension);
}

type Lookups = {
  useOf: Map<string, BucketUse>;
  registerOf: Map<string, BucketRegister>;
  typeColumn: Map<StatisticsType, number>;
  registers: ReturnType<typeof registerKinds>;
  areaTypeNames: Record<AreaType, string>;
};

/** One row: the bucket's time, the group's names, its use per type, registers and flags. */
function rowOf(bucket: ExportBucket, group: Group, layout: ExportLayout, lookups: Lookups): Cell[] {
  const row: Cell[] = [bucket.time];
  if (layout.resolution === 'hour') row.push(bucket.offset);
  const first = group.meters[0];
  if (layout.grain !== 'total' && layout.fields.includes('area'))
    // An area without a name of its own is named by its type, as the screens name it.
    row.push(
      first ? first.areaName || lookups.areaTypeNames[first.areaType] : null,
      first?.areaNumber ?? null,
    );
  if (layout.grain === 'device') row.push(first?.idNumber ?? null, first?.name || null);
  const values: (number | null)[] = layout.types.map(() => null);
  let estimated = 0;
  let simulated = 0;
  for (const meter of group.meters) {
    const use = lookups.useOf.get(`${bucket.key}|${meter.id}`);
    if (!use) continue;
    const column = lookups.typeColumn.get(meter.type) as number;
    // Wh and litres to kWh and m³.
    values[column] = (values[column] ?? 0) + use.use / 1000;
    estimated += use.estimatedUse;
    simulated += use.simulatedUse;
  }
  row.push(...values);
  const { registers } = lookups;
  if (registers.energy || registers.water) {
    const meter = first as ExportMeter;
    const register = lookups.registerOf.get(`${bucket.key}|${meter.id}`);
    const value = register ? register.value / 1000 : null;
    if (registers.energy) row.push(isWater(meter.type) ? null : value);
    if (registers.water) row.push(isWater(meter.type) ? value : null);
  }
  if (layout.fields.includes('estimated')) row.push(estimated > FLAG_THRESHOLD);
  if (layout.fields.includes('simulated')) row.push(simulated > FLAG_THRESHOLD);
  return row;
}
