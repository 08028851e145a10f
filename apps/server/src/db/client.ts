// Opens the one database the portal uses: embedded PGlite in the data directory, or PostgreSQL
// when a URL is given. Both speak the same SQL and run the same schema and migrations.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseDriver } from '@portal/contracts/system';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DATA_DIR_TEMPLATE } from '../locations';
import { copyDataDirTemplate } from './data-dir-template';
import {
  RETRYABLE_SQLSTATES,
  type TransactionRetry,
  withTransactionRetry,
} from './retry-transaction';
import * as schema from './schema';

export type PortalDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type PortalTransaction = Parameters<Parameters<PortalDb['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories take this, callers choose. */
export type Queryable = PortalDb | PortalTransaction;

export type Database = {
  db: PortalDb;
  driver: DatabaseDriver;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseLocation =
  | { driver: 'postgres'; url: string }
  /**
   * directory: where PGlite keeps its files; undefined keeps everything in memory (tests).
   * image: a data directory to start from (PGlite's dumpDataDir), instead of an empty one.
   * template: a data directory copied into `directory` when that is empty (data-dir-template.ts).
   */
  | { driver: 'pglite'; directory: string | undefined; image?: Blob; template?: string };

export function databaseLocation(config: {
  databaseUrl?: string;
  dataDir: string;
}): DatabaseLocation {
  return config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : {
        driver: 'pglite',
        directory: path.resolve(config.dataDir, 'pgdata'),
        template: DATA_DIR_TEMPLATE,
      };
}

/**
 * How PGlite's Postgres starts: its own defaults, with 16 MB of shared buffers instead of 128.
 * Postgres touches all of its shared memory at start and WebAssembly memory never shrinks, so
 * this setting is resident memory for the life of the process; a portal's working set is a
 * few MB, and pages beyond it still come from the operating system's file cache.
 */
const pgliteStartParams = (defaults: string[]) => [...defaults, '-c', 'shared_buffers=16MB'];

/** One line per retry, with the SQLSTATE only: the error's message carries the failed query's
 * parameters, which may be secrets. On standard error, like a lost connection above: the
 * database opens before the app and its logger exist. */
function logTransactionRetry({ code, attempt, attempts, delayMs }: TransactionRetry) {
  console.warn(
    `Database transaction retried: ${RETRYABLE_SQLSTATES[code]} (${code}) on attempt ${attempt} of ${attempts}, again in ${delayMs} ms`,
  );
}

/**
 * Makes every `db.transaction` of the portal run again on a deadlock or serialization failure
 * (retry-transaction.ts): one place for all services, on both drivers. Nested transactions
 * (savepoints, `transaction.transaction`) are left alone; their outermost transaction retries.
 */
function retryingTransactions(db: PortalDb): PortalDb {
  const begin = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    withTransactionRetry(() => begin(work, config), {
      onRetry: logTransactionRetry,
    })) as PortalDb['transaction'];
  return db;
}

// Each driver is imported when a database of its kind is opened: a process uses one of them,
// and loading the other was start time for nothing (DESIGN §7 M2).
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.driver === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: location.url,
      max: 10,
      // No JIT compilation: the portal's statements are short, and PostgreSQL's cost estimates
      // on a growing readings table crossed jit_above_cost, so the ingest's stretch query spent
      // 250 of its 255 ms compiling itself (docs/telemetry.md "Performance").
      options: '-c jit=off',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzleNodePostgres({ client: pool, schema, casing: 'snake_case' });
    return {
      db: retryingTransactions(db as unknown as PortalDb),
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  if (location.directory && location.template)
    copyDataDirTemplate(location.directory, location.template);
  if (location.directory) await mkdir(location.directory, { recursive: true });
  const client = await PGlite.create({
    startParams: pgliteStartParams(PGlite.defaultStartParams),
    ...(location.directory ? { dataDir: location.directory } : {}),
    ...(location.image ? { loadDataDir: location.image } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: retryingTransactions(db as unknown as PortalDb),
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
