import { describe, expect, it } from 'vitest';
import { callFailureOf, statusFailureOf } from './call-failure';

const answer = (statusCode: number, code?: string) => ({
  statusCode,
  error: 'Error',
  message: 'Refused.',
  ...(code ? { code } : {}),
});

describe('callFailureOf', () => {
  it('keeps a domain code the map words, and reads the rest by status', () => {
    expect(callFailureOf(answer(409, 'GATEWAY_REQUIRED'))).toEqual({
      reason: 'coded',
      message: { key: 'gatewayRequired' },
    });
    expect(callFailureOf(answer(409, 'SOMETHING_NEW'))).toEqual({ reason: 'other' });
  });

  it.each([
    [0, 'connection'],
    [400, 'invalid'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [500, 'other'],
  ])('reads status %i as %s', (status, reason) => {
    expect(statusFailureOf(answer(status))).toEqual({ reason });
  });

  it('reads anything that is no answer of the API as other', () => {
    expect(callFailureOf(new Error('boom'))).toEqual({ reason: 'other' });
  });
});
