// Pieces the public screens share: the form with its submit button, the error alert in the
// user's language (with a new link where an e-mailed one is unusable), the e-mail field, a password
// field with a translated show/hide button, and the pair of fields that sets a new password. They
// take their value, change handler and message as props — from the sign-in screen's own state or
// from a contract form — so the sign-in screen loads neither zod nor the contract form (W7).
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
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/account-limits';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AuthError } from '../model/auth-errors';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';

/**
 * A form the browser does not validate, its fields in a column above the submit button. `onFocus`:
 * focus moved into the form (a field or the button).
 */
export function AuthForm({
  onSubmit,
  onFocus,
  submitLabel,
  submitting,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFocus?: () => void;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} onFocus={onFocus} noValidate>
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

/** The e-mail address the visitor types: 'username' when signing in, 'email' when asking for a link. */
export function EmailField(props: TextInputProps & { autoComplete: 'username' | 'email' }) {
  const { t } = useTranslation('auth');
  return <TextInput {...props} label={t('fields.email')} type="email" inputMode="email" required />;
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

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
    />
  );
}

/**
 * A new password, with the rules it must meet; the label is 'Password' when signing up, 'New
 * password' when resetting.
 */
export function NewPasswordField(props: PasswordInputProps & { label: string }) {
  const { t, i18n } = useTranslation('auth');
  return (
    <PasswordField
      {...props}
      description={t('fields.passwordHint', {
        minimum: formatNumber(PASSWORD_MIN_LENGTH, currentLanguage(i18n)),
      })}
      autoComplete="new-password"
      required
    />
  );
}

/** The new password typed once more. */
export function RepeatPasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordField
      {...props}
      label={t('fields.repeatPassword')}
      autoComplete="new-password"
      required
    />
  );
}
