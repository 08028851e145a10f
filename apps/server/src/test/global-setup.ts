// Runs once before the server tests: migrates one embedded database and, when TEST_DATABASE_URL
// is set, one PostgreSQL template database, so each test file copies a migrated database instead
// of creating and migrating its own (test/database.ts). Removes both afterwards.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar file of a migrated embedded database's data directory. */
    pgliteImageFile: string;
    /** A migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
  }
}

async function migratedPgliteImage(folder: string) {
  const database = await openDatabase({ driver: 'pglite', directory: undefined });
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(folder, 'pglite-migrated.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  return file;
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function migratedPostgresTemplate(url: string) {
  const name = `portal_template_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: target.toString() });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return name;
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-db-'));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const [imageFile, template] = await Promise.all([
    migratedPgliteImage(folder),
    postgresUrl ? migratedPostgresTemplate(postgresUrl) : undefined,
  ]);
  project.provide('pgliteImageFile', imageFile);
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (postgresUrl && template)
      await withAdmin(postgresUrl, (admin) =>
        admin.query(`drop database if exists ${template} with (force)`),
      );
  };
}
