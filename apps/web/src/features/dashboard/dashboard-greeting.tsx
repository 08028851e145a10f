// The dashboard's greeting: the signed-in user by first name and the time of day (DESIGN §5),
// with today's date.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/current-user';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { firstName, greetingFor } from './greeting';

export function DashboardGreeting() {
  const { t, i18n } = useTranslation();
  const name = firstName(useCurrentUser()?.name);
  const now = new Date();
  const greeting = t(`dashboard.greeting.${greetingFor(now)}`);
  return (
    <Stack gap={4}>
      <Title order={1}>{name ? t('session.namedGreeting', { greeting, name }) : greeting}</Title>
      <Text c="dimmed">{formatDate(now, currentLanguage(i18n), { dateStyle: 'full' })}</Text>
    </Stack>
  );
}
