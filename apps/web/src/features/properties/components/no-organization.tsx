// What stands in for a property form when it cannot be used: a user lacks the permission (SPEC
// §6's message), or a site manager has no organization to put a property in yet.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NoPermission({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Alert color="blue" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Anchor component={Link} c="blue.9" size="sm" to={backTo}>
          {backLabel}
        </Anchor>
      </Stack>
    </Alert>
  );
}

export function NoOrganization() {
  const { t } = useTranslation('properties');
  return (
    <Alert color="blue" role="status" title={t('new.noOrganization')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('new.noOrganizationText')}</Text>
        <Button component={Link} to={paths.organizationsNew.href()} color="blue.8" size="sm">
          {t('empty.createOrganization')}
        </Button>
      </Stack>
    </Alert>
  );
}
