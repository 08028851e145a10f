// The profile fields the edit and the first-visit screens share: name, phone, language and the
// notification choices, with their validation (the phone rule is the contract's own); the card
// with the form's link away and save button; and the clearing of save messages around a visit.
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
import { PERSON_NAME_MAX_LENGTH } from '@portal/contracts/account-limits';
import { LANGUAGES, type Language } from '@portal/contracts/domain';
import { UpdateUserSchema, type User } from '@portal/contracts/users';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetUpdateUserMessages } from '../../api/user-slice';
import { useAppDispatch } from '../../lib/store-hooks';

export type ProfileValues = {
  name: string;
  phone: string;
  language: Language;
  pushNotifications: boolean;
  emailNotifications: boolean;
};

export type ProfileErrors = { name?: string; phone?: string };

export function profileValuesOf(user: User): ProfileValues {
  return {
    name: user.name,
    phone: user.phone,
    language: user.language,
    pushNotifications: user.pushNotifications,
    emailNotifications: user.emailNotifications,
  };
}

/** The notification group's title looks like the other fields' labels. */
const LEGEND_AS_LABEL = {
  legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', padding: 0 },
} as const;

/** Which fields are wrong, as translation keys of the account catalogue. */
export function profileProblems(values: ProfileValues) {
  const problems: { name?: 'form.nameRequired'; phone?: 'form.phoneInvalid' } = {};
  const name = values.name.trim();
  if (name === '' || name.length > PERSON_NAME_MAX_LENGTH) problems.name = 'form.nameRequired';
  if (!UpdateUserSchema.shape.phone.safeParse(values.phone).success)
    problems.phone = 'form.phoneInvalid';
  return problems;
}

/** The values as the API should get them. */
export function trimmed(values: ProfileValues): ProfileValues {
  return { ...values, name: values.name.trim(), phone: values.phone.trim() };
}

export function ProfileFields({
  values,
  errors,
  onChange,
}: {
  values: ProfileValues;
  errors: ProfileErrors;
  onChange: (next: ProfileValues) => void;
}) {
  const { t } = useTranslation('account');
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <Stack gap="md">
      <TextInput
        label={t('form.name')}
        name="name"
        autoComplete="name"
        required
        value={values.name}
        error={errors.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <TextInput
        label={t('form.phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        description={t('form.phoneDescription')}
        value={values.phone}
        error={errors.phone}
        onChange={(event) => set('phone', event.currentTarget.value)}
      />
      <Radio.Group
        label={t('form.language')}
        description={t('form.languageDescription')}
        name="language"
        value={values.language}
        onChange={(value) => set('language', value as Language)}
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
            checked={values.pushNotifications}
            onChange={(event) => set('pushNotifications', event.currentTarget.checked)}
          />
          <Switch
            label={t('form.emailNotifications')}
            description={t('form.emailNotificationsDescription')}
            checked={values.emailNotifications}
            onChange={(event) => set('emailNotifications', event.currentTarget.checked)}
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
