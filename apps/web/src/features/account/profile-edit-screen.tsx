// Editing one's own profile: name, phone, language (the portal switches to it once saved),
// notification choices and, optionally, the password, checked as a contract form
// (profile-form-values.ts). Saves the whole user object (SPEC §3); the API's refusals land on
// their fields.
import { Divider, Fieldset, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/account-limits';
import type { UpdateUser, User } from '@portal/contracts/users';
import { useTranslation } from 'react-i18next';
import { resetUpdateUserMessages, updateUser } from '../../api/user-slice';
import { Notice } from '../../components/notice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { paths } from '../../config/paths';
import { errorMessageOf } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import {
  ProfileFields,
  ProfileFormCard,
  useFreshUpdateMessages,
  useProfileForm,
} from './profile-fields';
import { PASSWORD_FIELDS, profileValuesOf } from './profile-form-values';

function UpdateMessages() {
  const { t } = useTranslation('account');
  const { success, error } = useAppSelector((state) => state.user.updateUser);
  if (success) return <Notice kind="success" title={t('user.updated')} />;
  if (error) return <Notice kind="failure" title={t('user.failed')} />;
  return null;
}

function ProfileEditForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { form, onSubmit, showServerIssues, setFieldMessage } = useProfileForm(
    profileValuesOf(user),
  );

  async function save(changes: UpdateUser) {
    dispatch(resetUpdateUserMessages());
    const result = await dispatch(updateUser({ ...user, ...changes }));
    if (updateUser.fulfilled.match(result)) {
      for (const field of PASSWORD_FIELDS) form.setFieldValue(field, '');
      if (changes.language && changes.language !== user.language)
        await i18n.changeLanguage(changes.language);
    } else if (errorMessageOf(result.payload)?.key === 'wrongPassword') {
      setFieldMessage('password', { key: 'errors:wrongPassword' });
    } else {
      showServerIssues(result.payload);
    }
  }

  const password = (field: (typeof PASSWORD_FIELDS)[number]) => ({
    name: field,
    ...form.getInputProps(field),
    visibilityToggleButtonProps: { 'aria-label': t('profileEdit.showPassword') },
  });

  return (
    <ProfileFormCard
      onSubmit={onSubmit(save)}
      leaveTo={paths.profile.href()}
      leaveLabel={t('profileEdit.back')}
      saveLabel={t('profileEdit.save')}
      saving={form.submitting}
    >
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <ProfileFields form={form} />
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
            autoComplete="current-password"
            key={form.key('password')}
            {...password('password')}
          />
          <PasswordInput
            label={t('profileEdit.newPassword')}
            description={t('profileEdit.newPasswordDescription', {
              minimum: formatNumber(PASSWORD_MIN_LENGTH, currentLanguage(i18n)),
            })}
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...password('newPassword')}
          />
          <PasswordInput
            label={t('profileEdit.repeatPassword')}
            autoComplete="new-password"
            key={form.key('repeatPassword')}
            {...password('repeatPassword')}
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
