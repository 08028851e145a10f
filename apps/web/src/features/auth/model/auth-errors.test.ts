// A public screen's failure: the code's message from the one map (lib/api-errors.test.tsx tests
// it in full), else the screen's own — no connection, wrong credentials by status, anything else.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../lib/http';
import { describeAuthError } from './auth-errors';

const error = (statusCode: number, extra: Partial<ApiError> = {}): ApiError => ({
  statusCode,
  error: 'Error',
  message: 'x',
  ...extra,
});

describe('describeAuthError', () => {
  it('reads a 401 while signing in as wrong credentials, elsewhere as a failure', () => {
    expect(describeAuthError(error(401), true)).toEqual({ key: 'wrongCredentials' });
    expect(describeAuthError(error(401))).toEqual({ key: 'generic' });
  });

  it("takes a code's message from the map", () => {
    expect(describeAuthError(error(400, { code: 'LINK_INVALID' }))).toEqual({
      key: 'linkInvalid',
    });
    expect(describeAuthError(error(429, { retryAfterSeconds: 120 }), true)).toEqual({
      key: 'tooManyRequestsMinutes',
      minutes: 2,
    });
  });

  it('reads an unreachable API as a connection problem', () => {
    expect(describeAuthError(error(0))).toEqual({ key: 'network' });
  });

  it('reads server faults, unknown texts and missing errors as a failure', () => {
    expect(describeAuthError(error(500))).toEqual({ key: 'generic' });
    expect(
      describeAuthError(error(400, { message: 'The link is invalid or has expired.' })),
    ).toEqual({ key: 'generic' });
    expect(describeAuthError(undefined)).toEqual({ key: 'generic' });
  });
});
