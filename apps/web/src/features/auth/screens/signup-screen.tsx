// Completing an account (SPEC §2 'signup/{key}/{email}'). On arrival the link is checked
// (docs/accounts.md, 'Signup links before the form'): a link whose account exists already says so
// and leads to sign-in, an unusable one offers a new link, and a working one — or one that could
// not be checked, which the form's answer will tell — shows the form: the e-mailed address
// read-only, name, phone and password; then the visitor is signed in and goes on to the profile.
import { Button, Stack, TextInput } from '@mantine/core';
import { type Signup, type SignupCheckResponse, SignupSchema } from '@portal/contracts/auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/contract-form';
import { currentLanguage } from '../../../lib/i18n';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  AuthForm,
  InvalidLinkScreen,
  LinkEmailField,
  LinkFormError,
  NewPasswordField,
  RepeatPasswordField,
} from '../components/auth-form-parts';
import { ScreenHeading, ScreenLink } from '../components/auth-screen-parts';
import { checkSignupLink } from '../model/account-calls';
import { emptySignup, type SignupValues, signupForm } from '../model/account-forms';
import { type AuthError, describeAuthError } from '../model/auth-errors';
import { useLinkParams } from '../model/link-params';
import { signup } from '../model/signup-thunk';

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
  return <SignupForm key={`${link.key}/${link.email}`} link={link} />;
}

function SignupForm({ link }: { link: { key: string; email: string } }) {
  const { t, i18n } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { form, onSubmit, showServerIssues } = useContractForm(SignupSchema, {
    ...signupForm(link),
    initialValues: emptySignup,
  });
  const [error, setError] = useState<AuthError>();

  async function send(body: Signup) {
    const result = await dispatch(signup({ ...body, language: currentLanguage(i18n) }));
    if (signup.fulfilled.match(result)) {
      void navigate(paths.profileNew.href(), { replace: true });
      return;
    }
    // A broken rule the API names goes on its field; anything else is the alert's.
    if (!showServerIssues(result.payload)) setError(describeAuthError(result.payload));
  }

  const input = (field: keyof SignupValues) => ({
    name: field,
    ...form.getInputProps(field),
  });

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('signup.title')}>{t('signup.intro')}</ScreenHeading>
      <AuthForm
        onSubmit={(event) => {
          setError(undefined);
          onSubmit(send)(event);
        }}
        submitLabel={t('signup.submit')}
        submitting={form.submitting}
      >
        <LinkEmailField email={link.email} />
        <TextInput
          label={t('fields.name')}
          autoComplete="name"
          required
          key={form.key('name')}
          {...input('name')}
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          key={form.key('phone')}
          {...input('phone')}
        />
        <NewPasswordField
          label={t('fields.password')}
          key={form.key('password')}
          {...input('password')}
        />
        <RepeatPasswordField key={form.key('repeatPassword')} {...input('repeatPassword')} />
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
