// The public forms' own checks, and their limits held equal to the shared contract's.
import { PasswordSchema } from '@portal/contracts/users';
import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkName,
  checkNewPassword,
  checkPhone,
  checkRepeatedPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './form-checks';

describe('form checks', () => {
  it("use the contract's password limits", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(PasswordSchema.minLength);
    expect(PASSWORD_MAX_LENGTH).toBe(PasswordSchema.maxLength);
  });

  it('check an e-mail address', () => {
    expect(checkEmail('')).toBe('emailRequired');
    expect(checkEmail('   ')).toBe('emailRequired');
    expect(checkEmail('anna')).toBe('emailInvalid');
    expect(checkEmail('anna@example')).toBe('emailInvalid');
    expect(checkEmail(' anna@example.se ')).toBeUndefined();
  });

  it('check a new password: 8 to 128 characters', () => {
    expect(checkNewPassword('')).toBe('passwordRequired');
    expect(checkNewPassword('1234567')).toBe('passwordTooShort');
    expect(checkNewPassword('12345678')).toBeUndefined();
    expect(checkNewPassword('x'.repeat(128))).toBeUndefined();
    expect(checkNewPassword('x'.repeat(129))).toBe('passwordTooLong');
  });

  it('check that a password was repeated exactly', () => {
    expect(checkRepeatedPassword('correct horse', 'correct horse')).toBeUndefined();
    expect(checkRepeatedPassword('correct horse', 'correct hors')).toBe('passwordsDiffer');
  });

  it('check a name and a phone number', () => {
    expect(checkName(' ')).toBe('nameRequired');
    expect(checkName('x'.repeat(201))).toBe('nameTooLong');
    expect(checkName('Anna')).toBeUndefined();
    expect(checkPhone('')).toBeUndefined();
    expect(checkPhone('+46 (0)70-123 45 67')).toBeUndefined();
    expect(checkPhone('070 abc')).toBe('phoneInvalid');
  });
});
