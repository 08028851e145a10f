// Whose budget a request counts against: the peer's address, or with TRUST_PROXY the client that
// a trusted proxy names in X-Forwarded-For, and never an address a client names itself.
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app';
import { testDrivers } from './test/database';
import { createUser, PASSWORD, uniqueEmail } from './test/factories';

const PROXY = '10.30.0.100';

/** A test app whose mail-sending calls allow two a minute per address. */
async function appWith(environment: Record<string, string> = {}) {
  return buildTestApp('pglite', { environment, rateLimits: { signIn: 10_000, mail: 2 } });
}

/** A reset request (a mail-sending call) from `peer`, naming `forwardedFor` if given. */
function resetRequest(subject: TestApp, peer: string, forwardedFor?: string) {
  return subject.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password-email/',
    payload: { email: uniqueEmail() },
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

async function statuses(requests: (() => Promise<{ statusCode: number }>)[]) {
  const answers: number[] = [];
  for (const request of requests) answers.push((await request()).statusCode);
  return answers;
}

describe('the client address', () => {
  it('is the peer, whatever X-Forwarded-For says, while TRUST_PROXY is unset', async () => {
    const subject = await appWith();
    try {
      const answers = await statuses(
        ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map(
          (client) => () => resetRequest(subject, PROXY, client),
        ),
      );
      expect(answers).toEqual([202, 202, 429]);
    } finally {
      await subject.close();
    }
  });

  it('is the client a trusted proxy names, so clients behind it have budgets of their own', async () => {
    const subject = await appWith({ TRUST_PROXY: PROXY });
    try {
      const first = () => resetRequest(subject, PROXY, '198.51.100.1');
      const second = () => resetRequest(subject, PROXY, '198.51.100.2');
      expect(await statuses([first, first, first, second, second])).toEqual([
        202, 202, 429, 202, 202,
      ]);
      // A client cannot start afresh by writing the header itself: the proxy appends its address.
      expect((await resetRequest(subject, PROXY, '203.0.113.9, 198.51.100.1')).statusCode).toBe(
        429,
      );
    } finally {
      await subject.close();
    }
  });

  it('is the peer when a peer that is not the trusted proxy sends X-Forwarded-For', async () => {
    const subject = await appWith({ TRUST_PROXY: PROXY });
    try {
      const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map(
        (client) => () => resetRequest(subject, '10.30.0.7', client),
      );
      expect(await statuses(forged)).toEqual([202, 202, 429]);
    } finally {
      await subject.close();
    }
  });
});

describe.each(testDrivers)('sign-in throttling behind a trusted proxy on %s', (driver) => {
  it('slows the guessing client, not the owner behind the same proxy', async () => {
    const subject = await buildTestApp(driver, { environment: { TRUST_PROXY: PROXY } });
    try {
      const owner = await createUser(subject.database.db);
      const login = (client: string, password: string) =>
        subject.app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: owner.email, password },
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': client },
        });
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login('198.51.100.1', 'not the password')).statusCode).toBe(401);
      }
      expect((await login('198.51.100.1', PASSWORD)).statusCode).toBe(429);
      expect((await login('198.51.100.2', PASSWORD)).statusCode).toBe(200);
    } finally {
      await subject.close();
    }
  });
});
