// Why a call about areas failed, so each screen can show SPEC §8's message with the reason in the
// language being shown: the API's code through the one map (lib/api-errors) where it has one,
// else the status.
import { type ErrorMessage, errorMessageOf, statusOf } from '../../../lib/api-errors';

export type AreaFailure =
  | { reason: 'forbidden' }
  | { reason: 'notFound' }
  /** A single area's number is taken. */
  | { reason: 'numberTaken' }
  /** A domain code with its details (a full property, the numbers of a range that are taken). */
  | { reason: 'coded'; message: ErrorMessage }
  | { reason: 'invalid' }
  | { reason: 'connection' }
  | { reason: 'other' };

const CONFLICT = 409;

/** `range`: the call created a numbered range, whose conflict lists numbers. */
export function areaFailureOf(error: unknown, { range = false } = {}): AreaFailure {
  const message = errorMessageOf(error);
  // One area's own number needs no list of numbers; a full property says so either way.
  if (message && (range || message.key === 'propertyFull')) return { reason: 'coded', message };
  switch (statusOf(error)) {
    case 0:
      return { reason: 'connection' };
    case 400:
      return { reason: 'invalid' };
    case 403:
      return { reason: 'forbidden' };
    case 404:
      return { reason: 'notFound' };
    case CONFLICT:
      return range
        ? { reason: 'coded', message: { key: 'areaNumbersTakenSome' } }
        : { reason: 'numberTaken' };
    default:
      return { reason: 'other' };
  }
}
