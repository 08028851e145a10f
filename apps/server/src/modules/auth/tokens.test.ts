import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens';

const SECRET = 'a-test-secret-of-enough-length-for-hs256-0123456789';
const claims = { userId: '98812b98-08ca-4d79-bf36-6909ca15930c', role: 'user' as const };
const anyAccount = async () => true;

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a token again and again while it lasts, then answers 418 (SPEC §8)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new AccessTokens(SECRET, 60, anyAccount);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.advanceTimersByTime(59_000);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.advanceTimersByTime(1_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 418 });
  });

  it('accepts from memory only the exact token that verified', async () => {
    const tokens = new AccessTokens(SECRET, 60, anyAccount);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ statusCode: 401 });
    const other = new AccessTokens(
      'another-secret-of-enough-length-0123456789abcdef',
      60,
      anyAccount,
    );
    await expect(other.verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it("asks once whether a token's account exists, and again once its tokens are forgotten", async () => {
    const accounts = new Set([claims.userId]);
    const asked: string[] = [];
    const tokens = new AccessTokens(SECRET, 60, async (userId) => {
      asked.push(userId);
      return accounts.has(userId);
    });
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    await tokens.verify(token);
    expect(asked).toEqual([claims.userId]);
    accounts.delete(claims.userId);
    await tokens.verify(token); // remembered: another replica's deletion is not seen here
    tokens.forget(claims.userId);
    await expect(tokens.verify(token)).rejects.toMatchObject({
      statusCode: 401,
      message: 'Session ended.',
    });
  });

  it('asks again when the account is deleted while the first answer is on its way', async () => {
    const accounts = new Set([claims.userId]);
    let tokens: AccessTokens | undefined;
    let asked = 0;
    tokens = new AccessTokens(SECRET, 60, async (userId) => {
      const exists = accounts.has(userId);
      asked += 1;
      if (asked === 1) {
        // The deletion commits and forgets the tokens after this answer was read.
        accounts.delete(userId);
        tokens?.forget(userId);
      }
      return exists;
    });
    await expect(tokens.verify(await tokens.sign(claims))).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('lets a database that cannot answer fail the call, not sign the caller out', async () => {
    const tokens = new AccessTokens(SECRET, 60, async () => {
      throw new Error('connection refused');
    });
    await expect(tokens.verify(await tokens.sign(claims))).rejects.toThrow('connection refused');
  });
});
