// The frame of the public screens (sign-in, signup, password reset): the portal's name, the
// language switch and the screen in a narrow column that works on a phone.
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { DocumentTitle } from './document-title';

export default function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <DocumentTitle />
      <Group component="header" justify="space-between" px="md" h={56} wrap="nowrap">
        <Text fw={700} size="lg" c="blue.8" truncate>
          {t('app.name')}
        </Text>
        <LanguageSwitch />
      </Group>
      <Container size={440} px="md" py="xl" component="main" id="main-content">
        <Paper withBorder shadow="xs" p="lg" radius="md">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
