// What the contract form makes of the public account forms' typed values: the request body, or the
// auth catalogue's message per field — the contract's rules and the form's own (a repeated password).
import {
  ResetPasswordEmailSchema,
  ResetPasswordSchema,
  SignupSchema,
} from '@portal/contracts/auth';
import { CreateUserSchema } from '@portal/contracts/users';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/contract-form';
import {
  EMAIL_REQUEST_FORM,
  emptyNewPassword,
  emptySignup,
  resetPasswordForm,
  type SignupValues,
  signupForm,
} from './account-forms';

const link = { key: 'k3y', email: 'ny@example.se' };
const password = 'ett långt lösenord';

describe('the e-mail request forms’ check', () => {
  const check = (email: string) =>
    checkForm(ResetPasswordEmailSchema, { email }, EMAIL_REQUEST_FORM, 'sv');

  it('gives the trimmed address, for either request', () => {
    expect(check(' anna@example.se ')).toEqual({ ok: true, body: { email: 'anna@example.se' } });
    expect(
      checkForm(CreateUserSchema, { email: ' anna@example.se' }, EMAIL_REQUEST_FORM, 'sv'),
    ).toEqual({ ok: true, body: { email: 'anna@example.se' } });
  });

  it.each([
    ['', 'auth:validation.emailRequired'],
    ['   ', 'auth:validation.emailRequired'],
    ['anna', 'auth:validation.emailInvalid'],
    ['anna@example', 'auth:validation.emailInvalid'],
    [`anna@${'x'.repeat(250)}.se`, 'auth:validation.emailInvalid'],
  ])('names the problem with %j', (email, key) => {
    expect(check(email)).toMatchObject({ ok: false, messages: { email: { key } } });
  });
});

describe('the signup form’s check', () => {
  const check = (fields: Partial<SignupValues>) =>
    checkForm(SignupSchema, { ...emptySignup, ...fields }, signupForm(link), 'sv');

  it('gives the request body: the link’s key and address, trimmed, without the repetition', () => {
    expect(
      check({ name: ' Anna Ny ', phone: ' 070-111 22 33 ', password, repeatPassword: password }),
    ).toEqual({
      ok: true,
      body: { ...link, name: 'Anna Ny', phone: '070-111 22 33', password },
    });
  });

  it('leaves out a phone number not given', () => {
    const checked = check({ name: 'Anna', phone: '  ', password, repeatPassword: password });
    expect(checked).toMatchObject({ ok: true });
    expect(checked.ok && checked.body).not.toHaveProperty('phone');
  });

  it('names every problem at once, in the auth catalogue’s words', () => {
    expect(
      check({ name: ' ', phone: '070 abc', password: 'kort', repeatPassword: 'annat' }),
    ).toEqual({
      ok: false,
      messages: {
        name: { key: 'auth:validation.nameRequired', values: { limit: 1 } },
        phone: { key: 'auth:validation.phoneInvalid' },
        password: { key: 'auth:validation.passwordTooShort', values: { limit: 8 } },
        repeatPassword: { key: 'auth:validation.passwordsDiffer' },
      },
    });
  });

  it.each([
    [
      { name: 'x'.repeat(201) },
      { name: { key: 'auth:validation.nameTooLong', values: { limit: 200 } } },
    ],
    [
      { phone: '0'.repeat(41) },
      { phone: { key: 'auth:validation.phoneInvalid', values: { limit: 40 } } },
    ],
    [
      { password: '', repeatPassword: '' },
      { password: { key: 'auth:validation.passwordRequired', values: { limit: 8 } } },
    ],
    [
      { password: 'x'.repeat(129), repeatPassword: 'x'.repeat(129) },
      { password: { key: 'auth:validation.passwordTooLong', values: { limit: 128 } } },
    ],
  ])('names the problem with %j', (fields, messages) => {
    expect(check({ name: 'Anna', password, repeatPassword: password, ...fields })).toEqual({
      ok: false,
      messages,
    });
  });
});

describe('the new-password form’s check', () => {
  const check = (password: string, repeatPassword: string) =>
    checkForm(
      ResetPasswordSchema,
      { ...emptyNewPassword, password, repeatPassword },
      resetPasswordForm(link),
      'sv',
    );

  it('gives the request body with the link’s key and address', () => {
    expect(check(password, password)).toEqual({ ok: true, body: { ...link, password } });
  });

  it('refuses a password repeated otherwise, alone or with a short one', () => {
    expect(check(password, `${password} `)).toEqual({
      ok: false,
      messages: { repeatPassword: { key: 'auth:validation.passwordsDiffer' } },
    });
    expect(check('kort', 'annat')).toMatchObject({
      ok: false,
      messages: {
        password: { key: 'auth:validation.passwordTooShort' },
        repeatPassword: { key: 'auth:validation.passwordsDiffer' },
      },
    });
  });
});
