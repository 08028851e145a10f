import { afterEach, describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_HASH_COST,
  useTestPasswordHashCost,
  verifyPassword,
} from './password';

/** The cost test/setup.ts gives every server test file. */
const SUITE_COST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashes', () => {
  afterEach(() => useTestPasswordHashCost(SUITE_COST));

  it("cost OWASP's scrypt setting in the portal, whatever the tests use", async () => {
    expect(PASSWORD_HASH_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    useTestPasswordHashCost(PASSWORD_HASH_COST);
    const hash = await hashPassword('a quiet basement meter');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('a quiet basement meter', hash)).toBe(true);
  });

  it('carry their cost, so hashes made at another cost still verify', async () => {
    const cheap = await hashPassword('a quiet basement meter');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    useTestPasswordHashCost({ N: 2 ** 12, r: 8, p: 1 });
    expect(await verifyPassword('a quiet basement meter', cheap)).toBe(true);
    expect(await verifyPassword('a loud basement meter', cheap)).toBe(false);
  });
});
