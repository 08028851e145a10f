// Array parameters as PostgreSQL array literals read back as the values sent, on every driver:
// text of any characters, NULL, numbers (NaN and the infinities included), booleans — and instants
// sent as milliseconds since the epoch, as the ingest sends them, exact to the millisecond.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDrivers } from '../test/database';
import { arrayLiteral, arrayParam } from './array-literal';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

describe('arrayLiteral', () => {
  it('quotes text, escapes quotes and backslashes, and writes NULL, numbers and booleans bare', () => {
    expect(arrayLiteral(['a b', 'say "hi"', 'back\\slash', null, 1.5, -0.25, true, false])).toBe(
      '{"a b","say \\"hi\\"","back\\\\slash",NULL,1.5,-0.25,t,f}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });
});

describe.each(testDrivers)('array parameters on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.drop());

  it('reads text back as it was sent, whatever its characters', async () => {
    const texts = [
      'plain',
      '',
      'NULL',
      'a,b',
      '{braces}',
      ' spaced ',
      'say "hi"',
      'C:\\temp\\',
      'å ä ö',
    ];
    const result = await database.db.execute(
      sql`select unnest(${arrayParam([...texts, null])}::text[]) as value`,
    );
    expect(rowsOf<{ value: string | null }>(result).map((row) => row.value)).toEqual([
      ...texts,
      null,
    ]);
  });

  it('reads numbers and booleans back as they were sent', async () => {
    const numbers = [0, -1.25, 0.1 + 0.2, 1e-300, 123_456_789.123, Number.NaN, Infinity, -Infinity];
    const result = await database.db.execute(
      sql`select unnest(${arrayParam(numbers)}::float8[]) as value`,
    );
    expect(rowsOf<{ value: number }>(result).map((row) => Number(row.value))).toEqual(numbers);
    const flags = await database.db.execute(
      sql`select unnest(${arrayParam([true, false, null])}::bool[]) as value`,
    );
    expect(rowsOf<{ value: boolean | null }>(flags).map((row) => row.value)).toEqual([
      true,
      false,
      null,
    ]);
  });

  it('turns milliseconds since the epoch into the exact instant by to_timestamp(ms / 1000)', async () => {
    // Every millisecond of the last digit, from 2010 to the end of 2241 (the claim in
    // readings.repository.ts) and across both DST changes in Stockholm.
    const instants = [
      Date.parse('2010-01-01T00:00:00.000Z'),
      Date.parse('2026-03-29T00:59:59.999Z'),
      Date.parse('2026-03-29T01:00:00.001Z'),
      Date.parse('2026-10-25T00:59:59.998Z'),
      Date.parse('2099-12-31T23:59:59.997Z'),
      Date.parse('2241-12-31T23:59:59.999Z'),
      ...Array.from({ length: 1000 }, (_, index) => 1_767_225_600_000 + index * 7_919_003 + index),
    ];
    const result = await database.db.execute(sql`
      select to_char(to_timestamp(ms / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from unnest(${arrayParam(instants)}::float8[]) as u(ms)`);
    expect(rowsOf<{ at: string }>(result).map((row) => row.at)).toEqual(
      instants.map((ms) => new Date(ms).toISOString()),
    );
  });
});
