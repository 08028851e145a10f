// Transactions run again on a deadlock or serialization failure: the rule alone, then through the
// database client on PGlite and PostgreSQL, and a real deadlock on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase, testDrivers } from '../test/database';
import { createOrganization } from '../test/factories';
import type { PortalTransaction } from './client';
import {
  retryableSqlState,
  type TransactionRetry,
  withTransactionRetry,
} from './retry-transaction';
import { organizations } from './schema/organizations';

/** An error as Drizzle throws it: the driver's error, with its SQLSTATE, as the cause. */
const databaseError = (code: string) =>
  new Error('Failed query: select 1\nparams: ', {
    cause: Object.assign(new Error(`SQLSTATE ${code}`), { code }),
  });

describe('withTransactionRetry', () => {
  it('runs a transaction that deadlocked once again, and answers what the second run does', async () => {
    const retries: TransactionRetry[] = [];
    const run = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(databaseError('40P01'))
      .mockResolvedValueOnce('done');
    await expect(
      withTransactionRetry(run, { onRetry: (retry) => retries.push(retry), random: () => 0 }),
    ).resolves.toBe('done');
    expect(run).toHaveBeenCalledTimes(2);
    expect(retries).toEqual([{ code: '40P01', attempt: 1, attempts: 4, delayMs: 5 }]);
  });

  it('retries a serialization failure the same way', async () => {
    const run = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(databaseError('40001'))
      .mockResolvedValueOnce('done');
    await expect(withTransactionRetry(run)).resolves.toBe('done');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a unique violation', databaseError('23505')],
    ['a foreign key violation', databaseError('23503')],
    ['an error of the callback', new Error('the property written could not be read back')],
  ])('does not retry %s: one run, its error as it was', async (_name, error) => {
    const run = vi.fn<() => Promise<string>>().mockRejectedValue(error);
    const onRetry = vi.fn();
    await expect(withTransactionRetry(run, { onRetry })).rejects.toBe(error);
    expect(run).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('gives up after the last attempt and throws its error, having waited longer each time', async () => {
    const errors = [1, 2, 3, 4].map(() => databaseError('40P01'));
    const run = vi.fn<() => Promise<string>>();
    for (const error of errors) run.mockRejectedValueOnce(error);
    const retries: TransactionRetry[] = [];
    await expect(
      withTransactionRetry(run, { onRetry: (retry) => retries.push(retry), random: () => 0.999 }),
    ).rejects.toBe(errors[3]);
    expect(run).toHaveBeenCalledTimes(4);
    expect(retries.map((retry) => [retry.attempt, retry.delayMs])).toEqual([
      [1, 10],
      [2, 20],
      [3, 40],
    ]);
  });

  it('finds the SQLSTATE on the error or on the one it wraps, and nothing else', () => {
    expect(
      retryableSqlState(Object.assign(new Error('deadlock detected'), { code: '40P01' })),
    ).toBe('40P01');
    expect(retryableSqlState(databaseError('40001'))).toBe('40001');
    expect(retryableSqlState(databaseError('40P02'))).toBeUndefined();
    expect(retryableSqlState('40P01')).toBeUndefined();
    expect(retryableSqlState(undefined)).toBeUndefined();
  });
});

describe.each(testDrivers)('db.transaction on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.drop());
  afterEach(() => vi.restoreAllMocks());

  it('runs the whole callback again after a deadlock, keeping only what the second run wrote', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let runs = 0;
    const name = await database.db.transaction(async (transaction) => {
      runs++;
      const organization = await createOrganization(transaction, `Brf Försök ${runs}`);
      if (runs === 1) throw databaseError('40P01');
      return organization.name;
    });
    expect(name).toBe('Brf Försök 2');
    expect(runs).toBe(2);
    const stored = await database.db.select().from(organizations);
    expect(stored.map((row) => row.name)).toEqual(['Brf Försök 2']);
    // One line, naming the failure and not the query or its parameters.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^Database transaction retried: deadlock_detected \(40P01\) on attempt 1 of 4, again in \d+ ms$/,
    );
  });

  it('leaves a transaction nested in another to the outer one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let outerRuns = 0;
    let innerRuns = 0;
    await database.db.transaction(async (transaction) => {
      outerRuns++;
      await transaction.transaction(async () => {
        innerRuns++;
        if (outerRuns === 1) throw databaseError('40P01');
      });
    });
    expect([outerRuns, innerRuns]).toEqual([2, 2]);
  });

  // Only PostgreSQL has other sessions to deadlock with: two transactions lock two rows in
  // opposite orders; PostgreSQL ends one of them, which runs again after the other and succeeds.
  it.runIf(driver === 'postgres')('lets both of two deadlocked transactions through', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = await createOrganization(database.db, 'Brf Först');
    const second = await createOrganization(database.db, 'Brf Sedan');
    let bothHoldOne: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      let held = 0;
      bothHoldOne = () => {
        if (++held === 2) resolve();
      };
    });
    const lockRow = (transaction: PortalTransaction, id: string) =>
      transaction.select().from(organizations).where(eq(organizations.id, id)).for('update');
    const crosswise = (one: string, other: string) =>
      database.db.transaction(async (transaction) => {
        // Found in a tenth of a second rather than PostgreSQL's default second.
        await transaction.execute(sql`set local deadlock_timeout = '100ms'`);
        await lockRow(transaction, one);
        bothHoldOne();
        await holding;
        await lockRow(transaction, other);
        await transaction.update(organizations).set({ address: `via ${one}` });
      });
    await Promise.all([crosswise(first.id, second.id), crosswise(second.id, first.id)]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('deadlock_detected (40P01)');
  });
});
