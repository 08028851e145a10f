// Test databases: an in-memory PGlite always, and a fresh PostgreSQL database per test file when
// TEST_DATABASE_URL points at a server (DESIGN §6). Both are copies of a database the real
// migrations made once for the whole run (test/global-setup.ts), which is much faster than
// starting from an empty one in every file.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DatabaseDriver } from '@portal/contracts/system';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** The drivers every API test runs on. */
export const testDrivers: DatabaseDriver[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = Database & {
  drop(): Promise<void>;
  /** Where a PostgreSQL test database is, for a server process of its own to connect to. */
  url?: string;
};

let pgliteImage: Blob | undefined;
let emptyPgliteImage: Blob | undefined;

/** An empty embedded database, no migrations run: a copy of the global set-up's image. */
export function openEmptyPglite() {
  emptyPgliteImage ??= new Blob([readFileSync(inject('pgliteEmptyImageFile'))]);
  return openDatabase({ driver: 'pglite', directory: undefined, image: emptyPgliteImage });
}

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated database of its own for a test file. `fromScratch` runs the migrations on an empty
 * database instead of copying the migrated one (the migration tests), from `migrationsFolder` if
 * given (to stop at an earlier migration).
 */
export async function createTestDatabase(
  driver: DatabaseDriver,
  {
    fromScratch = false,
    migrationsFolder,
  }: { fromScratch?: boolean; migrationsFolder?: string } = {},
): Promise<TestDatabase> {
  if (driver === 'pglite') {
    if (fromScratch) {
      const database = await openEmptyPglite();
      await migrateDatabase(database, migrationsFolder);
      return { ...database, drop: () => database.close() };
    }
    pgliteImage ??= new Blob([readFileSync(inject('pgliteImageFile'))]);
    const database = await openDatabase({
      driver: 'pglite',
      directory: undefined,
      image: pgliteImage,
    });
    return { ...database, drop: () => database.close() };
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = fromScratch ? undefined : inject('postgresTemplate');
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  if (!template) await migrateDatabase(database, migrationsFolder);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
