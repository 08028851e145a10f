// Completing an account (SPEC §2 'signup/{key}/{email}'): the e-mailed link's address is shown
// read-only; the visitor sets name, phone and password, is signed in and goes on to create the
// profile.
import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import { currentLanguage } from '../../lib/i18n';
import { type AuthError, describeAuthError } from './auth-errors';
import { AuthErrorAlert, NewPasswordFields, SubmitButton, useCheckText } from './auth-form-parts';
import { ScreenHeading, ScreenLink } from './auth-screen-parts';
import {
  type CheckKey,
  checkName,
  checkNewPassword,
  checkPhone,
  checkRepeatedPassword,
} from './form-checks';
import { useLinkParams } from './link-params';
import { signup } from './signup-thunk';

type Problems = { name?: CheckKey; phone?: CheckKey; password?: CheckKey; repeated?: CheckKey };

/** The link is unusable: say so and offer a new one. */
function InvalidSignupLink({ error }: { error: AuthError }) {
  const { t } = useTranslation('auth');
  return (
    <AuthErrorAlert error={error}>
      <ScreenLink to={paths.signup.href()} label={t('common.newLink')} />
    </AuthErrorAlert>
  );
}

export default function SignupScreen() {
  const { t, i18n } = useTranslation('auth');
  const checkText = useCheckText();
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
    return (
      <Stack gap="lg">
        <ScreenHeading title={t('signup.title')} />
        <InvalidSignupLink error={{ kind: 'invalidLink' }} />
      </Stack>
    );
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            value={link.email}
            readOnly
            variant="filled"
          />
          <TextInput
            label={t('fields.name')}
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={checkText(problems.name)}
          />
          <TextInput
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={checkText(problems.phone)}
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
          {error &&
            (error.kind === 'invalidLink' ? (
              <InvalidSignupLink error={error} />
            ) : (
              <AuthErrorAlert error={error} />
            ))}
          <SubmitButton loading={submitting}>{t('signup.submit')}</SubmitButton>
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
