// Completing an account (SPEC §2 'signup/{key}/{email}'): the e-mailed link's address is shown
// read-only; the visitor sets name, phone and password, is signed in and goes on to create the
// profile.
import { Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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

export default function SignupScreen() {
  const { t, i18n } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const link = useLinkParams();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<AuthError>();
  const [submitting, setSubmitting] = useState(false);

  if (!link) {
    return <InvalidLinkScreen title={t('signup.title')} newLinkTo={paths.signup.href()} />;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!link) return;
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
