// Why a call about areas failed, so each screen can show SPEC §8's message with the reason in the
// language being shown: the common kinds (lib/call-failure), and an area's number taken.
import { errorMessageOf, statusOf } from '../../../lib/api-errors';
import { type CallFailure, statusFailureOf } from '../../../lib/call-failure';

export type AreaFailure =
  | CallFailure
  /** A single area's number is taken. */
  | { reason: 'numberTaken' };

const CONFLICT = 409;

/** `range`: the call created a numbered range, whose conflict lists numbers. */
export function areaFailureOf(error: unknown, { range = false } = {}): AreaFailure {
  const message = errorMessageOf(error);
  // One area's own number needs no list of numbers; a full property says so either way.
  if (message && (range || message.key === 'propertyFull')) return { reason: 'coded', message };
  if (statusOf(error) === CONFLICT)
    return range
      ? { reason: 'coded', message: { key: 'areaNumbersTakenSome' } }
      : { reason: 'numberTaken' };
  return statusFailureOf(error);
}
