// Applies the committed SQL migrations at start; a failure stops the process (CONVENTIONS 10).
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../locations';
import type { Database } from './client';

/** Any fixed number; replicas starting together on one PostgreSQL take turns migrating. */
const MIGRATION_LOCK_KEY = 7_340_215_001;

export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER) {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One connection holds a session lock for the whole run; the migrator manages its own
  // transaction on that same connection.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
