// Pieces the public screens share: the error alert in the user's language, the submit button, a
// password field with a translated show/hide button, and the pair of fields that sets a new
// password.
import { Alert, Button, PasswordInput, type PasswordInputProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import type { AuthError } from './auth-errors';
import type { CheckKey } from './form-checks';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './form-checks';

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

export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" fullWidth loading={loading}>
      {children}
    </Button>
  );
}

export function AuthErrorAlert({ error, children }: { error: AuthError; children?: ReactNode }) {
  const { t, i18n } = useTranslation('auth');
  const language = currentLanguage(i18n);
  const text =
    error.kind === 'tooManyAttempts' && error.minutes !== undefined
      ? t('errors.tooManyAttemptsMinutes', {
          count: error.minutes,
          minutes: formatNumber(error.minutes, language),
        })
      : t(`errors.${error.kind}`, {
          minimum: formatNumber(PASSWORD_MIN_LENGTH, language),
          maximum: formatNumber(PASSWORD_MAX_LENGTH, language),
        });
  return (
    <Alert color="red" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        {children}
      </Stack>
    </Alert>
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
  const checkText = useCheckText();
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
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={checkText(passwordProblem)}
      />
      <PasswordField
        label={t('fields.repeatPassword')}
        autoComplete="new-password"
        required
        value={repeated}
        onChange={(event) => onRepeatedChange(event.currentTarget.value)}
        error={checkText(repeatedProblem)}
      />
    </>
  );
}
