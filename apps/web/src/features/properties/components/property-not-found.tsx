// A property the API does not know for this user (404: it is gone, or in someone else's
// organization), shown as a page of its own rather than an error.
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

const NOT_FOUND = 404;

/** Whether a failed query's error is the API's 404. */
export function isNotFound(error: unknown) {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    error.statusCode === NOT_FOUND
  );
}

export function PropertyNotFound() {
  const { t } = useTranslation('properties');
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t('overview.notFound')}</Title>
      <Text>{t('overview.notFoundText')}</Text>
      <Button component={Link} to={paths.properties.href()} variant="default">
        {t('overview.back')}
      </Button>
    </Stack>
  );
}
