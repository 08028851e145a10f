// The public account forms other than sign-in, as contract forms (lib/contract-form): the request's
// schema checks them, and these settings say in the auth catalogue's words what is wrong, add the
// one rule only a form has (the new password typed twice alike) and fill in what the e-mailed link
// gives. Sign-in keeps form-checks.ts: it must not load the schemas (W7).
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldIssue, FieldMessages } from '../../../lib/form-issues';

export type EmailRequestValues = { email: string };
export type NewPasswordValues = { password: string; repeatPassword: string };
export type SignupValues = NewPasswordValues & { name: string; phone: string };

/** The key and address of the e-mailed link the form completes. */
type Link = { key: string; email: string };

export const emptyNewPassword: NewPasswordValues = { password: '', repeatPassword: '' };
export const emptySignup: SignupValues = { name: '', phone: '', ...emptyNewPassword };

const EMAIL = {
  // The contract says only 'not an address', also of nothing typed.
  email: (_issue, { empty }) => ({
    key: empty ? 'auth:validation.emailRequired' : 'auth:validation.emailInvalid',
  }),
  tooLong: 'auth:validation.emailInvalid',
} satisfies FieldMessages<EmailRequestValues>['email'];

const NEW_PASSWORD = {
  password: {
    required: 'auth:validation.passwordRequired',
    tooShort: 'auth:validation.passwordTooShort',
    tooLong: 'auth:validation.passwordTooLong',
  },
  repeatPassword: { invalid: 'auth:validation.passwordsDiffer' },
} as const;

/** The new password typed again, alike: a rule of the form, the API never sees the repetition. */
function repeatedAlike(values: NewPasswordValues): FieldIssue[] {
  return values.password === values.repeatPassword
    ? []
    : [{ field: 'repeatPassword', rule: 'custom' }];
}

export const EMAIL_REQUEST_FORM: FormSettings<EmailRequestValues> = {
  messages: { email: EMAIL },
  // The address as the API gets it: the contract checks its form before trimming.
  toInput: (input, values) => ({ ...input, email: values.email.trim() }),
};

export const resetPasswordForm = (link: Link): FormSettings<NewPasswordValues> => ({
  messages: NEW_PASSWORD,
  rules: repeatedAlike,
  toInput: (input) => ({ ...input, ...link }),
});

export const signupForm = (link: Link): FormSettings<SignupValues> => ({
  messages: {
    ...NEW_PASSWORD,
    name: { required: 'auth:validation.nameRequired', tooLong: 'auth:validation.nameTooLong' },
    phone: { format: 'auth:validation.phoneInvalid', tooLong: 'auth:validation.phoneInvalid' },
  },
  rules: repeatedAlike,
  // A phone number not given is left out, not sent empty.
  toInput: ({ phone, ...input }, values) => ({
    ...input,
    ...link,
    ...(values.phone.trim() ? { phone } : {}),
  }),
});
