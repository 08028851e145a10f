// What went wrong in a public-screen call, as something the screen can say in the user's language.
// The API's error body is the input (SPEC §7: a failed call's body is the error); its message is
// the server error text, matched exactly as SPEC §4 matches 'Conflict, already exists.'.
import type { ApiError } from '../../lib/http';

export type AuthErrorKind =
  | 'wrongCredentials'
  | 'tooManyAttempts'
  | 'invalidLink'
  | 'passwordCommon'
  | 'passwordGuessable'
  | 'passwordContainsEmail'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'emailInvalid'
  | 'network'
  | 'generic';

export type AuthError = { kind: AuthErrorKind; minutes?: number };

/** The server's texts (apps/server auth.service.ts, password.ts, contracts users.ts). */
const MESSAGES: Record<string, AuthErrorKind> = {
  'The link is invalid or has expired.': 'invalidLink',
  'This password is too common. Choose another one.': 'passwordCommon',
  'This password is too easy to guess. Choose another one.': 'passwordGuessable',
  'The password must not contain your e-mail address.': 'passwordContainsEmail',
};

/** Validation failures name the field and carry the schema's text, e.g. 'password: The password…'. */
const VALIDATION: [RegExp, AuthErrorKind][] = [
  [/at least 8 characters/i, 'passwordTooShort'],
  [/at most 128 characters/i, 'passwordTooLong'],
  [/valid e-mail address/i, 'emailInvalid'],
];

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };

/**
 * Whole minutes to wait (at least 1) after a 429, when the error says: a `retryAfterSeconds` field
 * if the body carries one, else the rate limiter's 'retry in 45 seconds' / 'retry in 2 minutes'.
 * The account lock answers 'Try again later.' with the wait only in its Retry-After header, which
 * the HTTP client does not pass on; then there is no number to show.
 */
export function retryAfterMinutes(error: ApiError): number | undefined {
  const field = (error as ApiError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
  let seconds: number | undefined;
  if (typeof field === 'number' && Number.isFinite(field) && field > 0) seconds = field;
  else {
    const match = /retry in (\d+(?:\.\d+)?)\s*(second|minute|hour|day)s?\b/i.exec(error.message);
    if (match?.[1] && match[2])
      seconds = Number(match[1]) * (UNIT_SECONDS[match[2].toLowerCase()] ?? 60);
  }
  return seconds === undefined ? undefined : Math.max(1, Math.ceil(seconds / 60));
}

/** `signingIn`: a 401 means wrong credentials (elsewhere it is just a failure). */
export function describeAuthError(error: ApiError | undefined, signingIn = false): AuthError {
  if (!error || typeof error !== 'object') return { kind: 'generic' };
  if (error.statusCode === 0) return { kind: 'network' };
  if (error.statusCode === 429) {
    const minutes = retryAfterMinutes(error);
    return minutes === undefined
      ? { kind: 'tooManyAttempts' }
      : { kind: 'tooManyAttempts', minutes };
  }
  if (error.statusCode === 401 && signingIn) return { kind: 'wrongCredentials' };
  if (error.statusCode === 400) {
    const known = MESSAGES[error.message];
    if (known) return { kind: known };
    const validation = VALIDATION.find(([pattern]) => pattern.test(error.message));
    if (validation) return { kind: validation[1] };
  }
  return { kind: 'generic' };
}
