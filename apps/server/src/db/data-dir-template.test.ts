import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../locations';
import { openDatabase } from './client';
import { copyDataDirTemplate, originFile, pgliteVersion } from './data-dir-template';
import { migrateDatabase } from './migrate';
import { prepareDataDirTemplate } from './prepare-data-dir-template';

const folders: string[] = [];
function temporaryFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A stand-in template: a file in a folder, with the origin PGlite `version`. */
function fakeTemplate(version = pgliteVersion()) {
  const template = path.join(temporaryFolder(), 'pgdata-template');
  mkdirSync(template);
  writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
  writeFileSync(originFile(template), JSON.stringify({ pglite: version, migrations: 'x' }));
  return template;
}

/** The committed migrations without the newest one, as an older build would have had them. */
function migrationsWithoutTheNewest() {
  const folder = path.join(temporaryFolder(), 'drizzle');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, count: journal.entries.length };
}

describe('the data directory template', () => {
  it('is copied into a missing or empty data directory', () => {
    const template = fakeTemplate();
    const missing = path.join(temporaryFolder(), 'pgdata');
    expect(copyDataDirTemplate(missing, template)).toBe(true);
    expect(readFileSync(path.join(missing, 'PG_VERSION'), 'utf8')).toBe('17\n');

    const empty = path.join(temporaryFolder(), 'pgdata');
    mkdirSync(empty);
    expect(copyDataDirTemplate(empty, template)).toBe(true);
    expect(existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${empty}.copying`)).toBe(false);
  });

  it('never touches a data directory that holds anything', () => {
    const directory = path.join(temporaryFolder(), 'pgdata');
    mkdirSync(directory);
    writeFileSync(path.join(directory, 'PG_VERSION'), '16\n');
    expect(copyDataDirTemplate(directory, fakeTemplate())).toBe(false);
    expect(readFileSync(path.join(directory, 'PG_VERSION'), 'utf8')).toBe('16\n');
  });

  it('is not used when unfinished, missing or made by another PGlite', () => {
    const unfinished = fakeTemplate();
    rmSync(originFile(unfinished));
    for (const template of [unfinished, '/nonexistent/template', fakeTemplate('0.0.1')]) {
      const directory = path.join(temporaryFolder(), 'pgdata');
      expect(copyDataDirTemplate(directory, template)).toBe(false);
      expect(existsSync(directory)).toBe(false);
    }
  });

  it('made from older migrations opens with the newer ones applied on top', async () => {
    const template = path.join(temporaryFolder(), 'pgdata-template');
    const older = migrationsWithoutTheNewest();
    expect(await prepareDataDirTemplate(template, older.folder)).toBe(true);
    // Made already from the same migrations: a rebuild leaves it alone.
    expect(await prepareDataDirTemplate(template, older.folder)).toBe(false);

    const directory = path.join(temporaryFolder(), 'pgdata');
    const database = await openDatabase({ driver: 'pglite', directory, template });
    try {
      const applied = async () => {
        const result = (await database.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { count: number }[] };
        return result.rows[0]?.count;
      };
      expect(await applied()).toBe(older.count);
      await migrateDatabase(database);
      expect(await applied()).toBe(older.count + 1);
    } finally {
      await database.close();
    }
    // A whole database initialisation, which takes a while on a busy machine.
  }, 120_000);
});
