// Choosing a new password (SPEC §2 'reset-password-email/{key}/{email}'): twice, then on to the
// sign-in screen, which says the password is changed. The API ends every session of the account.
import { Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import {
  AuthForm,
  InvalidLinkScreen,
  LinkEmailField,
  LinkFormError,
  NewPasswordFields,
} from '../components/auth-form-parts';
import { ScreenHeading, ScreenLink } from '../components/auth-screen-parts';
import { resetPassword } from '../model/account-calls';
import { type AuthError, describeAuthError } from '../model/auth-errors';
import { type CheckKey, checkNewPassword, checkRepeatedPassword } from '../model/form-checks';
import { useLinkParams } from '../model/link-params';
import type { LoginNotice } from '../model/login-navigation';
import { signOut } from '../model/sign-out';

type Problems = { password?: CheckKey; repeated?: CheckKey };

export default function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const link = useLinkParams();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<AuthError>();
  const [submitting, setSubmitting] = useState(false);

  if (!link) {
    return <InvalidLinkScreen title={t('reset.title')} newLinkTo={paths.resetPassword.href()} />;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!link) return;
    const found: Problems = {
      password: checkNewPassword(password),
      repeated: checkRepeatedPassword(password, repeated),
    };
    setProblems(found);
    setError(undefined);
    if (found.password || found.repeated) return;
    setSubmitting(true);
    try {
      await resetPassword({ key: link.key, email: link.email, password });
    } catch (caught) {
      setError(describeAuthError(caught));
      setSubmitting(false);
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
      <AuthForm onSubmit={submit} submitLabel={t('reset.submit')} submitting={submitting}>
        <LinkEmailField email={link.email} />
        <NewPasswordFields
          label={t('fields.newPassword')}
          password={password}
          repeated={repeated}
          onPasswordChange={setPassword}
          onRepeatedChange={setRepeated}
          passwordProblem={problems.password}
          repeatedProblem={problems.repeated}
        />
        <LinkFormError error={error} newLinkTo={paths.resetPassword.href()} />
      </AuthForm>
      <ScreenLink to={paths.login.href()} label={t('common.backToLogin')} />
    </Stack>
  );
}
