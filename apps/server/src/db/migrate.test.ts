import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../locations';
import {
  createTestDatabase,
  openEmptyPglite,
  type TestDatabase,
  testDrivers,
} from '../test/database';
import { migrateDatabase } from './migrate';

/** A migrations folder in drizzle-kit's layout holding one migration with the given SQL. */
function migrationsFolderWith(statement: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(path.join(folder, '0000_broken.sql'), statement);
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1, tag: '0000_broken', breakpoints: true }],
    }),
  );
  return folder;
}

/** The portal's migrations up to and including the one whose tag starts with `last`. */
function migrationsFolderUpTo(last: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag.startsWith(last));
  journal.entries = journal.entries.slice(0, end + 1);
  for (const { tag } of journal.entries)
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

describe.each(testDrivers)('migrations on %s', (driver) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('creates the schema and can run again without changing anything', async () => {
    const current = await createTestDatabase(driver, { fromScratch: true });
    database = current;
    const applied = async () =>
      (
        (await current.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        )) as unknown as {
          rows: { count: number }[];
        }
      ).rows[0]?.count;
    const before = await applied();
    expect(before).toBeGreaterThan(0);
    await migrateDatabase(database);
    expect(await applied()).toBe(before);
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['organizations', 'users', 'refresh_tokens', 'mail_outbox']),
    );
  });

  it("moves each user's role onto their memberships, keeping everyone's rights (0005)", async () => {
    const current = await createTestDatabase(driver, {
      fromScratch: true,
      migrationsFolder: migrationsFolderUpTo('0004'),
    });
    database = current;
    await current.db.execute(sql`
      with organization as (insert into organizations (name) values ('Brf Före') returning id),
        manager as (insert into users (email, role) values ('m@example.se', 'site-manager')
          returning id),
        member as (insert into users (email, role) values ('u@example.se', 'user') returning id)
      insert into organization_memberships (organization_id, user_id)
      select organization.id, manager.id from organization, manager
      union all select organization.id, member.id from organization, member`);
    await migrateDatabase(current);
    const roles = (await current.db.execute(sql`
      select users.email, organization_memberships.role
      from organization_memberships join users on users.id = organization_memberships.user_id
      order by users.email`)) as unknown as { rows: { email: string; role: string }[] };
    expect(roles.rows).toEqual([
      { email: 'm@example.se', role: 'site-manager' },
      { email: 'u@example.se', role: 'user' },
    ]);
    const userColumns = (await current.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'users'`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(userColumns.rows.map((row) => row.column_name)).not.toContain('role');
  });

  it('lets several starters migrate at once, each waiting its turn', async () => {
    database = await createTestDatabase(driver, { fromScratch: true });
    await Promise.all([
      migrateDatabase(database),
      migrateDatabase(database),
      migrateDatabase(database),
    ]);
  });
});

describe('a failing migration', () => {
  it('rejects, so the server stops instead of running on a half-made schema', async () => {
    const database = await openEmptyPglite();
    try {
      await expect(
        migrateDatabase(database, migrationsFolderWith('create tabel oops (id int);')),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
