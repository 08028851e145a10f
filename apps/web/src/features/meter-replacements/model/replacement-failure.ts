// Why recording a meter replacement failed, so the form can say it at the field it concerns (one
// recorded at that time already, a time the API does not take, a unit of the other quantity), a
// device that is no meter in words of its own, and the rest as every call's failure (SPEC §8).
import { ErrorCode } from '@portal/contracts/error-codes';
import { isApiError } from '../../../lib/api-errors';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import type { FieldMessage } from '../../../lib/form-issues';

export type ReplacementFailure =
  /** A refusal that belongs on the time or the unit field. */
  | { reason: 'field'; field: 'at' | 'unit'; message: FieldMessage }
  /** The device is a gateway, door or keypad (NOT_A_METER). */
  | { reason: 'notAMeter' }
  | CallFailure;

const ON_FIELD: Partial<Record<string, Extract<ReplacementFailure, { reason: 'field' }>>> = {
  [ErrorCode.meterReplacementExists]: {
    reason: 'field',
    field: 'at',
    message: { key: 'devices:meterReplacements.form.exists' },
  },
  [ErrorCode.outOfRange]: {
    reason: 'field',
    field: 'at',
    message: { key: 'devices:meterReplacements.form.outOfRange' },
  },
  [ErrorCode.wrongUnit]: {
    reason: 'field',
    field: 'unit',
    message: { key: 'devices:meterReplacements.form.wrongUnit' },
  },
};

export function replacementFailureOf(error: unknown): ReplacementFailure {
  const code = isApiError(error) ? error.code : undefined;
  if (code === ErrorCode.notAMeter) return { reason: 'notAMeter' };
  return (code && ON_FIELD[code]) || callFailureOf(error);
}
