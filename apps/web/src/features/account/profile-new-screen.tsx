// The first visit after signing up: name, phone, language and notification choices in one step,
// then on to the dashboard (or straight there, to do it later).
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { UpdateUser, User } from '@portal/contracts/users';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetUpdateUserMessages, updateUser } from '../../api/user-slice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { paths } from '../../config/paths';
import { currentLanguage } from '../../lib/i18n';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import {
  ProfileFields,
  ProfileFormCard,
  useFreshUpdateMessages,
  useProfileForm,
} from './profile-fields';
import { profileValuesOf } from './profile-form-values';

function ProfileNewForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const failed = useAppSelector((state) => state.user.updateUser.error !== '');
  // Preselects the language the user is reading now: the one they signed up in.
  const { form, onSubmit, showServerIssues } = useProfileForm({
    ...profileValuesOf(user),
    language: currentLanguage(i18n),
  });

  async function save(changes: UpdateUser) {
    dispatch(resetUpdateUserMessages());
    const result = await dispatch(updateUser({ ...user, ...changes }));
    if (!updateUser.fulfilled.match(result)) {
      showServerIssues(result.payload);
      return;
    }
    const language = changes.language ?? user.language;
    if (language !== currentLanguage(i18n)) await i18n.changeLanguage(language);
    await navigate(paths.dashboard.href());
  }

  return (
    <ProfileFormCard
      onSubmit={onSubmit(save)}
      leaveTo={paths.dashboard.href()}
      leaveLabel={t('profileNew.later')}
      saveLabel={t('profileNew.save')}
      saving={form.submitting}
    >
      <ProfileFields form={form} />
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
