import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKeys, users } from '../../db/schema/accounts';
import { mailOutbox } from '../../db/schema/mail';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { bearer, createOrganization, createUser, signIn, uniqueEmail } from '../../test/factories';
import { type QueuedMail, queueMail } from './mail.service';
import { RECIPIENT_BUDGET } from './recipient-budget';

const mailTo = (to: string): QueuedMail => ({
  to,
  language: 'sv',
  template: { kind: 'already-registered', link: 'https://portal.test/portal/reset-password-email' },
});

describe.each(testDrivers)('the mail budget of one recipient on %s', (driver) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp(driver);
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  const mailsTo = async (recipient: string) => {
    await subject.app.portal.mailer.idle();
    const [row] = await db()
      .select({ mails: count() })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = lower(${recipient})`);
    return row?.mails ?? 0;
  };
  const liveKeysOf = (userId: string) =>
    db()
      .select({ keyHash: emailKeys.keyHash })
      .from(emailKeys)
      .where(and(eq(emailKeys.userId, userId), isNull(emailKeys.usedAt)));
  const post = (url: string, payload: object, headers = {}) =>
    subject.app.inject({ method: 'POST', url, payload, headers });

  it('is 5 mails an hour', () => {
    expect(RECIPIENT_BUDGET).toEqual({ mails: 5, windowSeconds: 3600 });
  });

  it('drops further mail of anonymous calls silently: they answer as before, and the last link keeps working', async () => {
    const owner = await createUser(db());
    for (let request = 0; request < 5; request++) {
      expect(
        (await post('/api/auth/reset-password-email/', { email: owner.email })).statusCode,
      ).toBe(202);
    }
    expect(await mailsTo(owner.email)).toBe(5);
    const lastKey = await liveKeysOf(owner.id);
    expect(lastKey).toHaveLength(1);

    const reset = await post('/api/auth/reset-password-email/', { email: owner.email });
    const registration = await post('/api/user/', { email: owner.email });
    expect([reset.statusCode, reset.json()]).toEqual([202, { status: 'accepted' }]);
    expect([registration.statusCode, registration.json()]).toEqual([202, { status: 'accepted' }]);
    expect(await mailsTo(owner.email)).toBe(5);
    expect(await liveKeysOf(owner.id)).toEqual(lastKey);
  });

  it("is each sender's own: visitors' requests and one organization's invitations leave another's alone", async () => {
    const email = uniqueEmail('wanted');
    // A stranger registers the address until the portal's own budget for it is spent.
    for (let request = 0; request < 6; request++) {
      expect((await post('/api/user/', { email })).statusCode).toBe(202);
      await subject.app.portal.mailer.idle(); // each registration's work done before the next
    }
    expect(await mailsTo(email)).toBe(5);
    const inviters = [];
    for (const name of ['Brf Först', 'Brf Sedan']) {
      const organization = await createOrganization(db(), name);
      const manager = await createUser(db(), {
        role: 'site-manager',
        organizationIds: [organization.id],
      });
      inviters.push({ organization, headers: bearer(await signIn(subject.app, manager.email)) });
    }
    const [first, second] = inviters as [(typeof inviters)[0], (typeof inviters)[0]];
    expect((await post('/api/user/', { email }, first.headers)).statusCode).toBe(201);
    const invitee = (await db().select().from(users).where(eq(users.email, email)))[0];
    const resend = () =>
      post(
        `/api/organizations/${first.organization.id}/users/${invitee?.id}/invitation`,
        {},
        first.headers,
      );
    for (let request = 0; request < 4; request++) expect((await resend()).statusCode).toBe(202);
    expect((await resend()).statusCode).toBe(429);
    // The first organization's budget is spent too; the second's is whole.
    expect((await post('/api/user/', { email }, second.headers)).statusCode).toBe(201);
    expect(await mailsTo(email)).toBe(11);
  });

  it("answers a site manager's invitation to a full inbox 429, and leaves the earlier link working", async () => {
    const organization = await createOrganization(db());
    const manager = await createUser(db(), {
      role: 'site-manager',
      organizationIds: [organization.id],
    });
    const invitee = await createUser(db(), { password: null, organizationIds: [organization.id] });
    const headers = bearer(await signIn(subject.app, manager.email));
    const resend = () =>
      post(`/api/organizations/${organization.id}/users/${invitee.id}/invitation`, {}, headers);
    for (let request = 0; request < 5; request++) expect((await resend()).statusCode).toBe(202);
    const lastKey = await liveKeysOf(invitee.id);

    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: expect.any(Number),
    });
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.json().retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await mailsTo(invitee.email)).toBe(5);
    expect(await liveKeysOf(invitee.id)).toEqual(lastKey);

    // A new invitation to an inbox full of the organization's mail is refused whole: no user is
    // left behind without a mail.
    const address = uniqueEmail('full');
    for (let mail = 0; mail < 5; mail++)
      await queueMail(db(), { ...mailTo(address), senderOrganizationId: organization.id });
    const invite = await post('/api/user/', { email: address }, headers);
    expect(invite.statusCode).toBe(429);
    expect(await db().select().from(users).where(eq(users.email, address))).toEqual([]);
    expect((await post('/api/user/', { email: uniqueEmail('fresh') }, headers)).statusCode).toBe(
      201,
    );
  });

  it('counts an address in any case as one recipient', async () => {
    const address = uniqueEmail('Mixed.Case');
    for (let mail = 0; mail < 5; mail++) {
      await queueMail(db(), mailTo(mail % 2 ? address.toUpperCase() : address));
    }
    expect(await queueMail(db(), mailTo(address.toLowerCase()))).toMatchObject({ queued: false });
  });

  it('has room again once the oldest counted mail is an hour old', async () => {
    const address = uniqueEmail('later');
    for (let mail = 0; mail < 5; mail++) await queueMail(db(), mailTo(address));
    expect(await queueMail(db(), mailTo(address))).toMatchObject({ queued: false });
    await db().execute(sql`
      update ${mailOutbox} set created_at = now() - interval '1 hour 1 second'
      where id = (select id from ${mailOutbox} where recipient = ${address} order by created_at limit 1)`);
    expect(await queueMail(db(), mailTo(address))).toEqual({ queued: true });
  });

  it('gives the last place to one of two calls at once', async () => {
    const address = uniqueEmail('race');
    for (let mail = 0; mail < 4; mail++) await queueMail(db(), mailTo(address));
    const outcomes = await Promise.all(
      [0, 1].map(() => db().transaction((transaction) => queueMail(transaction, mailTo(address)))),
    );
    expect(outcomes.filter((outcome) => outcome.queued)).toHaveLength(1);
    expect(await mailsTo(address)).toBe(5);
  });
});

describe('the mail budget of one client address', () => {
  it('is one budget for every mail-sending call, apart from the sign-in calls', async () => {
    const subject = await buildTestApp('pglite', { rateLimits: { signIn: 100, mail: 3 } });
    try {
      const db = subject.database.db;
      const organization = await createOrganization(db);
      const manager = await createUser(db, {
        role: 'site-manager',
        organizationIds: [organization.id],
      });
      const invitee = await createUser(db, { password: null, organizationIds: [organization.id] });
      const headers = bearer(await signIn(subject.app, manager.email));
      const call = (url: string, payload?: object, remoteAddress = '10.20.0.1') =>
        subject.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

      expect((await call('/api/user/', { email: uniqueEmail() })).statusCode).toBe(201);
      expect(
        (await call('/api/auth/reset-password-email/', { email: uniqueEmail() })).statusCode,
      ).toBe(202);
      expect(
        (await call(`/api/organizations/${organization.id}/users/${invitee.id}/invitation`))
          .statusCode,
      ).toBe(202);
      const refused = await call('/api/auth/reset-password-email/', { email: uniqueEmail() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: Number(refused.headers['retry-after']),
      });
      expect(refused.json().retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another address has its own budget; sign-in calls have theirs.
      expect(
        (await call('/api/auth/reset-password-email/', { email: uniqueEmail() }, '10.20.0.2'))
          .statusCode,
      ).toBe(202);
      expect(
        (await call('/api/auth/signup/check', { key: 'made-up', email: uniqueEmail() })).statusCode,
      ).toBe(200);
    } finally {
      await subject.close();
    }
  });
});
