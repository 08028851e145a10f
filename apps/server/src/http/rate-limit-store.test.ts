import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { rateLimitCounts } from '../db/schema/rate-limits';
import { buildTestApp, type TestApp } from '../test/app';
import { testDrivers } from '../test/database';
import {
  bearer,
  countRows,
  createOrganization,
  createUser,
  signIn,
  uniqueEmail,
} from '../test/factories';
import { PRUNE_EVERY_MS } from './rate-limit-store';

const LIMIT = 2;

/** Every call that carries a per-route limit, with a body it answers without a 5xx. */
const LIMITED_CALLS = [
  { url: '/api/auth/login/', payload: () => ({ email: uniqueEmail(), password: 'not this one' }) },
  {
    url: '/api/auth/refresh/',
    payload: () => ({ refreshToken: 'made-up', id: '00000000-0000-4000-8000-000000000000' }),
  },
  {
    url: '/api/auth/signup/',
    payload: () => ({ key: 'made-up', email: uniqueEmail(), name: 'Anna', password: 'x7!Qa9#mZ2' }),
  },
  { url: '/api/auth/signup/check', payload: () => ({ key: 'made-up', email: uniqueEmail() }) },
  {
    url: '/api/auth/reset-password/',
    payload: () => ({ key: 'made-up', email: uniqueEmail(), password: 'x7!Qa9#mZ2' }),
  },
];
/** The calls sharing the mail budget. */
const MAIL_CALLS = [
  { url: '/api/auth/reset-password-email/', payload: () => ({ email: uniqueEmail() }) },
  { url: '/api/user/', payload: () => ({ email: uniqueEmail() }) },
];

describe.each(testDrivers)('rate limits counted in the database on %s', (driver) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp(driver, { rateLimits: { signIn: LIMIT, mail: LIMIT } });
  });
  afterAll(() => subject.close());
  afterEach(async () => {
    vi.useRealTimers();
    await subject.database.db.delete(rateLimitCounts);
  });

  const post = (url: string, payload: object, remoteAddress = '10.0.0.1', app = subject.app) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });

  const expectLimited = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Try again later.',
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: retryAfter,
    });
  };

  it.each(LIMITED_CALLS)('limits $url per address, each route apart', async ({ url, payload }) => {
    for (let count = 0; count < LIMIT; count++) {
      expect((await post(url, payload())).statusCode).toBeLessThan(429);
    }
    expectLimited(await post(url, payload()));
    // Another address has its own count, and so has every other route.
    expect((await post(url, payload(), '10.0.0.2')).statusCode).toBeLessThan(429);
    const other = LIMITED_CALLS.find((call) => call.url !== url);
    if (!other) throw new Error('no other call');
    expect((await post(other.url, other.payload())).statusCode).toBeLessThan(429);
  });

  it('counts the mail-sending calls of an address together', async () => {
    const [reset, register] = MAIL_CALLS as [(typeof MAIL_CALLS)[0], (typeof MAIL_CALLS)[0]];
    expect((await post(reset.url, reset.payload())).statusCode).toBe(202);
    expect((await post(register.url, register.payload())).statusCode).toBe(202);
    expectLimited(await post(reset.url, reset.payload()));
    expectLimited(await post(register.url, register.payload()));
    // Its own count: a sign-in call from the same address still goes through.
    const check = LIMITED_CALLS[3] as (typeof LIMITED_CALLS)[0];
    expect((await post(check.url, check.payload())).statusCode).toBe(200);
  });

  it('starts a new window once the last has ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const [login] = LIMITED_CALLS as [(typeof LIMITED_CALLS)[0]];
    for (let count = 0; count < LIMIT; count++) await post(login.url, login.payload());
    expectLimited(await post(login.url, login.payload()));
    vi.setSystemTime(Date.now() + 30_000);
    const limited = await post(login.url, login.payload());
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(30);
    vi.setSystemTime(Date.now() + 30_000);
    expect((await post(login.url, login.payload())).statusCode).toBe(401);
  });

  it('deletes the rows of ended windows now and then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const [login] = LIMITED_CALLS as [(typeof LIMITED_CALLS)[0]];
    // Whatever the last pruning was, the next one is due after PRUNE_EVERY_MS.
    vi.setSystemTime(Date.now() + PRUNE_EVERY_MS);
    for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3'])
      await post(login.url, login.payload(), address);
    // The earlier tests' ended windows go beside the first of these.
    await vi.waitFor(async () =>
      expect(await countRows(subject.database.db, rateLimitCounts)).toBe(3),
    );
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await post(login.url, login.payload(), '10.0.1.4');
    // Not yet ten minutes: the ended windows stay (and count as nothing).
    expect(await countRows(subject.database.db, rateLimitCounts)).toBe(4);
    vi.setSystemTime(Date.now() + PRUNE_EVERY_MS);
    await post(login.url, login.payload(), '10.0.1.5');
    // Deleted beside that request, which does not wait for it.
    await vi.waitFor(async () =>
      expect(await countRows(subject.database.db, rateLimitCounts)).toBe(1),
    );
  });

  it('leaves the table alone on calls without a limit', async () => {
    const organization = await createOrganization(subject.database.db);
    const user = await createUser(subject.database.db, {
      role: 'site-manager',
      organizationIds: [organization.id],
    });
    // Signing in counts; then nothing else does.
    const session = await signIn(subject.app, user.email);
    await subject.database.db.delete(rateLimitCounts);
    const calls = [
      { method: 'GET' as const, url: '/api/health' },
      { method: 'GET' as const, url: `/api/user/${user.id}` },
      { method: 'GET' as const, url: '/api/properties' },
      { method: 'GET' as const, url: `/api/organizations/${organization.id}` },
    ];
    for (const call of calls) {
      const response = await subject.app.inject({ ...call, headers: bearer(session) });
      expect(response.statusCode, call.url).toBe(200);
    }
    expect(await countRows(subject.database.db, rateLimitCounts)).toBe(0);
  });

  it('counts alike in two apps on one database (replicas)', async () => {
    const replica = await buildApp({
      config: subject.config,
      database: subject.database,
      webRoot: '/nonexistent',
      logStream: { write: () => true } as unknown as NodeJS.WritableStream,
      rateLimits: { signIn: LIMIT, mail: LIMIT },
    });
    try {
      const [login] = LIMITED_CALLS as [(typeof LIMITED_CALLS)[0]];
      const apps = [subject.app, replica, subject.app, replica];
      const statuses = [];
      for (const app of apps)
        statuses.push((await post(login.url, login.payload(), '10.0.2.1', app)).statusCode);
      expect(statuses).toEqual([401, 401, 429, 429]);
      const [reset] = MAIL_CALLS as [(typeof MAIL_CALLS)[0]];
      const mail = [];
      for (const app of apps)
        mail.push((await post(reset.url, reset.payload(), '10.0.2.1', app)).statusCode);
      expect(mail).toEqual([202, 202, 429, 429]);
      // Sent all at once to both: the limit exactly, however the statements interleave.
      const check = LIMITED_CALLS[3] as (typeof LIMITED_CALLS)[0];
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          post(check.url, check.payload(), '10.0.2.2', index % 2 ? replica : subject.app),
        ),
      );
      const through = burst.filter((response) => response.statusCode === 200);
      expect(through).toHaveLength(LIMIT);
      expect(burst.length - through.length).toBe(
        burst.filter((response) => response.statusCode === 429).length,
      );
    } finally {
      await replica.close();
    }
  });
});
