// SPEC §8's 'No properties', with the way forward for the reader: a site manager creates a
// property, or first an organization; a user waits for a site manager. The account's role tells
// them apart: it is site manager for whoever manages an organization or belongs to none yet.
import { Button, Stack, Text, Title } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSiteManager } from '../../../api/current-user';
import { paths } from '../../../config/paths';

export function PropertyEmpty({ user, headingOrder }: { user: User; headingOrder: 2 | 3 }) {
  const { t } = useTranslation('properties');
  const mayCreate = isSiteManager(user);
  const hasOrganization = user.organizations.length > 0;
  return (
    <Stack gap="xs" align="flex-start">
      <Title order={headingOrder} size="h4">
        {t('empty.title')}
      </Title>
      <Text c="dimmed">
        {!mayCreate
          ? t('empty.user')
          : hasOrganization
            ? t('empty.siteManager')
            : t('empty.noOrganization')}
      </Text>
      {mayCreate && (
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
