// What a screen about areas shows instead when its property, area or area type does not exist
// (or lies outside the user's organizations: the API answers 404 for both).
// Shared by the areas' and the devices' screens, which live at an area's address.
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function AreasNotFound({
  subject,
  propertyId,
}: {
  subject: 'property' | 'area' | 'type';
  propertyId: string;
}) {
  const { t } = useTranslation('areas');
  const title = {
    property: t('notFound.propertyTitle'),
    area: t('notFound.areaTitle'),
    type: t('notFound.typeTitle'),
  }[subject];
  // Swedish says 'den' of fastigheten and 'det' of utrymmet.
  const text = {
    property: t('notFound.propertyText'),
    area: t('notFound.areaText'),
    type: t('notFound.typeText'),
  }[subject];
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      {subject === 'property' ? (
        <Button component={Link} to={paths.properties.href()} variant="light">
          {t('notFound.toProperties')}
        </Button>
      ) : (
        <Button component={Link} to={paths.propertyAreas.href(propertyId)} variant="light">
          {t('notFound.toAreas')}
        </Button>
      )}
    </Stack>
  );
}
