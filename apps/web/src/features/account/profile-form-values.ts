// The profile form's values as typed (the edit and the first-visit screens alike) and how the
// contract form (lib/contract-form) reads them with UpdateUserSchema: the account catalogue's
// wording, and the rules only the form has — a name (the API leaves an empty one as it is) and a
// password change that is all or nothing: the current password, the new one, and the new one again.
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import type { FormSettings } from '../../lib/contract-form';
import type { FieldIssue } from '../../lib/form-issues';

export type ProfileValues = {
  name: string;
  phone: string;
  language: Language;
  pushNotifications: boolean;
  emailNotifications: boolean;
  /** The current password, which a new one needs (the contract's name). */
  password: string;
  newPassword: string;
  repeatPassword: string;
};

export const PASSWORD_FIELDS = ['password', 'newPassword', 'repeatPassword'] as const;

export function profileValuesOf(user: User): ProfileValues {
  return {
    name: user.name,
    phone: user.phone,
    language: user.language,
    pushNotifications: user.pushNotifications,
    emailNotifications: user.emailNotifications,
    password: '',
    newPassword: '',
    repeatPassword: '',
  };
}

/** Nothing typed in the password fields: the password stays as it is. */
const changesPassword = (values: ProfileValues) =>
  PASSWORD_FIELDS.some((field) => values[field] !== '');

function profileRules(values: ProfileValues): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (values.name.trim() === '') issues.push({ field: 'name', rule: 'too_small', limit: 1 });
  if (changesPassword(values)) {
    if (values.password === '') issues.push({ field: 'password', rule: 'too_small', limit: 1 });
    if (values.newPassword !== values.repeatPassword)
      issues.push({ field: 'repeatPassword', rule: 'custom' });
  }
  return issues;
}

export const PROFILE_FORM: FormSettings<ProfileValues> = {
  messages: {
    name: { required: 'account:form.nameRequired' },
    phone: { format: 'account:form.phoneInvalid', tooLong: 'account:form.phoneInvalid' },
    password: { required: 'account:profileEdit.currentRequired' },
    newPassword: {
      required: 'account:profileEdit.newRequired',
      tooShort: 'account:profileEdit.tooShort',
      tooLong: 'account:profileEdit.tooLong',
    },
    repeatPassword: { invalid: 'account:profileEdit.mismatch' },
  },
  rules: profileRules,
  toInput: ({ password, newPassword, ...input }, values) =>
    changesPassword(values) ? { ...input, password, newPassword } : input,
};
