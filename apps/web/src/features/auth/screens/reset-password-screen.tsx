// Choosing a new password (SPEC §2 'reset-password-email/{key}/{email}'): twice, checked with the
// contract's schema (lib/contract-form), then on to the sign-in screen, which says the password is
// changed. The API ends every session of the account.
import { Stack } from '@mantine/core';
import { type ResetPassword, ResetPasswordSchema } from '@portal/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import {
  AuthForm,
  InvalidLinkScreen,
  LinkEmailField,
  LinkFormError,
  NewPasswordField,
  RepeatPasswordField,
} from '../components/auth-form-parts';
import { ScreenHeading, ScreenLink } from '../components/auth-screen-parts';
import { resetPassword } from '../model/account-calls';
import { emptyNewPassword, resetPasswordForm } from '../model/account-forms';
import { type AuthError, describeAuthError } from '../model/auth-errors';
import { useLinkParams } from '../model/link-params';
import type { LoginNotice } from '../model/login-navigation';
import { signOut } from '../model/sign-out';

export default function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const link = useLinkParams();
  if (!link) {
    return <InvalidLinkScreen title={t('reset.title')} newLinkTo={paths.resetPassword.href()} />;
  }
  return <ResetPasswordForm key={`${link.key}/${link.email}`} link={link} />;
}

function ResetPasswordForm({ link }: { link: { key: string; email: string } }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const { form, onSubmit, showServerIssues } = useContractForm(ResetPasswordSchema, {
    ...resetPasswordForm(link),
    initialValues: emptyNewPassword,
  });
  const [error, setError] = useState<AuthError>();

  async function send(body: ResetPassword) {
    try {
      await resetPassword(body);
    } catch (caught) {
      // A broken rule the API names goes on its field; anything else is the alert's.
      if (!showServerIssues(caught)) setError(describeAuthError(caught));
      return;
    }
    // The API has ended every session of the account; one on this device would only fail later,
    // and the sign-in screen would send a signed-in visitor straight past its notice.
    if (isLoggedIn) void dispatch(signOut());
    const notice: LoginNotice = { passwordChanged: true, email: link.email };
    void navigate(paths.login.href(), { replace: true, state: notice });
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('reset.title')}>{t('reset.intro')}</ScreenHeading>
      <AuthForm
        onSubmit={(event) => {
          setError(undefined);
          onSubmit(send)(event);
        }}
        submitLabel={t('reset.submit')}
        submitting={form.submitting}
      >
        <LinkEmailField email={link.email} />
        <NewPasswordField
          label={t('fields.newPassword')}
          name="password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <RepeatPasswordField
          name="repeatPassword"
          key={form.key('repeatPassword')}
          {...form.getInputProps('repeatPassword')}
        />
        <LinkFormError error={error} newLinkTo={paths.resetPassword.href()} />
      </AuthForm>
      <ScreenLink to={paths.login.href()} label={t('common.backToLogin')} />
    </Stack>
  );
}
