// The first visit after signing up: name, phone, language and notification choices in one step,
// then on to the dashboard (or straight there, to do it later).
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetUpdateUserMessages, updateUser } from '../../api/user-slice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { paths } from '../../config/paths';
import { currentLanguage } from '../../lib/i18n';
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

function ProfileNewForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const failed = useAppSelector((state) => state.user.updateUser.error !== '');
  // Preselects the language the user is reading now: the one they signed up in.
  const [values, setValues] = useState<ProfileValues>(() => ({
    ...profileValuesOf(user),
    language: currentLanguage(i18n),
  }));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = profileProblems(values);
    setErrors({
      name: problems.name && t(problems.name),
      phone: problems.phone && t(problems.phone),
    });
    if (Object.keys(problems).length > 0) return;

    dispatch(resetUpdateUserMessages());
    setSaving(true);
    const result = await dispatch(updateUser({ ...user, ...trimmed(values) }));
    setSaving(false);
    if (!updateUser.fulfilled.match(result)) return;
    if (values.language !== currentLanguage(i18n)) await i18n.changeLanguage(values.language);
    await navigate(paths.dashboard.href());
  }

  return (
    <ProfileFormCard
      onSubmit={save}
      leaveTo={paths.dashboard.href()}
      leaveLabel={t('profileNew.later')}
      saveLabel={t('profileNew.save')}
      saving={saving}
    >
      <ProfileFields values={values} errors={errors} onChange={setValues} />
      {failed && <Alert color="red" role="alert" title={t('user.failed')} />}
    </ProfileFormCard>
  );
}

export default function ProfileNewScreen() {
  const { t } = useTranslation('account');
  useFreshUpdateMessages();
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{t('profileNew.title')}</Title>
        <Text c="dimmed">{t('profileNew.intro')}</Text>
      </Stack>
      <WithSignedInUser>{(user) => <ProfileNewForm user={user} />}</WithSignedInUser>
    </Stack>
  );
}
