// The 'Loading...' fallback shown while a screen loads (SPEC §2).
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">{t('common.loading')}</Text>
      </Stack>
    </Center>
  );
}
