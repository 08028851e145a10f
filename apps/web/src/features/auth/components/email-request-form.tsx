// The screens that ask only for an e-mail address, check it with their request's schema
// (lib/contract-form), send it to the API and then say a link is on its way: registering and the
// forgotten password. The answer never says whether the address has an account.
import { Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { type ContractSchema, useContractForm } from '../../../lib/contract-form';
import { EMAIL_REQUEST_FORM } from '../model/account-forms';
import { type AuthError, describeAuthError } from '../model/auth-errors';
import { AuthErrorAlert, AuthForm, EmailField } from './auth-form-parts';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';

type EmailRequestFormProps = {
  title: string;
  intro: string;
  submitLabel: string;
  sentTitle: string;
  /** The text once sent, naming the (trimmed) address. */
  sentText: (email: string) => string;
  /** The request's schema in the contract, which checks the address before it is sent. */
  schema: ContractSchema<{ email: string }>;
  /** Sends the (checked, trimmed) address to the API. */
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
  schema,
  request,
  footer,
}: EmailRequestFormProps) {
  const { t } = useTranslation('auth');
  const { form, onSubmit, showServerIssues } = useContractForm(schema, {
    ...EMAIL_REQUEST_FORM,
    initialValues: { email: '' },
  });
  const [error, setError] = useState<AuthError>();
  const [sentTo, setSentTo] = useState<string>();

  async function send({ email }: { email: string }) {
    try {
      await request(email);
      setSentTo(email);
    } catch (caught) {
      // A broken rule the API names goes on the field; anything else is the alert's.
      if (!showServerIssues(caught)) setError(describeAuthError(caught));
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
      <AuthForm
        onSubmit={(event) => {
          setError(undefined);
          onSubmit(send)(event);
        }}
        submitLabel={submitLabel}
        submitting={form.submitting}
      >
        <EmailField
          autoComplete="email"
          name="email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {error && <AuthErrorAlert error={error} />}
      </AuthForm>
      {footer}
    </Stack>
  );
}
