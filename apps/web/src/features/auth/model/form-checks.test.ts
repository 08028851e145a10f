// The public forms' own checks, which agree with the shared contract's schemas.
import { PasswordSchema } from '@portal/contracts/users';
import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkName,
  checkNewPassword,
  checkPhone,
  checkRepeatedPassword,
} from './form-checks';

describe('form checks', () => {
  it('accept and refuse the passwords the contract accepts and refuses', () => {
    for (const length of [7, 8, 128, 129]) {
      const password = 'x'.repeat(length);
      expect(checkNewPassword(password) === undefined, `${length} characters`).toBe(
        PasswordSchema.safeParse(password).success,
      );
    }
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
