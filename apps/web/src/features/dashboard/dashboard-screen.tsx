// The dashboard: greets the user by the time of day and shows today's date.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { greetingFor } from './greeting';

export default function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const now = new Date();
  return (
    <Stack gap={4}>
      <Title order={1}>{t(`dashboard.greeting.${greetingFor(now)}`)}</Title>
      <Text c="dimmed">{formatDate(now, currentLanguage(i18n), { dateStyle: 'full' })}</Text>
    </Stack>
  );
}
