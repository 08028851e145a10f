// Registering (SPEC §2 'signup' without a key): a visitor gives an address and the API mails a
// link to complete the account. The answer never says whether the address already has one.
import { Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import type { ApiError } from '../../lib/http';
import { currentLanguage } from '../../lib/i18n';
import { requestRegistration } from './account-calls';
import { type AuthError, describeAuthError } from './auth-errors';
import { AuthErrorAlert, SubmitButton, useCheckText } from './auth-form-parts';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';
import { type CheckKey, checkEmail } from './form-checks';

export default function SignupRequestScreen() {
  const { t, i18n } = useTranslation('auth');
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
      await requestRegistration(email, currentLanguage(i18n));
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
          <ScreenHeading title={t('signup.sentTitle')} />
          <Text>{t('signup.sentText', { email: sentTo })}</Text>
        </Stack>
        <ScreenLink to={paths.login.href()} label={t('common.toLogin')} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('signup.requestTitle')}>{t('signup.requestIntro')}</ScreenHeading>
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
          <SubmitButton loading={submitting}>{t('signup.requestSubmit')}</SubmitButton>
        </Stack>
      </form>
      <ScreenLink
        to={paths.login.href()}
        lead={t('common.haveAccount')}
        label={t('common.toLogin')}
      />
    </Stack>
  );
}
