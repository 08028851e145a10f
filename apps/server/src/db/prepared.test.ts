// A prepared query answers like the query it was built from, on the database and inside a
// transaction, on every driver, and is built once per handle (and per shape, where it has several).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { preparedPerHandle, preparedPerShape } from './prepared';
import { users } from './schema/accounts';

describe.each(testDrivers)('preparedPerHandle on %s', (driver) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp(driver);
  });
  afterAll(() => subject.close());

  it('answers as the unprepared query does, with new parameters each time, in and out of a transaction', async () => {
    const { db } = subject.database;
    const [first, second] = await db
      .insert(users)
      .values([
        { email: `prepared-a-${driver}@example.se`, name: 'A' },
        { email: `prepared-b-${driver}@example.se`, name: 'B' },
      ])
      .returning();
    if (!first || !second) throw new Error('no users made');
    const build = vi.fn((handle: Parameters<Parameters<typeof preparedPerHandle>[0]>[0]) =>
      handle
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(`prepared_test_${driver}`),
    );
    const nameOf = preparedPerHandle(build);

    expect(await nameOf(db, { id: first.id })).toEqual([{ name: 'A' }]);
    expect(await nameOf(db, { id: second.id })).toEqual([{ name: 'B' }]);
    expect(build).toHaveBeenCalledTimes(1);
    await db.transaction(async (transaction) => {
      expect(await nameOf(transaction, { id: second.id })).toEqual([{ name: 'B' }]);
    });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('builds each shape once and answers each with its own SQL', async () => {
    const { db } = subject.database;
    const [user] = await db
      .insert(users)
      .values({ email: `shaped-${driver}@example.se`, name: 'Shaped' })
      .returning();
    if (!user) throw new Error('no user made');
    const build = vi.fn(
      (
        handle: Parameters<Parameters<typeof preparedPerHandle>[0]>[0],
        column: 'name' | 'email',
        name: string,
      ) =>
        handle
          .select({ value: users[column] })
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .prepare(name),
    );
    const userField = preparedPerShape(
      (column: 'name' | 'email') => `shaped_${column}_${driver}`,
      build,
    );

    for (let time = 0; time < 2; time++) {
      expect(await userField(db, 'name', { id: user.id })).toEqual([{ value: 'Shaped' }]);
      expect(await userField(db, 'email', { id: user.id })).toEqual([
        { value: `shaped-${driver}@example.se` },
      ]);
    }
    expect(build).toHaveBeenCalledTimes(2);
  });
});
