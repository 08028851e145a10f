// The transaction a chunk of demo readings is written in, with the fastest bulk load each driver
// offers: on PGlite a binary `COPY … FROM '/dev/blob'` (the server reads the values as they are:
// no per-row parsing, no parameter arrays), on PostgreSQL one `insert … select from unnest` of
// array parameters (node-postgres has no COPY FROM STDIN of its own; PostgreSQL is fast enough
// without it, and the demo's budget is measured on PGlite).
import { sql } from 'drizzle-orm';
import { type BinaryColumn, uuidBytes, uuidEncoder } from '../db/binary-copy';
import type { Database, Queryable } from '../db/client';
import { copyOnPglite } from '../db/pglite-copy';
import type { GeneratedReadings } from './demo-chunk';
import type { HourRow } from './demo-rollups';

/** Loads rows that are new by construction (none of them can exist yet): no conflict handling. */
export type ChunkLoader = {
  readings(rows: GeneratedReadings): Promise<void>;
  /** Hourly rollup rows of hours no reading reached before (a plain insert, not an upsert). */
  newHours(rows: readonly HourRow[]): Promise<void>;
};

/**
 * Runs `work` in one transaction on the database, handing it the transaction and the bulk loader
 * bound to it.
 */
export function inChunkTransaction<T>(
  database: Database,
  work: (db: Queryable, load: ChunkLoader) => Promise<T>,
): Promise<T> {
  return database.db.transaction((transaction) => work(transaction, chunkLoader(transaction)));
}

const READINGS = 'readings (device_id, at, value, prev_at, use, kind, estimated, simulated)';
const HOURS = 'use_hourly (device_id, hour, use, estimated_use, simulated_use)';

function readingColumns(rows: GeneratedReadings): BinaryColumn[] {
  const meters = rows.meterIds.map(uuidBytes);
  return [
    { type: 'uuid', value: (row) => rowOf(meters, rows.meter[row] ?? -1) },
    { type: 'timestamptz', value: (row) => rows.atMs[row] ?? 0 },
    { type: 'float8', value: (row) => rows.value[row] ?? 0 },
    { type: 'timestamptz', value: (row) => nullIfNaN(rows.prevAtMs[row]) },
    { type: 'float8', value: (row) => rows.use[row] ?? 0 },
    { type: 'int2', value: (row) => rows.kind[row] ?? 0 },
    { type: 'bool', value: (row) => rows.estimated[row] === 1 },
    { type: 'bool', value: () => true },
  ];
}

function hourColumns(rows: readonly HourRow[]): BinaryColumn[] {
  const idOf = uuidEncoder();
  const hour = (row: number) => rowOf(rows, row);
  return [
    { type: 'uuid', value: (row) => idOf(hour(row).deviceId) },
    { type: 'timestamptz', value: (row) => hour(row).hourMs },
    { type: 'float8', value: (row) => hour(row).use },
    { type: 'float8', value: (row) => hour(row).estimated },
    { type: 'float8', value: (row) => hour(row).simulated },
  ];
}

/** On PGlite a binary COPY (pglite-copy.ts), on PostgreSQL an insert from unnest. */
function chunkLoader(db: Queryable): ChunkLoader {
  const insert = unnestLoader(db);
  return {
    readings: async (rows) => {
      if (!(await copyOnPglite(db, READINGS, rows.count, readingColumns(rows))))
        await insert.readings(rows);
    },
    newHours: async (rows) => {
      if (!(await copyOnPglite(db, HOURS, rows.length, hourColumns(rows))))
        await insert.newHours(rows);
    },
  };
}

/** Row `row` of rows the encoder walks from 0 to their length. */
function rowOf<T>(rows: readonly T[], row: number): T {
  const value = rows[row];
  if (value === undefined) throw new RangeError(`no row ${row} of ${rows.length}`);
  return value;
}

/** A missing time, stored as NaN in a Float64Array, as SQL's null. */
const nullIfNaN = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? null : ms);

const iso = (ms: number) => new Date(ms).toISOString();

function unnestLoader(db: Queryable): ChunkLoader {
  const column = <Row, T>(rows: readonly Row[], pick: (row: Row) => T) => sql.param(rows.map(pick));
  return {
    readings: async (rows) => {
      if (rows.count === 0) return;
      const of = <T>(pick: (row: number) => T) =>
        sql.param(Array.from({ length: rows.count }, (_, row) => pick(row)));
      const ms = (value: number | undefined) => {
        const known = nullIfNaN(value);
        return known === null ? null : iso(known);
      };
      await db.execute(sql`
        insert into readings (device_id, at, value, prev_at, use, kind, estimated, simulated)
        select device_id, at, value, prev_at, use, kind, estimated, true
        from unnest(${of((row) => rows.meterIds[rows.meter[row] ?? 0])}::uuid[],
                    ${of((row) => ms(rows.atMs[row]))}::timestamptz[],
                    ${of((row) => rows.value[row])}::float8[],
                    ${of((row) => ms(rows.prevAtMs[row]))}::timestamptz[],
                    ${of((row) => rows.use[row])}::float8[], ${of((row) => rows.kind[row])}::int2[],
                    ${of((row) => rows.estimated[row] === 1)}::bool[])
          as r(device_id, at, value, prev_at, use, kind, estimated)`);
    },
    newHours: async (rows) => {
      if (rows.length === 0) return;
      const of = <T>(pick: (row: HourRow) => T) => column(rows, pick);
      await db.execute(sql`
        insert into use_hourly (device_id, hour, use, estimated_use, simulated_use)
        select * from unnest(${of((row) => row.deviceId)}::uuid[], ${of((row) => iso(row.hourMs))}::timestamptz[],
                             ${of((row) => row.use)}::float8[], ${of((row) => row.estimated)}::float8[],
                             ${of((row) => row.simulated)}::float8[])`);
    },
  };
}
