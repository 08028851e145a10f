import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD_HASH_COST } from '../../test/password-cost';
import {
  CONCURRENT_HASHES,
  hashesRunning,
  hashPassword,
  needsRehash,
  PASSWORD_HASH_COST,
  useTestPasswordHashCost,
  verifyPassword,
} from './password';

/** The portal's first setting (OWASP's N=2^17 variant: 128 MiB a hash), still in databases. */
const FIRST_COST = { N: 2 ** 17, r: 8, p: 1 };

describe('password hashes', () => {
  afterEach(() => useTestPasswordHashCost(TEST_PASSWORD_HASH_COST));

  it("cost OWASP's scrypt setting of 32 MiB in the portal, whatever the tests use", async () => {
    expect(PASSWORD_HASH_COST).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    useTestPasswordHashCost(PASSWORD_HASH_COST);
    const hash = await hashPassword('a quiet basement meter');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword('a quiet basement meter', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it('carry their cost, so hashes made at another cost still verify', async () => {
    const cheap = await hashPassword('a quiet basement meter');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    useTestPasswordHashCost({ N: 2 ** 12, r: 8, p: 1 });
    expect(await verifyPassword('a quiet basement meter', cheap)).toBe(true);
    expect(await verifyPassword('a loud basement meter', cheap)).toBe(false);
  });

  it('made at the first setting verify with it and are due for an upgrade', async () => {
    useTestPasswordHashCost(FIRST_COST);
    const old = await hashPassword('a quiet basement meter');
    useTestPasswordHashCost(PASSWORD_HASH_COST);
    expect(await verifyPassword('a quiet basement meter', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('that are not scrypt hashes never verify', async () => {
    for (const stored of ['', 'plain text', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$10$abc']) {
      expect(await verifyPassword('plain text', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(false);
    }
  });

  it(`run at most ${CONCURRENT_HASHES} at a time, however many are asked for at once`, async () => {
    useTestPasswordHashCost({ N: 2 ** 12, r: 8, p: 1 });
    let most = 0;
    let sampling = true;
    const sample = () => {
      most = Math.max(most, hashesRunning());
      if (sampling) setImmediate(sample);
    };
    sample();
    const hashes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => hashPassword(`password number ${index}`)),
    );
    sampling = false;
    expect(new Set(hashes).size).toBe(8);
    expect(most).toBe(CONCURRENT_HASHES);
    expect(hashesRunning()).toBe(0);
  });
});
