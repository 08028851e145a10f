// Last line of defence: a screen that crashed shows this instead of a blank page.
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" p="xl" role="alert">
      <Title order={1}>{t('common.somethingWentWrong')}</Title>
      <Text>{t('common.crashText')}</Text>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </Stack>
  );
}
