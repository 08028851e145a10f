// The API's error bodies as the public screens describe them.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/http';
import { describeAuthError, retryAfterMinutes } from './auth-errors';

const error = (statusCode: number, message: string): ApiError => ({
  statusCode,
  error: 'Error',
  message,
});

describe('describeAuthError', () => {
  it('reads a 401 while signing in as wrong credentials, elsewhere as a failure', () => {
    const wrong = error(401, 'Wrong e-mail or password.');
    expect(describeAuthError(wrong, true)).toEqual({ kind: 'wrongCredentials' });
    expect(describeAuthError(wrong)).toEqual({ kind: 'generic' });
  });

  it('reads a 429 as too many attempts, with the wait when the error says it', () => {
    expect(describeAuthError(error(429, 'Too many attempts. Try again later.'), true)).toEqual({
      kind: 'tooManyAttempts',
    });
    expect(describeAuthError(error(429, 'Rate limit exceeded, retry in 1 minute'))).toEqual({
      kind: 'tooManyAttempts',
      minutes: 1,
    });
  });

  it.each([
    ['The link is invalid or has expired.', 'invalidLink'],
    ['This password is too common. Choose another one.', 'passwordCommon'],
    ['This password is too easy to guess. Choose another one.', 'passwordGuessable'],
    ['The password must not contain your e-mail address.', 'passwordContainsEmail'],
    ['password: The password must be at least 8 characters long.', 'passwordTooShort'],
    ['password: The password must be at most 128 characters long.', 'passwordTooLong'],
    ['email: Enter a valid e-mail address.', 'emailInvalid'],
    ['Something else entirely.', 'generic'],
  ])("reads the 400 '%s' as %s", (message, kind) => {
    expect(describeAuthError(error(400, message))).toEqual({ kind });
  });

  it('reads an unreachable API as a connection problem', () => {
    expect(describeAuthError(error(0, 'Network Error'))).toEqual({ kind: 'network' });
  });

  it('reads server faults and missing errors as a failure', () => {
    expect(describeAuthError(error(500, 'Something went wrong.'))).toEqual({ kind: 'generic' });
    expect(describeAuthError(undefined)).toEqual({ kind: 'generic' });
  });
});

describe('retryAfterMinutes', () => {
  it.each([
    ['Rate limit exceeded, retry in 45 seconds', 1],
    ['Rate limit exceeded, retry in 1 minute', 1],
    ['Rate limit exceeded, retry in 14 minutes', 14],
    ['Rate limit exceeded, retry in 61 seconds', 2],
    ['Rate limit exceeded, retry in 1 hour', 60],
  ])("reads '%s' as %i minutes", (message, minutes) => {
    expect(retryAfterMinutes(error(429, message))).toBe(minutes);
  });

  it('prefers a retryAfterSeconds field of the body', () => {
    expect(
      retryAfterMinutes({ ...error(429, 'Try again later.'), retryAfterSeconds: 900 } as ApiError),
    ).toBe(15);
  });

  it('is undefined when the error does not say', () => {
    expect(retryAfterMinutes(error(429, 'Too many attempts. Try again later.'))).toBeUndefined();
  });
});
