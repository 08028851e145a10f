// Checks the public forms make before calling the API, named by their message key in the 'auth'
// catalogue. The API checks again; these only save a round trip and say what is wrong at once.
// Kept free of zod so the sign-in screen stays small (DESIGN §7, W7): the limits are the
// contract's plain constants, the same the schemas use.
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
} from '@portal/contracts/account-limits';

export type CheckKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordsDiffer'
  | 'nameRequired'
  | 'nameTooLong'
  | 'phoneInvalid';

/** One '@' with something on both sides and a dot in the domain; the API decides the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): CheckKey | undefined {
  const value = email.trim();
  if (!value) return 'emailRequired';
  if (!EMAIL_SHAPE.test(value) || value.length > EMAIL_MAX_LENGTH) return 'emailInvalid';
  return undefined;
}

export function checkNewPassword(password: string): CheckKey | undefined {
  if (!password) return 'passwordRequired';
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return undefined;
}

export function checkRepeatedPassword(password: string, repeated: string): CheckKey | undefined {
  return password === repeated ? undefined : 'passwordsDiffer';
}

export function checkName(name: string): CheckKey | undefined {
  const value = name.trim();
  if (!value) return 'nameRequired';
  if (value.length > PERSON_NAME_MAX_LENGTH) return 'nameTooLong';
  return undefined;
}

export function checkPhone(phone: string): CheckKey | undefined {
  const value = phone.trim();
  return PHONE_PATTERN.test(value) && value.length <= PHONE_MAX_LENGTH ? undefined : 'phoneInvalid';
}
