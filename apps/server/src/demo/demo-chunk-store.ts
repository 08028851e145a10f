// The transaction a chunk of demo readings is written in, with the fastest bulk load each driver
// offers: on PGlite a binary `COPY … FROM '/dev/blob'` (the server reads the values as they are:
// no per-row parsing, no parameter arrays), on PostgreSQL one `insert … select from unnest` of
// array parameters (node-postgres has no COPY FROM STDIN of its own; PostgreSQL is fast enough
// without it, and the demo's budget is measured on PGlite).
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, PortalDb, Queryable } from '../db/client';
import * as schema from '../db/schema';
import { type BinaryColumn, encodeBinaryCopy, uuidBytes } from './binary-copy';
import type { GeneratedReading } from './demo-chunk';
import type { HourRow } from './demo-rollups';

/** Loads rows that are new by construction (none of them can exist yet): no conflict handling. */
export type ChunkLoader = {
  readings(rows: readonly GeneratedReading[]): Promise<void>;
  /** Hourly rollup rows of hours no reading reached before (a plain insert, not an upsert). */
  newHours(rows: readonly HourRow[]): Promise<void>;
};

/**
 * Runs `work` in one transaction on the database, handing it the transaction (for the drizzle
 * statements) and the driver's bulk loader bound to it.
 */
export async function inChunkTransaction<T>(
  database: Database,
  work: (db: Queryable, load: ChunkLoader) => Promise<T>,
): Promise<T> {
  // drizzle keeps the client it was made with as `$client`; the Database type does not say so.
  const client: unknown = Reflect.get(database.db, '$client');
  if (client instanceof PGlite)
    return client.transaction((transaction) =>
      work(drizzleOver(transaction), pgliteLoader(transaction)),
    );
  return database.db.transaction((transaction) => work(transaction, unnestLoader(transaction)));
}

/**
 * A drizzle database over an open PGlite transaction, as drizzle's own PGlite transactions are
 * made (PgliteSession.transaction wraps the Transaction PGlite hands it): its session only calls
 * `query`. Needed because COPY's blob option is PGlite's, not drizzle's.
 */
function drizzleOver(transaction: Transaction): PortalDb {
  const client = transaction as unknown as PGlite;
  return drizzle({ client, schema, casing: 'snake_case' }) as unknown as PortalDb;
}

/** Per device, its id's 16 bytes, computed once per chunk rather than once per row. */
function uuidEncoder() {
  const cache = new Map<string, Uint8Array>();
  return (id: string) => {
    let bytes = cache.get(id);
    if (!bytes) {
      bytes = uuidBytes(id);
      cache.set(id, bytes);
    }
    return bytes;
  };
}

function pgliteLoader(transaction: Transaction): ChunkLoader {
  const copy = async <Row>(
    target: string,
    rows: readonly Row[],
    columns: readonly BinaryColumn<Row>[],
  ) => {
    if (rows.length === 0) return;
    const blob = new Blob([encodeBinaryCopy(rows, columns)]);
    await transaction.query(`copy ${target} from '/dev/blob' with (format binary)`, [], { blob });
  };
  return {
    readings: (rows) => {
      const id = uuidEncoder();
      return copy(
        'readings (device_id, at, value, prev_at, use, kind, estimated, simulated)',
        rows,
        [
          { type: 'uuid', value: (row) => id(row.deviceId) },
          { type: 'timestamptz', value: (row) => row.atMs },
          { type: 'float8', value: (row) => row.value },
          { type: 'timestamptz', value: (row) => row.prevAtMs },
          { type: 'float8', value: (row) => row.use },
          { type: 'int2', value: (row) => row.kind },
          { type: 'bool', value: (row) => row.estimated },
          { type: 'bool', value: () => true },
        ],
      );
    },
    newHours: (rows) => {
      const id = uuidEncoder();
      return copy('use_hourly (device_id, hour, use, estimated_use, simulated_use)', rows, [
        { type: 'uuid', value: (row) => id(row.deviceId) },
        { type: 'timestamptz', value: (row) => row.hourMs },
        { type: 'float8', value: (row) => row.use },
        { type: 'float8', value: (row) => row.estimated },
        { type: 'float8', value: (row) => row.simulated },
      ]);
    },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

function unnestLoader(db: Queryable): ChunkLoader {
  const column = <Row, T>(rows: readonly Row[], pick: (row: Row) => T) => sql.param(rows.map(pick));
  return {
    readings: async (rows) => {
      if (rows.length === 0) return;
      const of = <T>(pick: (row: GeneratedReading) => T) => column(rows, pick);
      await db.execute(sql`
        insert into readings (device_id, at, value, prev_at, use, kind, estimated, simulated)
        select device_id, at, value, prev_at, use, kind, estimated, true
        from unnest(${of((row) => row.deviceId)}::uuid[], ${of((row) => iso(row.atMs))}::timestamptz[],
                    ${of((row) => row.value)}::float8[],
                    ${of((row) => (row.prevAtMs === null ? null : iso(row.prevAtMs)))}::timestamptz[],
                    ${of((row) => row.use)}::float8[], ${of((row) => row.kind)}::int2[],
                    ${of((row) => row.estimated)}::bool[])
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
