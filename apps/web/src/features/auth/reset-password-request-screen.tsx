// Forgotten password (SPEC §2 'reset-password-email' without a key): the API mails a reset link
// if the address has an account; the screen says the same either way.
import { Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import type { ApiError } from '../../lib/http';
import { requestPasswordReset } from './account-calls';
import { type AuthError, describeAuthError } from './auth-errors';
import { AuthErrorAlert, SubmitButton, useCheckText } from './auth-form-parts';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';
import { type CheckKey, checkEmail } from './form-checks';

export default function ResetPasswordRequestScreen() {
  const { t } = useTranslation('auth');
  const checkText = useCheckText();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<CheckKey>();
  const [error, setError] = useState<AuthError>();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkEmail(email);
    setProblem(found);
    setError(undefined);
    if (found) return;
    setSubmitting(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
    } catch (caught) {
      setError(describeAuthError(caught as ApiError));
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <Stack gap="lg">
        <Stack gap="sm" role="status">
          <ScreenHeading title={t('reset.sentTitle')} />
          <Text>{t('reset.sentText', { email: sentTo })}</Text>
        </Stack>
        <ScreenLink to={paths.login.href()} label={t('common.toLogin')} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('reset.requestTitle')}>{t('reset.requestIntro')}</ScreenHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={checkText(problem)}
          />
          {error && <AuthErrorAlert error={error} />}
          <SubmitButton loading={submitting}>{t('reset.requestSubmit')}</SubmitButton>
        </Stack>
      </form>
      <ScreenLink to={paths.login.href()} label={t('common.backToLogin')} />
    </Stack>
  );
}
