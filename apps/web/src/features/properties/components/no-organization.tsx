// What stands in for the new-property form when a site manager has no organization to put a
// property in yet: the way to create one first.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

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
