// Shown inside the shell for any path that leads to no screen (SPEC §2).
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to={paths.dashboard.href()} variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
