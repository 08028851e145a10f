// A reset request and a registration must take the same time whether or not the address has an
// account. Rather than measure milliseconds (which flakes), these check the cause: the answer is
// sent before any work that depends on the address, and that work is the same call either way.

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { rateLimitCounts } from '../../db/schema/rate-limits';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { countRows, createUser, uniqueEmail } from '../../test/factories';

describe.each(testDrivers)('anonymous requests that may mail on %s', (driver) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp(driver);
  });
  afterAll(() => subject.close());
  afterEach(() => vi.restoreAllMocks());

  const requestReset = (email: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password-email/',
      payload: { email },
    });
  const mailBudgetCount = async () => {
    const [row] = await subject.database.db
      .select({ count: rateLimitCounts.count })
      .from(rateLimitCounts)
      .where(eq(rateLimitCounts.key, 'mail 127.0.0.1'));
    return row?.count ?? 0;
  };
  const register = (email: string) =>
    subject.app.inject({ method: 'POST', url: '/api/user/', payload: { email } });

  it.each([
    ['a password reset request', requestReset, 1],
    // The owner is told they have an account; nobody gets a signup link: a mail each.
    ['a registration', register, 2],
  ] as const)(
    '%s answers before looking the address up, the same for an account and for nobody',
    async (_name, request, mails) => {
      const db = subject.database.db;
      const owner = await createUser(db);
      const before = await countRows(db, mailOutbox);
      // Before the answer the mail budget counts the client address (http/rate-limit-store.ts):
      // one prepared statement, the same whatever the e-mail address. Built (and the store's first
      // pruning done) by any limited call, so the spies below see what could depend on the address.
      await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/check',
        payload: { key: 'made-up', email: uniqueEmail() },
      });
      const counted = await mailBudgetCount();
      const queries = (
        ['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const
      ).map((method) => vi.spyOn(db, method));
      const held: Array<() => Promise<void>> = [];
      vi.spyOn(subject.app.portal.mailer, 'runDetached').mockImplementation(async (work) => {
        held.push(work);
      });

      const forOwner = await request(owner.email);
      const forNobody = await request(uniqueEmail('nobody'));

      for (const answer of [forOwner, forNobody]) {
        expect(answer.statusCode).toBe(202);
        expect(answer.body).toBe('{"status":"accepted"}');
      }
      expect(held).toHaveLength(2);
      for (const query of queries) expect(query).not.toHaveBeenCalled();
      vi.restoreAllMocks();
      expect(await mailBudgetCount()).toBe(counted + 2);

      // The held work is what looks the address up and mails the link, after the answers.
      for (const work of held) await work();
      expect(await countRows(db, mailOutbox)).toBe(before + mails);
    },
  );
});
