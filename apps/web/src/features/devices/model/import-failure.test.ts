// Why an import failed, as the screen says it: the lines of a 422, else the status.
import { describe, expect, it } from 'vitest';
import { importFailureOf } from './import-failure';

const answer = (statusCode: number, extra: object = {}) => ({
  statusCode,
  error: 'Error',
  message: 'Refused.',
  ...extra,
});

describe('importFailureOf', () => {
  it('names the lines of IMPORT_INVALID', () => {
    const problems = [{ line: 3, field: 'idNumber', code: 'id-taken' }];
    expect(importFailureOf(answer(422, { code: 'IMPORT_INVALID', details: { problems } }))).toEqual(
      { reason: 'problems', problems },
    );
  });

  it.each([
    [0, 'connection'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [413, 'tooLarge'],
    [500, 'other'],
  ])('says %i is %s', (status, reason) => {
    expect(importFailureOf(answer(status))).toEqual({ reason });
  });
});
