// Binary COPY on PGlite: rows land as sent (uuids, instants to the millisecond, nulls, floats,
// small integers, booleans), inside a transaction that a rollback undoes; on PostgreSQL the
// function declines, so the caller inserts its own way.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDrivers } from '../test/database';
import { type BinaryColumn, encodeBinaryCopy, uuidBytes } from './binary-copy';
import type { Queryable } from './client';
import { copyOnPglite } from './pglite-copy';

type Row = {
  id: string;
  atMs: number;
  prevAtMs: number | null;
  value: number;
  kind: number;
  flag: boolean;
};
const columnsOf = (rows: readonly Row[]): BinaryColumn[] => {
  const row = (index: number) => rows[index] as Row;
  return [
    { type: 'uuid', value: (index) => uuidBytes(row(index).id) },
    { type: 'timestamptz', value: (index) => row(index).atMs },
    { type: 'timestamptz', value: (index) => row(index).prevAtMs },
    { type: 'float8', value: (index) => row(index).value },
    { type: 'int2', value: (index) => row(index).kind },
    { type: 'bool', value: (index) => row(index).flag },
  ];
};
const TARGET = 'copied (id, at, prev_at, value, kind, flag)';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('encodeBinaryCopy', () => {
  it('refuses a time that is not a whole number of milliseconds, rather than write 2000-01-01', () => {
    for (const ms of [Number.NaN, Number.POSITIVE_INFINITY, 1.5])
      expect(() => encodeBinaryCopy(1, [{ type: 'timestamptz', value: () => ms }])).toThrow(
        RangeError,
      );
  });
});

describe.each(testDrivers)('copyOnPglite on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await database.db.execute(sql`create table copied (id uuid, at timestamptz,
      prev_at timestamptz, value float8, kind int2, flag bool)`);
  });
  afterAll(() => database.drop());

  const stored = async (db: Queryable = database.db) =>
    rowsOf<Row>(
      await db.execute(sql`
        select id::text as id, (extract(epoch from at) * 1000)::float8 as "atMs",
               (extract(epoch from prev_at) * 1000)::float8 as "prevAtMs", value, kind, flag
        from copied order by at`),
    );

  it(driver === 'pglite' ? 'copies the rows as sent' : 'declines, copying nothing', async () => {
    const rows: Row[] = [
      {
        id: randomUUID(),
        atMs: Date.parse('2026-03-29T01:00:00.001Z'),
        prevAtMs: null,
        value: 0.1 + 0.2,
        kind: 1,
        flag: true,
      },
      {
        id: randomUUID(),
        atMs: Date.parse('2099-12-31T23:59:59.999Z'),
        prevAtMs: Date.parse('2010-01-01T00:00:00.000Z'),
        value: -1_234_567.125,
        kind: -2,
        flag: false,
      },
    ];
    expect(await copyOnPglite(database.db, TARGET, rows.length, columnsOf(rows))).toBe(
      driver === 'pglite',
    );
    expect(await stored()).toEqual(driver === 'pglite' ? rows : []);
  });

  it.runIf(driver === 'pglite')('copies inside a transaction, undone by its rollback', async () => {
    await database.db.execute(sql`truncate copied`);
    const row: Row = {
      id: randomUUID(),
      atMs: 1_767_225_600_000,
      prevAtMs: null,
      value: 1,
      kind: 0,
      flag: true,
    };
    await expect(
      database.db.transaction(async (transaction) => {
        expect(await copyOnPglite(transaction, TARGET, 1, columnsOf([row]))).toBe(true);
        expect(await stored(transaction)).toEqual([row]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored()).toEqual([]);
  });
});
