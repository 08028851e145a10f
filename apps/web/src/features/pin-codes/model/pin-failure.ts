// Why a PIN code call failed, so the form can say it at the field it concerns (a code too easy or
// held by another slot, a slot taken or beyond the lock's) and the rest goes to SPEC §8's alert.
import { ErrorCode } from '@portal/contracts/error-codes';
import { errorMessageOf, isApiError } from '../../../lib/api-errors';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import type { FieldMessage } from '../../../lib/form-issues';

export type PinFailure =
  /** A refusal that belongs on the code or the slot field. */
  { reason: 'field'; field: 'code' | 'slot'; message: FieldMessage } | CallFailure;

const FIELD_OF: Partial<Record<string, 'code' | 'slot'>> = {
  [ErrorCode.pinCodeTrivial]: 'code',
  [ErrorCode.pinCodeDuplicate]: 'code',
  [ErrorCode.pinSlotTaken]: 'slot',
  [ErrorCode.pinSlotOutOfRange]: 'slot',
};

export function pinFailureOf(error: unknown): PinFailure {
  const field = isApiError(error) && error.code ? FIELD_OF[error.code] : undefined;
  const message = errorMessageOf(error);
  if (field && message) {
    const { key, ...values } = message;
    return { reason: 'field', field, message: { key: `errors:${key}`, values } as FieldMessage };
  }
  return callFailureOf(error);
}
