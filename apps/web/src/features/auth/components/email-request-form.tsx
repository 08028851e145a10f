// The screens that ask only for an e-mail address, send it to the API and then say a link is on
// its way: registering and the forgotten password. The answer never says whether the address has
// an account.
import { Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { type AuthError, describeAuthError } from '../model/auth-errors';
import { type CheckKey, checkEmail } from '../model/form-checks';
import { AuthErrorAlert, AuthForm, EmailField } from './auth-form-parts';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';

type EmailRequestFormProps = {
  title: string;
  intro: string;
  submitLabel: string;
  sentTitle: string;
  /** The text once sent, naming the (trimmed) address. */
  sentText: (email: string) => string;
  /** Sends the address as typed to the API. */
  request: (email: string) => Promise<unknown>;
  /** The link(s) below the form. */
  footer: ReactNode;
};

export function EmailRequestForm({
  title,
  intro,
  submitLabel,
  sentTitle,
  sentText,
  request,
  footer,
}: EmailRequestFormProps) {
  const { t } = useTranslation('auth');
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
      await request(email);
      setSentTo(email.trim());
    } catch (caught) {
      setError(describeAuthError(caught));
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <Stack gap="lg">
        <Stack gap="sm" role="status">
          <ScreenHeading title={sentTitle} />
          <Text>{sentText(sentTo)}</Text>
        </Stack>
        <ScreenLink to={paths.login.href()} label={t('common.toLogin')} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={title}>{intro}</ScreenHeading>
      <AuthForm onSubmit={submit} submitLabel={submitLabel} submitting={submitting}>
        <EmailField autoComplete="email" value={email} onValueChange={setEmail} problem={problem} />
        {error && <AuthErrorAlert error={error} />}
      </AuthForm>
      {footer}
    </Stack>
  );
}
