import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInFailures } from '../../db/schema/accounts';
import { mailOutbox } from '../../db/schema/mail';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { createUser, PASSWORD, uniqueEmail } from '../../test/factories';
import {
  FORGET_AFTER_SECONDS,
  LONGEST_WAIT_SECONDS,
  PRUNE_EVERY_SECONDS,
  throttleSubjects,
  waitSecondsAfter,
} from './sign-in-throttle';

describe('the wait before the next sign-in attempt', () => {
  it('is nothing within the free attempts, then 1 s doubling up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((count) => waitSecondsAfter(count, 'pair'))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 14].map((count) => waitSecondsAfter(count, 'pair'))).toEqual([
      1, 2, 4, 8, 512,
    ]);
    expect(waitSecondsAfter(15, 'pair')).toBe(LONGEST_WAIT_SECONDS);
    expect(waitSecondsAfter(19, 'address')).toBe(0);
    expect(waitSecondsAfter(20, 'address')).toBe(1);
    expect(waitSecondsAfter(9, 'account')).toBe(0);
    expect(waitSecondsAfter(10, 'account')).toBe(1);
  });

  it('stays 15 minutes however many attempts there were', () => {
    expect(waitSecondsAfter(100_000, 'pair')).toBe(LONGEST_WAIT_SECONDS);
  });
});

describe('the subjects an attempt is counted under', () => {
  it('ignore the case of the e-mail address', () => {
    expect(throttleSubjects(' Anna@Example.SE', '10.0.0.1').pair).toBe(
      'pair:anna@example.se|10.0.0.1',
    );
  });

  it('take an IPv6 /64 as one client, and an IPv4-mapped address as IPv4', () => {
    const one = throttleSubjects('anna@example.se', '2001:db8:1:2::10');
    const sameNetwork = throttleSubjects('anna@example.se', '2001:db8:1:2:ffff::1');
    const otherNetwork = throttleSubjects('anna@example.se', '2001:db8:1:3::10');
    expect(one.address).toBe(sameNetwork.address);
    expect(one.address).not.toBe(otherNetwork.address);
    expect(throttleSubjects('anna@example.se', '::ffff:10.0.0.1').address).toBe('address:10.0.0.1');
  });
});

describe.each(testDrivers)('sign-in throttling on %s', (driver) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp(driver);
    // The throttle's clock stands still unless a test moves it, so no wait runs out by itself.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await subject.close();
  });
  const passSeconds = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  const db = () => subject.database.db;
  const login = (email: string, password: string, remoteAddress: string) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password },
      remoteAddress,
    });
  const statusesOf = async (responses: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(responses)).map((response) => response.statusCode);
  const rowOf = async (name: string) => {
    const [row] = await db().select().from(signInFailures).where(eq(signInFailures.subject, name));
    return row;
  };
  /** Fails `times` sign-ins of the account from the address, one after the other. */
  const fail = async (email: string, address: string, times: number) => {
    for (let attempt = 0; attempt < times; attempt++) {
      expect((await login(email, 'not the password', address)).statusCode).toBe(401);
    }
  };

  it('slows a pair that keeps failing, more each time, while the owner signs in from elsewhere at once', async () => {
    const owner = await createUser(db());
    await fail(owner.email, '10.10.0.1', 5);

    const slowed = await login(owner.email, PASSWORD, '10.10.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Try again later.',
      retryAfterSeconds: 1,
    });
    expect((await login(owner.email, PASSWORD, '10.10.0.2')).statusCode).toBe(200);

    // The guesser's pair waits longer after each further failure: 2 s, then 4 s.
    for (const expectedWait of ['2', '4']) {
      passSeconds(Number(expectedWait) / 2);
      await fail(owner.email, '10.10.0.1', 1);
      expect((await login(owner.email, PASSWORD, '10.10.0.1')).headers['retry-after']).toBe(
        expectedWait,
      );
    }
    passSeconds(4);
    expect((await login(owner.email, PASSWORD, '10.10.0.1')).statusCode).toBe(200);
  });

  it('lets the owner sign in from another address after 20 failures from one address', async () => {
    const owner = await createUser(db());
    const attacker = '10.11.0.1';
    await fail(owner.email, attacker, 5);
    for (let attempt = 0; attempt < 15; attempt++) await fail(uniqueEmail('made-up'), attacker, 1);

    // The attacker's address waits, for every account it tries...
    expect((await login(uniqueEmail('made-up'), 'guess', attacker)).statusCode).toBe(429);
    // ...and nobody else does.
    expect((await login(owner.email, PASSWORD, '10.11.0.2')).statusCode).toBe(200);
  });

  it('lets the owner through an address that has tried many accounts, once they have signed in from it', async () => {
    const office = '10.12.0.1';
    const owner = await createUser(db());
    const colleague = await createUser(db());
    expect((await login(owner.email, PASSWORD, office)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 20; attempt++) await fail(uniqueEmail('spray'), office, 1);

    expect((await login(colleague.email, PASSWORD, office)).statusCode).toBe(429);
    expect((await login(owner.email, PASSWORD, office)).statusCode).toBe(200);
  });

  it('spaces the attempts on an account that many addresses fail, but not from a known address, and forgets them after a reset by e-mail', async () => {
    const owner = await createUser(db());
    expect((await login(owner.email, PASSWORD, '10.13.1.1')).statusCode).toBe(200);
    for (let address = 1; address <= 10; address++)
      await fail(owner.email, `10.13.0.${address}`, 1);

    // From any address that has not signed in to the account, attempts now wait.
    const waiting = await login(owner.email, PASSWORD, '10.13.0.11');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().retryAfterSeconds).toBe(1);
    expect((await login(owner.email, PASSWORD, '10.13.0.1')).statusCode).toBe(429);
    // The owner's known address goes on.
    expect((await login(owner.email, PASSWORD, '10.13.1.1')).statusCode).toBe(200);

    // A reset through the e-mailed link proves the owner and forgets the failures.
    await subject.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password-email/',
      payload: { email: owner.email },
      remoteAddress: '10.13.2.1',
    });
    const key = await resetKeyMailedTo(owner.email);
    const reset = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { key, email: owner.email, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(owner.email, 'a brand new passphrase', '10.13.2.1')).statusCode).toBe(200);
    expect(await rowOf(throttleSubjects(owner.email, '10.13.0.1').pair)).toBeUndefined();
  });

  it("lets no address that has failed already keep the account's wait going", async () => {
    const owner = await createUser(db());
    for (let address = 1; address <= 10; address++)
      await fail(owner.email, `10.20.0.${address}`, 1);
    passSeconds(2);
    // One of the ten tries again once the wait is over: its own pair may, the account's wait
    // does not start over for it, and the owner from a new address is not held up.
    await fail(owner.email, '10.20.0.1', 1);
    expect((await login(owner.email, PASSWORD, '10.20.1.1')).statusCode).toBe(200);
  });

  /** The key of the reset link mailed to the address (the request answers before it is queued). */
  async function resetKeyMailedTo(email: string) {
    for (let tries = 0; tries < 100; tries++) {
      const [mail] = await db()
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email));
      const match = mail?.text.match(/reset-password-email\/([^/\s]+)\//);
      if (match?.[1]) return decodeURIComponent(match[1]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no reset mail to ${email}`);
  }

  it('counts an address that has no account exactly like one that has, so the waits reveal nothing', async () => {
    const owner = await createUser(db());
    const nobody = uniqueEmail('nobody');
    await fail(owner.email, '10.14.0.1', 5);
    await fail(nobody, '10.14.0.2', 5);
    const [forOwner, forNobody] = await Promise.all([
      login(owner.email, 'not the password', '10.14.0.1'),
      login(nobody, 'not the password', '10.14.0.2'),
    ]);
    expect(forNobody.statusCode).toBe(429);
    expect(forNobody.json()).toEqual(forOwner.json());
    expect(forNobody.headers['retry-after']).toBe(forOwner.headers['retry-after']);
  });

  it('makes attempts sent together take turns, so a burst gets no more guesses than one by one', async () => {
    const owner = await createUser(db());
    const statuses = await statusesOf(
      Array.from({ length: 8 }, () => login(owner.email, 'not the password', '10.15.0.1')),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  it('never holds up an attempt within the free ones, whatever time another replica wrote', async () => {
    const owner = await createUser(db());
    const pair = throttleSubjects(owner.email, '10.19.0.1').pair;
    // Two attempts counted by a replica whose clock runs a few seconds ahead.
    await db()
      .insert(signInFailures)
      .values({ subject: pair, failures: 2, lockedUntil: new Date(Date.now() + 3000) });
    expect((await login(owner.email, PASSWORD, '10.19.0.1')).statusCode).toBe(200);
  });

  it('lets sign-ins the owner sends together all through', async () => {
    const owner = await createUser(db());
    const statuses = await statusesOf(
      Array.from({ length: 3 }, () => login(owner.email, PASSWORD, '10.19.0.2')),
    );
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('forgets the failures of a pair once it signs in', async () => {
    const owner = await createUser(db());
    await fail(owner.email, '10.16.0.1', 4);
    expect((await login(owner.email, PASSWORD, '10.16.0.1')).statusCode).toBe(200);
    await fail(owner.email, '10.16.0.1', 4);
    expect((await login(owner.email, PASSWORD, '10.16.0.1')).statusCode).toBe(200);
    expect(await rowOf(throttleSubjects(owner.email, '10.16.0.1').pair)).toBeUndefined();
    // Its successes are not failures of the address.
    expect((await rowOf('address:10.16.0.1'))?.failures).toBe(8);
  });

  it('forgets a run of failures a day after its last wait ended', async () => {
    const owner = await createUser(db());
    await fail(owner.email, '10.17.0.1', 5);
    passSeconds(FORGET_AFTER_SECONDS + 2);
    await fail(owner.email, '10.17.0.1', 1);
    expect((await rowOf(throttleSubjects(owner.email, '10.17.0.1').pair))?.failures).toBe(1);
  });

  it('clears out forgotten runs and long-expired known addresses now and then, keeping the rest', async () => {
    passSeconds(PRUNE_EVERY_SECONDS + 1);
    const ended = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const rows = {
      'pair:gone@example.se|10.19.0.1': ended(FORGET_AFTER_SECONDS + 60),
      'known:gone@example.se|10.19.0.1': ended(FORGET_AFTER_SECONDS + 60),
      'ip:10.19.0.1': ended(FORGET_AFTER_SECONDS + 60),
      'pair:kept@example.se|10.19.0.1': ended(FORGET_AFTER_SECONDS - 60),
      'known:kept@example.se|10.19.0.1': ended(-3600),
    };
    await db()
      .insert(signInFailures)
      .values(Object.entries(rows).map(([name, lockedUntil]) => ({ subject: name, lockedUntil })));
    await fail(uniqueEmail('nobody'), '10.19.0.2', 1);
    const left = await db().select({ subject: signInFailures.subject }).from(signInFailures);
    const names = left.map((row) => row.subject);
    expect(names).not.toContain('pair:gone@example.se|10.19.0.1');
    expect(names).not.toContain('known:gone@example.se|10.19.0.1');
    expect(names).not.toContain('ip:10.19.0.1');
    expect(names).toEqual(
      expect.arrayContaining(['pair:kept@example.se|10.19.0.1', 'known:kept@example.se|10.19.0.1']),
    );
  });

  it('pays no attention to the rows of the earlier lock', async () => {
    const owner = await createUser(db());
    await db()
      .insert(signInFailures)
      .values(
        [`email:${owner.email.toLowerCase()}`, 'ip:10.18.0.1'].map((name) => ({
          subject: name,
          failures: 0,
          lockedUntil: new Date(Date.now() + 15 * 60_000),
        })),
      );
    expect((await login(owner.email, PASSWORD, '10.18.0.1')).statusCode).toBe(200);
  });
});
