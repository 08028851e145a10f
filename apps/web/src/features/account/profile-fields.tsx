// The profile form the edit and the first-visit screens share (a contract form, checked as
// profile-form-values.ts says): the fields name, phone, language and the notification choices; the
// card with the form's link away and save button; and the clearing of save messages around a visit.
import {
  Anchor,
  Button,
  Card,
  Fieldset,
  Group,
  Radio,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { LANGUAGES } from '@portal/contracts/domain';
import { UpdateUserSchema } from '@portal/contracts/users';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetUpdateUserMessages } from '../../api/user-slice';
import { useContractForm } from '../../lib/contract-form';
import { useAppDispatch } from '../../lib/store-hooks';
import { PROFILE_FORM, type ProfileValues } from './profile-form-values';

/** The profile as a contract form: checked with the schema of PUT /user/{email}. */
export function useProfileForm(initialValues: ProfileValues) {
  return useContractForm(UpdateUserSchema, { ...PROFILE_FORM, initialValues });
}

export type ProfileForm = ReturnType<typeof useProfileForm>['form'];

/** The notification group's title looks like the other fields' labels. */
const LEGEND_AS_LABEL = {
  legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', padding: 0 },
} as const;

export function ProfileFields({ form }: { form: ProfileForm }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="md">
      <TextInput
        label={t('form.name')}
        name="name"
        autoComplete="name"
        required
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('form.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        description={t('form.phoneDescription')}
        key={form.key('phone')}
        {...form.getInputProps('phone')}
      />
      <Radio.Group
        label={t('form.language')}
        description={t('form.languageDescription')}
        name="language"
        key={form.key('language')}
        {...form.getInputProps('language')}
      >
        <Group gap="lg" mt="xs">
          {LANGUAGES.map((language) => (
            <Radio
              key={language}
              value={language}
              label={<span lang={language}>{t(`languageName.${language}`)}</span>}
            />
          ))}
        </Group>
      </Radio.Group>
      <Fieldset legend={t('form.notifications')} variant="unstyled" styles={LEGEND_AS_LABEL}>
        <Stack gap="sm" mt={4}>
          <Switch
            label={t('form.push')}
            description={t('form.pushDescription')}
            key={form.key('pushNotifications')}
            {...form.getInputProps('pushNotifications', { type: 'checkbox' })}
          />
          <Switch
            label={t('form.emailNotifications')}
            description={t('form.emailNotificationsDescription')}
            key={form.key('emailNotifications')}
            {...form.getInputProps('emailNotifications', { type: 'checkbox' })}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** Messages from an earlier visit are not this one's; nor are this visit's the next screen's. */
export function useFreshUpdateMessages() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(resetUpdateUserMessages());
    return () => {
      dispatch(resetUpdateUserMessages());
    };
  }, [dispatch]);
}

/** The profile form's card: its fields, then a link away and the save button. */
export function ProfileFormCard({
  onSubmit,
  leaveTo,
  leaveLabel,
  saveLabel,
  saving,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  leaveTo: string;
  leaveLabel: string;
  saveLabel: string;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {children}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={leaveTo}>
              {leaveLabel}
            </Anchor>
            <Button type="submit" color="blue.8" loading={saving}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
