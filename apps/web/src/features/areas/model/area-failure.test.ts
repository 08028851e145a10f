// A failed call's reason by the API's status; a range's conflict with the numbers it names.
import { TOO_MANY_AREAS_MESSAGE } from '@portal/contracts/areas';
import { describe, expect, it } from 'vitest';
import { areaFailureOf, numbersInConflict } from './area-failure';

const error = (statusCode: number, message = 'x') => ({ statusCode, error: 'E', message });

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
    expect(
      areaFailureOf(error(409, 'Areas with these numbers already exist: 1003, 1004.'), {
        range: true,
      }),
    ).toEqual({ reason: 'numbersTaken', numbers: [1003, 1004], more: false });
  });

  it.each([false, true])(
    'reads the cap on areas per property as a full property, for a range too (%s)',
    (range) => {
      expect(areaFailureOf(error(409, TOO_MANY_AREAS_MESSAGE), { range })).toEqual({
        reason: 'propertyFull',
      });
    },
  );

  it('does not take what is not an API error for one', () => {
    expect(areaFailureOf(new Error('boom'))).toEqual({ reason: 'other' });
  });
});

describe('numbersInConflict', () => {
  it('reads only after the colon, so numbers in the words are not taken', () => {
    expect(numbersInConflict('At most 500 at once: 7, 8.')).toEqual({
      numbers: [7, 8],
      more: false,
    });
    expect(numbersInConflict('Conflict, already exists.')).toEqual({ numbers: [], more: false });
  });

  it('knows the API named only the first of them when the list ends in an ellipsis', () => {
    expect(numbersInConflict('Areas with these numbers already exist: 1, 2, …')).toEqual({
      numbers: [1, 2],
      more: true,
    });
  });
});
