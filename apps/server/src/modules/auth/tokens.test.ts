import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens';

const SECRET = 'a-test-secret-of-enough-length-for-hs256-0123456789';
const claims = { userId: '98812b98-08ca-4d79-bf36-6909ca15930c', role: 'user' as const };

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a token again and again while it lasts, then answers 418 (SPEC §8)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.advanceTimersByTime(59_000);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.advanceTimersByTime(1_000);
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 418 });
  });

  it('accepts from memory only the exact token that verified', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ statusCode: 401 });
    const other = new AccessTokens('another-secret-of-enough-length-0123456789abcdef', 60);
    await expect(other.verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });
});
