// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per test file when
// TEST_DATABASE_URL points at a server (DESIGN §6). Both run the real migrations.
import { randomBytes } from 'node:crypto';
import type { DatabaseDriver } from '@portal/contracts/system';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** The drivers every API test runs on. */
export const testDrivers: DatabaseDriver[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = Database & { drop(): Promise<void> };

export async function createTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', directory: undefined });
    await migrateDatabase(database);
    return { ...database, drop: () => database.close() };
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  await migrateDatabase(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
