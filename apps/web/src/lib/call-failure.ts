// Why a call failed, in the kinds every screen words alike (SPEC §8 gives the title, this the
// reason): a domain code the one map knows (lib/api-errors), the caller's role refused, the thing
// gone, a refused value, no connection, or anything else. A feature adds its own kinds beside
// these (an area's number taken, a device's id) and keeps the rest from here.
import { type ErrorMessage, errorMessageOf, statusOf } from './api-errors';

export type CallFailure =
  | { reason: 'coded'; message: ErrorMessage }
  | { reason: 'forbidden' }
  | { reason: 'notFound' }
  | { reason: 'invalid' }
  | { reason: 'connection' }
  | { reason: 'other' };

/** The failure by its status alone. */
export function statusFailureOf(error: unknown): Exclude<CallFailure, { reason: 'coded' }> {
  switch (statusOf(error)) {
    case 0:
      return { reason: 'connection' };
    case 400:
      return { reason: 'invalid' };
    case 403:
      return { reason: 'forbidden' };
    case 404:
      return { reason: 'notFound' };
    default:
      return { reason: 'other' };
  }
}

/** The failure by its domain code where the map has a message for it, else by its status. */
export function callFailureOf(error: unknown): CallFailure {
  const message = errorMessageOf(error);
  return message ? { reason: 'coded', message } : statusFailureOf(error);
}
