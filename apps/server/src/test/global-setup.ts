// Runs once before the server tests: migrates one embedded database and, when TEST_DATABASE_URL
// is set, one PostgreSQL template database, so each test file copies a migrated database instead
// of creating and migrating its own (test/database.ts); and bundles the server for the tests that
// start it as a process (test/server-bundle.ts). Removes all of them afterwards.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { bundleServer } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar file of a migrated embedded database's data directory. */
    pgliteImageFile: string;
    /** A tar file of an empty embedded database's data directory (no migrations run). */
    pgliteEmptyImageFile: string;
    /** A migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | undefined;
    /** The server bundled, for test/server-process.ts. */
    serverBundle: string;
  }
}

/**
 * Tar files of an embedded database's data directory, empty and migrated: a database made from
 * an image is ready in ~0.7 s, where PostgreSQL's initialisation of an empty one takes ~4 s.
 */
async function pgliteImages(folder: string) {
  const database = await openDatabase({ driver: 'pglite', directory: undefined });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = async (name: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const empty = await dump('pglite-empty.tar');
  await migrateDatabase(database);
  const migrated = await dump('pglite-migrated.tar');
  await database.close();
  return { empty, migrated };
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
  const [images, template, server] = await Promise.all([
    pgliteImages(folder),
    postgresUrl ? migratedPostgresTemplate(postgresUrl) : undefined,
    bundleServer(),
  ]);
  project.provide('pgliteImageFile', images.migrated);
  project.provide('pgliteEmptyImageFile', images.empty);
  project.provide('postgresTemplate', template);
  project.provide('serverBundle', server.bundle);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    server.remove();
    if (postgresUrl && template)
      await withAdmin(postgresUrl, (admin) =>
        admin.query(`drop database if exists ${template} with (force)`),
      );
  };
}
