// Applies the committed SQL migrations at start; a failure stops the process (CONVENTIONS 10).
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../locations';
import type { Database } from './client';

/** Any fixed number; replicas starting together on one PostgreSQL take turns migrating. */
const MIGRATION_LOCK_KEY = 7_340_215_001;

export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER) {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const db = database.db as unknown as NodePgDatabase;
  await db.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migrateNodePostgres(transaction as unknown as NodePgDatabase, { migrationsFolder });
  });
}
