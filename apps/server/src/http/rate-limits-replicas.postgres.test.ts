// Two server processes on one PostgreSQL (DESIGN §2: replicas behind a load balancer): sign-in
// attempts sent to them in turn get RATE_LIMIT_SIGN_IN through between them, not that many each,
// and then 429 from both (http/rate-limit-store.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { createUser } from '../test/factories';
import { cleanUp, startServer, waitUntilRunning } from '../test/server-process';

const LIMIT = 4;
/** Twice the limit and more: each server alone would have let LIMIT through. */
const ATTEMPTS = 2 * LIMIT + 2;

describe.runIf(process.env.TEST_DATABASE_URL)(
  'rate limits with two servers on one PostgreSQL',
  () => {
    let database: TestDatabase | undefined;
    afterAll(async () => {
      cleanUp();
      await database?.drop();
    });

    it('lets RATE_LIMIT_SIGN_IN attempts through between both', { timeout: 60_000 }, async () => {
      database = await createTestDatabase('postgres');
      // Its password hash is made at the tests' scrypt cost, and a sign-in checks a password at the
      // hash's own cost: the attempts cost milliseconds, not the portal's half a second each.
      // One account per attempt, so the sign-in throttle (five free attempts per account and
      // address) stays out of the count.
      const accounts = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++)
        accounts.push(await createUser(database.db));
      const environment = {
        DATABASE_URL: database.url as string,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        JWT_SECRET: randomBytes(32).toString('base64'),
        RATE_LIMIT_SIGN_IN: String(LIMIT),
      };
      const servers = [startServer(environment), startServer(environment)];
      const addresses = await Promise.all(servers.map(waitUntilRunning));

      const statuses: number[] = [];
      const retryAfter: (string | null)[] = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const response = await fetch(`${addresses[attempt % 2]}/api/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: accounts[attempt]?.email, password: 'not the password' }),
        });
        statuses.push(response.status);
        retryAfter.push(response.headers.get('retry-after'));
        await response.arrayBuffer();
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(ATTEMPTS - LIMIT).fill(429)]);
      // Both answer the limit the same way, with the wait.
      for (const wait of retryAfter.slice(LIMIT)) expect(Number(wait)).toBeGreaterThan(0);
    });
  },
);
