// What went wrong in a public-screen call, as something the screen can say in the user's language:
// the API's code through the one map (lib/api-errors), else the screen's own SPEC §8 message —
// no connection, or anything the map does not know.
import { type ErrorMessage, errorMessageOf, statusOf } from '../../../lib/api-errors';

export type AuthError = ErrorMessage | { key: 'network' } | { key: 'generic' };

const UNAUTHORIZED = 401;

/** `signingIn`: a 401 means wrong credentials (elsewhere it is just a failure). */
export function describeAuthError(error: unknown, signingIn = false): AuthError {
  const message = errorMessageOf(error);
  if (message) return message;
  const status = statusOf(error);
  if (status === 0) return { key: 'network' };
  // The sign-in call's 401 is wrong credentials whatever code it carries.
  if (status === UNAUTHORIZED && signingIn) return { key: 'wrongCredentials' };
  return { key: 'generic' };
}
