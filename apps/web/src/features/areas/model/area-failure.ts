// Why a call about areas failed, told by the API's status (DESIGN §4.1 error body), so each
// screen can show SPEC §8's message with the reason in the language being shown.
import { TOO_MANY_AREAS_MESSAGE } from '@portal/contracts/areas';
import type { ApiError } from '../../lib/http';

export type AreaFailure =
  | { reason: 'forbidden' }
  | { reason: 'notFound' }
  | { reason: 'numberTaken' }
  /** The property already has MAX_AREAS_PER_PROPERTY areas, or a range would pass it. */
  | { reason: 'propertyFull' }
  /**
   * A range overlapping existing areas: the numbers the API named (none if it named none), and
   * whether it named only the first of them.
   */
  | { reason: 'numbersTaken'; numbers: number[]; more: boolean }
  | { reason: 'invalid' }
  | { reason: 'connection' }
  | { reason: 'other' };

const isApiError = (error: unknown): error is ApiError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as ApiError).statusCode === 'number' &&
  typeof (error as ApiError).message === 'string';

/**
 * The API lists a range's existing numbers after the colon ('Areas with these numbers already
 * exist: 1003, 1004.'), the first 20 and then '…' when there are more; the body has no field for
 * them, so they are read from there — only the digits and the ellipsis, never the English words,
 * which the screen replaces with its own.
 */
export function numbersInConflict(message: string) {
  const colon = message.lastIndexOf(':');
  if (colon < 0) return { numbers: [], more: false };
  const listed = message.slice(colon + 1);
  return {
    numbers: (listed.match(/\d+/g) ?? []).map(Number),
    more: listed.includes('…') || listed.includes('...'),
  };
}

/** `range`: the call created a numbered range, whose conflict lists numbers. */
export function areaFailureOf(error: unknown, { range = false } = {}): AreaFailure {
  if (!isApiError(error)) return { reason: 'other' };
  switch (error.statusCode) {
    case 0:
      return { reason: 'connection' };
    case 400:
      return { reason: 'invalid' };
    case 403:
      return { reason: 'forbidden' };
    case 404:
      return { reason: 'notFound' };
    case 409:
      if (error.message === TOO_MANY_AREAS_MESSAGE) return { reason: 'propertyFull' };
      return range
        ? { reason: 'numbersTaken', ...numbersInConflict(error.message) }
        : { reason: 'numberTaken' };
    default:
      return { reason: 'other' };
  }
}

/** RTK Query's error for a query, as a status: 404 turns a screen into its not-found state. */
export const isNotFound = (error: unknown) => isApiError(error) && error.statusCode === 404;
