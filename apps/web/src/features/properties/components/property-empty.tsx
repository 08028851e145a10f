// SPEC §8's 'No properties', with the way forward for the reader: a site manager creates a
// property, or first an organization; a user waits for a site manager.
import { Button, Stack, Text, Title } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function PropertyEmpty({ user, headingOrder }: { user: User; headingOrder: 2 | 3 }) {
  const { t } = useTranslation('properties');
  const isSiteManager = user.role === 'site-manager';
  const hasOrganization = user.organizations.length > 0;
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={headingOrder} size="h4">
        {t('empty.title')}
      </Title>
      <Text c="dimmed">
        {!isSiteManager
          ? t('empty.user')
          : hasOrganization
            ? t('empty.siteManager')
            : t('empty.noOrganization')}
      </Text>
      {isSiteManager && (
        <Button
          component={Link}
          to={hasOrganization ? paths.propertiesNew.href() : paths.organizationsNew.href()}
          color="blue.8"
          mt={4}
        >
          {hasOrganization ? t('empty.createProperty') : t('empty.createOrganization')}
        </Button>
      )}
    </Stack>
  );
}
