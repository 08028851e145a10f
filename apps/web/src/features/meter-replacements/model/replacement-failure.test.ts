// Where a refused replacement is said: the API's codes about the time and the unit at their field,
// a device that is no meter in words of its own, everything else as any call's failure.
import { describe, expect, it } from 'vitest';
import { replacementFailureOf } from './replacement-failure';

const refusal = (statusCode: number, code?: string) => ({
  statusCode,
  error: 'Refused',
  message: 'Refused.',
  ...(code ? { code } : {}),
});

describe('a refused replacement', () => {
  it('is said at the time field for one recorded then already or a time out of range', () => {
    expect(replacementFailureOf(refusal(409, 'METER_REPLACEMENT_EXISTS'))).toEqual({
      reason: 'field',
      field: 'at',
      message: { key: 'devices:meterReplacements.form.exists' },
    });
    expect(replacementFailureOf(refusal(422, 'OUT_OF_RANGE'))).toMatchObject({
      field: 'at',
      message: { key: 'devices:meterReplacements.form.outOfRange' },
    });
  });

  it('is said at the unit field for a unit of the other quantity', () => {
    expect(replacementFailureOf(refusal(422, 'WRONG_UNIT'))).toMatchObject({
      field: 'unit',
      message: { key: 'devices:meterReplacements.form.wrongUnit' },
    });
  });

  it('has its own reason for a device that is no meter, and the common ones otherwise', () => {
    expect(replacementFailureOf(refusal(409, 'NOT_A_METER'))).toEqual({ reason: 'notAMeter' });
    expect(replacementFailureOf(refusal(403, 'FORBIDDEN'))).toEqual({ reason: 'forbidden' });
    expect(replacementFailureOf(refusal(404, 'NOT_FOUND'))).toEqual({ reason: 'notFound' });
    expect(replacementFailureOf(refusal(0))).toEqual({ reason: 'connection' });
    expect(replacementFailureOf(new Error('boom'))).toEqual({ reason: 'other' });
  });
});
