// Completing an account (SPEC §2 'signup/{key}/{email}'). On arrival the link is checked
// (docs/accounts.md, 'Signup links before the form'): a link whose account exists already says so
// and leads to sign-in, an unusable one offers a new link, and a working one — or one that could
// not be checked, which the form's answer will tell — shows the form: the e-mailed address
// read-only, name, phone and password; then the visitor is signed in and goes on to the profile.
import { Button, Stack } from '@mantine/core';
import type { SignupCheckResponse } from '@portal/contracts/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  AuthForm,
  InvalidLinkScreen,
  LinkEmailField,
  LinkFormError,
  NewPasswordFields,
  TextField,
} from '../components/auth-form-parts';
import { ScreenHeading, ScreenLink } from '../components/auth-screen-parts';
import { checkSignupLink } from '../model/account-calls';
import { type AuthError, describeAuthError } from '../model/auth-errors';
import {
  type CheckKey,
  checkName,
  checkNewPassword,
  checkPhone,
  checkRepeatedPassword,
} from '../model/form-checks';
import { useLinkParams } from '../model/link-params';
import { signup } from '../model/signup-thunk';

type Problems = { name?: CheckKey; phone?: CheckKey; password?: CheckKey; repeated?: CheckKey };
type LinkStatus = SignupCheckResponse['status'];

/** The link's status once the API has answered; 'valid' when it could not say (no answer). */
function useLinkStatus(key: string | undefined, email: string | undefined) {
  const [status, setStatus] = useState<LinkStatus | 'checking'>('checking');
  useEffect(() => {
    if (!key || !email) return;
    let shown = true;
    setStatus('checking');
    checkSignupLink({ key, email }).then(
      (answer) => shown && setStatus(answer === 'used' || answer === 'invalid' ? answer : 'valid'),
      () => shown && setStatus('valid'),
    );
    return () => {
      shown = false;
    };
  }, [key, email]);
  return status;
}

/** The link did its job already: the account exists, so sign in (the address filled in). */
function AccountExists({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg">
      <ScreenHeading title={t('signup.usedTitle')}>{t('signup.usedText', { email })}</ScreenHeading>
      <Button component={Link} to={paths.login.href()} state={{ email }} fullWidth>
        {t('signup.usedSignIn')}
      </Button>
      <ScreenLink to={paths.resetPassword.href()} label={t('login.forgotPassword')} />
    </Stack>
  );
}

export default function SignupScreen() {
  const link = useLinkParams();
  const { t } = useTranslation('auth');
  const status = useLinkStatus(link?.key, link?.email);
  if (!link || status === 'invalid')
    return <InvalidLinkScreen title={t('signup.title')} newLinkTo={paths.signup.href()} />;
  if (status === 'checking') return <Loading />;
  if (status === 'used') return <AccountExists email={link.email} />;
  return <SignupForm link={link} />;
}

function SignupForm({ link }: { link: { key: string; email: string } }) {
  const { t, i18n } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<AuthError>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Problems = {
      name: checkName(name),
      phone: checkPhone(phone),
      password: checkNewPassword(password),
      repeated: checkRepeatedPassword(password, repeated),
    };
    setProblems(found);
    setError(undefined);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    const result = await dispatch(
      signup({
        key: link.key,
        email: link.email,
        name: name.trim(),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        password,
        language: currentLanguage(i18n),
      }),
    );
    if (signup.fulfilled.match(result)) {
      void navigate(paths.profileNew.href(), { replace: true });
      return;
    }
    setError(describeAuthError(result.payload));
    setSubmitting(false);
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('signup.title')}>{t('signup.intro')}</ScreenHeading>
      <AuthForm onSubmit={submit} submitLabel={t('signup.submit')} submitting={submitting}>
        <LinkEmailField email={link.email} />
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          required
          value={name}
          onValueChange={setName}
          problem={problems.name}
        />
        <TextField
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={phone}
          onValueChange={setPhone}
          problem={problems.phone}
        />
        <NewPasswordFields
          label={t('fields.password')}
          password={password}
          repeated={repeated}
          onPasswordChange={setPassword}
          onRepeatedChange={setRepeated}
          passwordProblem={problems.password}
          repeatedProblem={problems.repeated}
        />
        <LinkFormError error={error} newLinkTo={paths.signup.href()} />
      </AuthForm>
      <ScreenLink
        to={paths.login.href()}
        lead={t('common.haveAccount')}
        label={t('common.toLogin')}
      />
    </Stack>
  );
}
