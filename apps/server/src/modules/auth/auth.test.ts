import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  bearer,
  createOrganization,
  createUser,
  PASSWORD,
  signIn,
  uniqueEmail,
} from '../../test/factories';
import { TEST_PASSWORD_HASH_COST } from '../../test/password-cost';
import { hashPassword, PASSWORD_HASH_COST, useTestPasswordHashCost } from './password';

describe.each(testDrivers)('signing in and sessions on %s', (driver) => {
  let subject: TestApp;
  let organizationId: string;
  beforeAll(async () => {
    subject = await buildTestApp(driver);
    organizationId = (await createOrganization(subject.database.db)).id;
  });
  afterAll(() => subject.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    subject.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password },
      remoteAddress,
    });

  describe('POST /api/auth/login/', () => {
    it('signs in with the right password and answers tokens, id and the user', async () => {
      const user = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const response = await login(user.email, PASSWORD);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        id: user.id,
        accessToken: expect.stringMatching(/^ey/),
        refreshToken: expect.any(String),
        user: { id: user.id, email: user.email, role: 'user', invitationStatus: 'accepted' },
      });
      expect(body.user.organizations).toEqual([
        { id: organizationId, name: 'Brf Solrosen', role: 'user' },
      ]);
      expect(response.body).not.toContain('scrypt');
    });

    it('ignores the case of the e-mail address', async () => {
      const user = await createUser(subject.database.db, { email: uniqueEmail('Mixed.Case') });
      expect((await login(user.email.toUpperCase(), PASSWORD)).statusCode).toBe(200);
    });

    it('answers an unknown address exactly like a wrong password', async () => {
      const user = await createUser(subject.database.db);
      const wrongPassword = await login(user.email, 'not the password', '10.0.0.1');
      const unknown = await login(uniqueEmail('nobody'), 'not the password', '10.0.0.2');
      const pending = await createUser(subject.database.db, { password: null });
      const notYetSignedUp = await login(pending.email, 'not the password', '10.0.0.3');
      for (const response of [wrongPassword, unknown, notYetSignedUp]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Wrong e-mail or password.',
          code: 'WRONG_CREDENTIALS',
        });
      }
    });

    // Throttling (waits per pair, address and account; never a lock): sign-in-throttle.test.ts.

    describe('with a password hash from the first setting (N=2^17, r=8, p=1)', () => {
      let firstSettingHash: string;
      beforeAll(async () => {
        useTestPasswordHashCost({ N: 2 ** 17, r: 8, p: 1 });
        firstSettingHash = await hashPassword(PASSWORD);
        // The portal's own setting, so the upgrade goes where it goes in production.
        useTestPasswordHashCost(PASSWORD_HASH_COST);
      });
      afterAll(() => useTestPasswordHashCost(TEST_PASSWORD_HASH_COST));

      const userWithFirstSettingHash = async () => {
        const user = await createUser(subject.database.db);
        await subject.database.db
          .update(users)
          .set({ passwordHash: firstSettingHash })
          .where(eq(users.id, user.id));
        return user;
      };
      const storedHash = async (id: string) => {
        const [row] = await subject.database.db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, id));
        return row?.passwordHash;
      };

      it('signs in, and the hash is stored at the current setting afterwards', async () => {
        const user = await userWithFirstSettingHash();
        expect((await login(user.email, PASSWORD, '10.5.0.1')).statusCode).toBe(200);
        const upgraded = await storedHash(user.id);
        expect(upgraded).toMatch(/^scrypt\$32768\$8\$3\$/);
        expect((await login(user.email, PASSWORD, '10.5.0.1')).statusCode).toBe(200);
        expect(await storedHash(user.id)).toBe(upgraded);
      });

      it('keeps the hash as it is after a wrong password', async () => {
        const user = await userWithFirstSettingHash();
        expect((await login(user.email, 'not the password', '10.5.0.2')).statusCode).toBe(401);
        expect(await storedHash(user.id)).toBe(firstSettingHash);
      });
    });

    it('refuses a body without a password with 400', async () => {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'anna@example.se' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('password');
    });
  });

  describe('access tokens', () => {
    const secret = () => new TextEncoder().encode(subject.config.jwtSecret);

    it('are required: no token is 401', async () => {
      const user = await createUser(subject.database.db);
      const response = await subject.app.inject({ method: 'GET', url: `/api/user/${user.id}` });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      ['a malformed header', 'Token abc'],
      ['garbage', 'Bearer not.a.token'],
      [
        'an unsigned token (alg none)',
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4Iiwicm9sZSI6InNpdGUtbWFuYWdlciJ9.',
      ],
    ])('refuse %s with 401', async (_name, authorization) => {
      const user = await createUser(subject.database.db);
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuse a tampered token with 401', async () => {
      const user = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const { accessToken } = await signIn(subject.app, user.email);
      const [header, payload, signature] = accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      const raised = Buffer.from(JSON.stringify({ ...claims, role: 'site-manager' })).toString(
        'base64url',
      );
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: { authorization: `Bearer ${header}.${raised}.${signature}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuse a token signed with another key with 401', async () => {
      const user = await createUser(subject.database.db);
      const forged = await new SignJWT({ role: 'site-manager' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('another key of at least thirty-two characters'));
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('answer 418 when expired, on every authenticated call (SPEC §8)', async () => {
      const user = await createUser(subject.database.db, {
        role: 'site-manager',
        organizationIds: [organizationId],
      });
      const expired = await new SignJWT({ role: 'site-manager' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
        .sign(secret());
      const headers = { authorization: `Bearer ${expired}` };
      const calls = [
        { method: 'GET', url: `/api/user/${user.id}` },
        {
          method: 'PUT',
          url: `/api/user/${encodeURIComponent(user.email)}`,
          payload: { name: 'x' },
        },
        { method: 'DELETE', url: `/api/user/${user.id}` },
        { method: 'POST', url: '/api/user/', payload: { email: uniqueEmail() } },
        { method: 'GET', url: `/api/organizations/${organizationId}/users` },
      ] as const;
      for (const call of calls) {
        const response = await subject.app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(418);
        expect(response.json()).toMatchObject({ statusCode: 418, code: 'TOKEN_EXPIRED' });
      }
    });
  });

  describe('POST /api/auth/refresh/', () => {
    const refresh = (refreshToken: string, id: string) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/auth/refresh/',
        payload: { refreshToken, id },
      });

    it('gives a new access token and a new refresh token', async () => {
      const user = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      const response = await refresh(session.refreshToken, user.id);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.accessToken).toMatch(/^ey/);
      expect(body.refreshToken).not.toBe(session.refreshToken);
      const me = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: bearer(body),
      });
      expect(me.statusCode).toBe(200);
    });

    it('revokes the whole family when a replaced token is used again', async () => {
      const user = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      const rotated = (await refresh(session.refreshToken, user.id)).json();
      expect((await refresh(session.refreshToken, user.id)).statusCode).toBe(401);
      // The thief's replay ended the legitimate holder's session too.
      expect((await refresh(rotated.refreshToken, user.id)).statusCode).toBe(401);
    });

    it('refuses a token presented with another user id', async () => {
      const user = await createUser(subject.database.db);
      const other = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      expect((await refresh(session.refreshToken, other.id)).statusCode).toBe(401);
    });

    it('refuses a token past its absolute expiry, however recently it was rotated', async () => {
      const user = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      const rotated = (await refresh(session.refreshToken, user.id)).json();
      await subject.database.db.execute(
        sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
      );
      expect((await refresh(rotated.refreshToken, user.id)).statusCode).toBe(401);
    });

    it('refuses an unknown token', async () => {
      const user = await createUser(subject.database.db);
      expect((await refresh('made-up', user.id)).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/logout/', () => {
    it('ends the session: its refresh token no longer works', async () => {
      const user = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        payload: { refreshToken: session.refreshToken },
      });
      expect(response.statusCode).toBe(204);
      const again = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/refresh/',
        payload: { refreshToken: session.refreshToken, id: user.id },
      });
      expect(again.statusCode).toBe(401);
    });

    it('leaves the other sessions of the same user alone', async () => {
      const user = await createUser(subject.database.db);
      const phone = await signIn(subject.app, user.email);
      const laptop = await signIn(subject.app, user.email);
      await subject.app.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        payload: { refreshToken: phone.refreshToken },
      });
      const stillValid = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/refresh/',
        payload: { refreshToken: laptop.refreshToken, id: user.id },
      });
      expect(stillValid.statusCode).toBe(200);
    });
  });

  it('never writes passwords or tokens to the log', async () => {
    const user = await createUser(subject.database.db);
    const session = await signIn(subject.app, user.email);
    await subject.app.inject({
      method: 'POST',
      url: '/api/auth/refresh/',
      payload: { refreshToken: session.refreshToken, id: user.id },
    });
    const written = subject.logs.join('');
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain(session.refreshToken);
    expect(written).not.toContain(session.accessToken);
  });
});

describe('the authentication hook', () => {
  /** The calls made before there is a session; every other call needs one. */
  const PUBLIC = new Set([
    'GET /api/health',
    'GET /api/ready',
    'POST /api/auth/login/',
    'POST /api/auth/refresh/',
    'POST /api/auth/logout/',
    'POST /api/auth/signup/',
    'POST /api/auth/signup/check',
    'POST /api/auth/reset-password-email/',
    'POST /api/auth/reset-password/',
    // A visitor registering; signed in, a site manager inviting.
    'POST /api/user/',
  ]);

  it('closes every documented API call but the public ones: 401 without a token, before the body is read', async () => {
    const subject = await buildTestApp('pglite');
    try {
      const document = (
        await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })
      ).json() as { paths: Record<string, Record<string, unknown>> };
      const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
      expect(calls.length).toBeGreaterThan(20);
      const closed = calls.filter((call) => !PUBLIC.has(`${call.method} ${call.path}`));
      expect(closed.length).toBe(calls.length - PUBLIC.size);
      for (const { method, path } of closed) {
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const response = await subject.app.inject({
          method: method as 'GET',
          url,
          // Not even valid: a closed call refuses the caller first.
          payload: method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true },
        });
        expect(response.statusCode, `${method} ${path}`).toBe(401);
        // A gateway's call (/api/ingest) asks for its key instead of a person's token.
        expect(response.json(), `${method} ${path}`).toMatchObject(
          path.startsWith('/api/ingest/')
            ? { code: 'GATEWAY_KEY_MISSING' }
            : { code: 'UNAUTHORIZED', message: 'Authentication required.' },
        );
      }
    } finally {
      await subject.close();
    }
  });
});

describe('rate limits on sign-in calls', () => {
  it('answer 429 with Retry-After past the limit per address', async () => {
    const subject = await buildTestApp('pglite', { rateLimits: { signIn: 3, mail: 3 } });
    try {
      const attempt = () =>
        subject.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: uniqueEmail(), password: 'whatever' },
        });
      for (let count = 0; count < 3; count++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // In the body too, where the sign-in screen reads it (browsers may hide the header).
      expect(limited.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many requests. Try again later.',
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: retryAfter,
      });
    } finally {
      await subject.close();
    }
  });

  it('answer mail-sending calls past their limit with 429 and retryAfterSeconds', async () => {
    const subject = await buildTestApp('pglite', { rateLimits: { signIn: 100, mail: 2 } });
    try {
      const register = () =>
        subject.app.inject({
          method: 'POST',
          url: '/api/user/',
          payload: { email: uniqueEmail() },
        });
      for (let count = 0; count < 2; count++) expect((await register()).statusCode).toBe(202);
      const limited = await register();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: Number(limited.headers['retry-after']),
      });
      // Its own count: sign-in calls from the same address still go through.
      const signup = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/check',
        payload: { key: 'made-up', email: uniqueEmail() },
      });
      expect(signup.json()).toEqual({ status: 'invalid' });
    } finally {
      await subject.close();
    }
  });

  it('count checks of signup links as sign-in calls', async () => {
    const subject = await buildTestApp('pglite', { rateLimits: { signIn: 2, mail: 100 } });
    try {
      const check = () =>
        subject.app.inject({
          method: 'POST',
          url: '/api/auth/signup/check',
          payload: { key: 'guess', email: 'anna@example.se' },
        });
      for (let count = 0; count < 2; count++) expect((await check()).statusCode).toBe(200);
      const limited = await check();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await subject.close();
    }
  });
});
