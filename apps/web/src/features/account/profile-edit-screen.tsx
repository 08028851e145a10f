// Editing one's own profile: name, phone, language (the portal switches to it once saved),
// notification choices and, optionally, the password. Saves the whole user object (SPEC §3).
import { Divider, Fieldset, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PasswordSchema, type User } from '@portal/contracts/users';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetUpdateUserMessages, updateUser } from '../../api/user-slice';
import { Notice } from '../../components/notice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { paths } from '../../config/paths';
import { errorMessageOf, useErrorText } from '../../lib/api-errors';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import {
  type ProfileErrors,
  ProfileFields,
  ProfileFormCard,
  type ProfileValues,
  profileProblems,
  profileValuesOf,
  trimmed,
  useFreshUpdateMessages,
} from './profile-fields';

type Passwords = { current: string; next: string; repeat: string };
type PasswordErrors = { current?: string; next?: string; repeat?: string };
const noPasswords: Passwords = { current: '', next: '', repeat: '' };

function passwordProblems({ current, next, repeat }: Passwords) {
  const problems: {
    current?: 'profileEdit.currentRequired';
    next?: 'profileEdit.newRequired' | 'profileEdit.tooShort' | 'profileEdit.tooLong';
    repeat?: 'profileEdit.mismatch';
  } = {};
  // Nothing typed: the password stays as it is.
  if (current === '' && next === '' && repeat === '') return problems;
  if (current === '') problems.current = 'profileEdit.currentRequired';
  if (next === '') problems.next = 'profileEdit.newRequired';
  else if (!PasswordSchema.safeParse(next).success)
    problems.next = next.length < 8 ? 'profileEdit.tooShort' : 'profileEdit.tooLong';
  if (next !== repeat) problems.repeat = 'profileEdit.mismatch';
  return problems;
}

function UpdateMessages() {
  const { t } = useTranslation('account');
  const { success, error } = useAppSelector((state) => state.user.updateUser);
  if (success) return <Notice kind="success" title={t('user.updated')} />;
  if (error) return <Notice kind="failure" title={t('user.failed')} />;
  return null;
}

function ProfileEditForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ProfileValues>(() => profileValuesOf(user));
  const [passwords, setPasswords] = useState<Passwords>(noPasswords);
  const [errors, setErrors] = useState<ProfileErrors & { password?: PasswordErrors }>({});
  const [saving, setSaving] = useState(false);

  const setPassword = (key: keyof Passwords, value: string) =>
    setPasswords((previous) => ({ ...previous, [key]: value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const profile = profileProblems(values);
    const password = passwordProblems(passwords);
    setErrors({
      name: profile.name && t(profile.name),
      phone: profile.phone && t(profile.phone),
      password: {
        current: password.current && t(password.current),
        next: password.next && t(password.next),
        repeat: password.repeat && t(password.repeat),
      },
    });
    if (Object.keys(profile).length > 0 || Object.keys(password).length > 0) return;

    dispatch(resetUpdateUserMessages());
    setSaving(true);
    const changesPassword = passwords.next !== '';
    const result = await dispatch(
      updateUser({
        ...user,
        ...trimmed(values),
        ...(changesPassword ? { password: passwords.current, newPassword: passwords.next } : {}),
      }),
    );
    setSaving(false);
    if (updateUser.fulfilled.match(result)) {
      setPasswords(noPasswords);
      if (values.language !== user.language) await i18n.changeLanguage(values.language);
    } else if (errorMessageOf(result.payload)?.key === 'wrongPassword') {
      setErrors({ password: { current: errorText({ key: 'wrongPassword' }) } });
    }
  }

  return (
    <ProfileFormCard
      onSubmit={save}
      leaveTo={paths.profile.href()}
      leaveLabel={t('profileEdit.back')}
      saveLabel={t('profileEdit.save')}
      saving={saving}
    >
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <ProfileFields values={values} errors={errors} onChange={setValues} />
      <Divider />
      <Fieldset
        legend={t('profileEdit.password')}
        variant="unstyled"
        styles={{ legend: { fontWeight: 700 } }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('profileEdit.passwordHint')}
          </Text>
          <PasswordInput
            label={t('profileEdit.currentPassword')}
            name="password"
            autoComplete="current-password"
            value={passwords.current}
            error={errors.password?.current}
            onChange={(event) => setPassword('current', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('profileEdit.showPassword') }}
          />
          <PasswordInput
            label={t('profileEdit.newPassword')}
            description={t('profileEdit.newPasswordDescription')}
            name="newPassword"
            autoComplete="new-password"
            value={passwords.next}
            error={errors.password?.next}
            onChange={(event) => setPassword('next', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('profileEdit.showPassword') }}
          />
          <PasswordInput
            label={t('profileEdit.repeatPassword')}
            name="repeatPassword"
            autoComplete="new-password"
            value={passwords.repeat}
            error={errors.password?.repeat}
            onChange={(event) => setPassword('repeat', event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': t('profileEdit.showPassword') }}
          />
        </Stack>
      </Fieldset>
      <UpdateMessages />
    </ProfileFormCard>
  );
}

export default function ProfileEditScreen() {
  const { t } = useTranslation('account');
  useFreshUpdateMessages();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('profileEdit.title')}</Title>
      <WithSignedInUser>{(user) => <ProfileEditForm user={user} />}</WithSignedInUser>
    </Stack>
  );
}
