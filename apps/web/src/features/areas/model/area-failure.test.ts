// A failed call's reason: the API's code where the one map knows it, else the status.
import { describe, expect, it } from 'vitest';
import { areaFailureOf } from './area-failure';

const error = (statusCode: number, extra = {}) => ({
  statusCode,
  error: 'E',
  message: 'x',
  ...extra,
});

describe('areaFailureOf', () => {
  it.each([
    [0, 'connection'],
    [400, 'invalid'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [409, 'numberTaken'],
    [500, 'other'],
  ])('reads %d as %s', (status, reason) => {
    expect(areaFailureOf(error(status))).toEqual({ reason });
  });

  it("reads a range's conflict with the numbers that exist", () => {
    const taken = error(409, {
      code: 'AREA_NUMBERS_TAKEN',
      details: { numbers: [1003, 1004], more: false },
    });
    expect(areaFailureOf(taken, { range: true })).toEqual({
      reason: 'coded',
      message: { key: 'areaNumbersTaken', numbers: [1003, 1004] },
    });
    // One area's number: the form says its own number is taken.
    expect(areaFailureOf(taken)).toEqual({ reason: 'numberTaken' });
  });

  it('a range conflict without a code still says some numbers are taken', () => {
    expect(areaFailureOf(error(409), { range: true })).toEqual({
      reason: 'coded',
      message: { key: 'areaNumbersTakenSome' },
    });
  });

  it.each([false, true])(
    'reads PROPERTY_FULL as a full property, for a range too (%s)',
    (range) => {
      const full = error(409, { code: 'PROPERTY_FULL', details: { limit: 5000 } });
      expect(areaFailureOf(full, { range })).toEqual({
        reason: 'coded',
        message: { key: 'propertyFull', limit: 5000 },
      });
    },
  );

  it('does not take what is not an API error for one', () => {
    expect(areaFailureOf(new Error('boom'))).toEqual({ reason: 'other' });
  });
});
