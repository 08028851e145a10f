// Pieces the public screens share: the form with its submit button, the error alert in the
// user's language (with a new link where an e-mailed one is unusable), text and e-mail fields that
// show their check's message, a password field with a translated show/hide button, and the pair
// of fields that sets a new password.
import {
  Alert,
  Button,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts/account-limits';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AuthError } from '../model/auth-errors';
import type { CheckKey } from '../model/form-checks';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';

/** Turns a check's key into its message, with the password limits in the language's numerals. */
export function useCheckText() {
  const { t, i18n } = useTranslation('auth');
  const language = currentLanguage(i18n);
  return (problem: CheckKey | undefined) =>
    problem &&
    t(`validation.${problem}`, {
      minimum: formatNumber(PASSWORD_MIN_LENGTH, language),
      maximum: formatNumber(PASSWORD_MAX_LENGTH, language),
    });
}

/** A form the browser does not validate, its fields in a column above the submit button. */
export function AuthForm({
  onSubmit,
  submitLabel,
  submitting,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

export function AuthErrorAlert({ error, children }: { error: AuthError; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const text =
    error.key === 'network' || error.key === 'generic'
      ? t(`errors.${error.key}`)
      : errorText(error);
  return (
    <Alert color="red" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {children}
      </Stack>
    </Alert>
  );
}

/** The alert for an unusable e-mailed link, offering a new one. */
function InvalidLinkAlert({ error, newLinkTo }: { error: AuthError; newLinkTo: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthErrorAlert error={error}>
      <ScreenLink to={newLinkTo} label={t('common.newLink')} color="blue.9" />
    </AuthErrorAlert>
  );
}

/** A failure on a screen opened from an e-mailed link: an unusable link offers a new one. */
export function LinkFormError({ error, newLinkTo }: { error?: AuthError; newLinkTo: string }) {
  if (!error) return null;
  return error.key === 'linkInvalid' ? (
    <InvalidLinkAlert error={error} newLinkTo={newLinkTo} />
  ) : (
    <AuthErrorAlert error={error} />
  );
}

/** The whole screen when the e-mailed link lacks its key or address. */
export function InvalidLinkScreen({ title, newLinkTo }: { title: string; newLinkTo: string }) {
  return (
    <Stack gap="lg">
      <ScreenHeading title={title} />
      <InvalidLinkAlert error={{ key: 'linkInvalid' }} newLinkTo={newLinkTo} />
    </Stack>
  );
}

type CheckedProps = {
  value: string;
  onValueChange: (value: string) => void;
  /** The check that failed, shown as the field's message. */
  problem?: CheckKey;
};

export function TextField({
  value,
  onValueChange,
  problem,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & CheckedProps) {
  const checkText = useCheckText();
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      error={checkText(problem)}
    />
  );
}

/** The e-mail address the visitor types: 'username' when signing in, 'email' when asking for a link. */
export function EmailField(props: CheckedProps & { autoComplete: 'username' | 'email' }) {
  const { t } = useTranslation('auth');
  return <TextField {...props} label={t('fields.email')} type="email" inputMode="email" required />;
}

/** The address an e-mailed link was sent to, shown but not changeable. */
export function LinkEmailField({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      autoComplete="username"
      value={email}
      readOnly
      variant="filled"
    />
  );
}

export function PasswordField({
  value,
  onValueChange,
  problem,
  ...props
}: Omit<PasswordInputProps, 'value' | 'onChange' | 'error'> & CheckedProps) {
  const { t } = useTranslation('auth');
  const checkText = useCheckText();
  return (
    <PasswordInput
      {...props}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      error={checkText(problem)}
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
    />
  );
}

type NewPasswordFieldsProps = {
  password: string;
  repeated: string;
  onPasswordChange: (value: string) => void;
  onRepeatedChange: (value: string) => void;
  passwordProblem?: CheckKey;
  repeatedProblem?: CheckKey;
  /** The label of the first field: 'Password' when signing up, 'New password' when resetting. */
  label: string;
};

export function NewPasswordFields({
  password,
  repeated,
  onPasswordChange,
  onRepeatedChange,
  passwordProblem,
  repeatedProblem,
  label,
}: NewPasswordFieldsProps) {
  const { t, i18n } = useTranslation('auth');
  return (
    <>
      <PasswordField
        label={label}
        description={t('fields.passwordHint', {
          minimum: formatNumber(PASSWORD_MIN_LENGTH, currentLanguage(i18n)),
        })}
        autoComplete="new-password"
        required
        value={password}
        onValueChange={onPasswordChange}
        problem={passwordProblem}
      />
      <PasswordField
        label={t('fields.repeatPassword')}
        autoComplete="new-password"
        required
        value={repeated}
        onValueChange={onRepeatedChange}
        problem={repeatedProblem}
      />
    </>
  );
}
