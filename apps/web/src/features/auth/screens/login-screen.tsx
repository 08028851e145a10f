// Sign-in (SPEC §2 'login'): e-mail and password; on success back to the page the visitor wanted
// (?next=) or the dashboard. Someone already signed in goes there at once. The sign-in call and
// the HTTP client behind it (axios, ~15 KB gzipped) are not part of the screen's first code: they
// load once the visitor starts on the form (docs/web-loading.md).
import { Alert, Stack } from '@mantine/core';
import type { i18n } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { AuthErrorAlert, AuthForm, EmailField, PasswordField } from '../components/auth-form-parts';
import { ScreenHeading, ScreenLink } from '../components/auth-screen-parts';
import type { AuthError } from '../model/auth-errors';
import { type CheckKey, checkEmail } from '../model/form-checks';
import { type LoginNotice, loginNoticeFrom, returnPathFrom } from '../model/login-navigation';
import { loadSignInCode } from '../model/sign-in-code';

/**
 * What signing in needs beyond the form: the thunk, and the API's error messages (the `errors`
 * catalogue) in case it fails. Fetched while the visitor types, so pressing the button waits less.
 */
function prefetchSignIn(i18n: i18n) {
  void i18n.loadNamespaces('errors');
  loadSignInCode().catch(() => {
    // Offline for now: submitting tries again and says so if it still fails.
  });
}

export default function LoginScreen() {
  const { t, i18n } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const [search] = useSearchParams();
  const location = useLocation();
  const [notice, setNotice] = useState<LoginNotice>(() => loginNoticeFrom(location.state));
  const [email, setEmail] = useState(notice.email ?? '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: CheckKey; password?: CheckKey }>({});
  const [error, setError] = useState<AuthError>();
  const [submitting, setSubmitting] = useState(false);
  const checkText = (problem: CheckKey | undefined) => problem && t(`validation.${problem}`);

  if (isLoggedIn) return <Navigate to={returnPathFrom(search)} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: checkEmail(email),
      password: password ? undefined : ('passwordRequired' as const),
    };
    setProblems(found);
    setError(undefined);
    if (found.email || found.password) return;
    setNotice({});
    setSubmitting(true);
    const [signIn] = await Promise.all([
      loadSignInCode().catch(() => undefined),
      i18n.loadNamespaces('errors'),
    ]);
    if (!signIn) {
      // The code could not be fetched: as good as no connection (SPEC §8's message for that).
      setError({ key: 'network' });
      setSubmitting(false);
      return;
    }
    const { login, describeAuthError } = signIn;
    const result = await dispatch(login({ email: email.trim(), password }));
    // On success the store says signed in and this screen redirects (above), in the profile's
    // language: the language is one setting, whichever browser chose it (docs/accounts.md).
    if (login.fulfilled.match(result)) {
      void i18n.changeLanguage(result.payload.user.language);
    } else {
      setError(describeAuthError(result.payload, true));
      setSubmitting(false);
    }
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('login.title')} />
      {notice.sessionEnded && (
        <Alert color="blue" variant="light" role="status">
          {t('login.sessionEnded')}
        </Alert>
      )}
      {notice.passwordChanged && (
        <Alert color="green" variant="light" role="status">
          {t('login.passwordChanged')}
        </Alert>
      )}
      <AuthForm
        onSubmit={submit}
        onFocus={() => prefetchSignIn(i18n)}
        submitLabel={t('login.submit')}
        submitting={submitting}
      >
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={checkText(problems.email)}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={checkText(problems.password)}
        />
        {error && <AuthErrorAlert error={error} />}
      </AuthForm>
      <Stack gap="xs">
        <ScreenLink to={paths.resetPassword.href()} label={t('login.forgotPassword')} />
        <ScreenLink
          to={paths.signup.href()}
          lead={t('login.noAccount')}
          label={t('login.toSignup')}
        />
      </Stack>
    </Stack>
  );
}
