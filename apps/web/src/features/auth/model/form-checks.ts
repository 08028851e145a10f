// The sign-in screen's checks before calling the API, named by their message key in the 'auth'
// catalogue (validation.*); the API checks again, these only save a round trip. Every other form is
// checked with the contract's schema (lib/contract-form); this one stays free of zod so the sign-in
// screen stays small (DESIGN §7, W7), using the contract's plain limit instead.
import { EMAIL_MAX_LENGTH } from '@portal/contracts/account-limits';

export type CheckKey = 'emailRequired' | 'emailInvalid' | 'passwordRequired';

/** One '@' with something on both sides and a dot in the domain; the API decides the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): CheckKey | undefined {
  const value = email.trim();
  if (!value) return 'emailRequired';
  if (!EMAIL_SHAPE.test(value) || value.length > EMAIL_MAX_LENGTH) return 'emailInvalid';
  return undefined;
}
