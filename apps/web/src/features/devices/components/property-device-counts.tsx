// How many devices of each type a property has, on its overview, with the way to its device log.
// Shown beside the property's details by the route module (app/routes/property-overview.tsx):
// the properties feature does not know devices.
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DEVICE_TYPES } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export function PropertyDeviceCounts({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  const counts = property.deviceCounts;
  const total = DEVICE_TYPES.reduce((sum, type) => sum + counts[type], 0);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="property-devices">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id="property-devices">
          {t('property.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {total === 0
            ? t('countOf.none')
            : t('countOf.total', { count: total, formatted: formatNumber(total, language) })}
        </Text>
      </Group>
      <Stack component="ul" gap={6} m={0} p={0} style={UNSTYLED_LIST}>
        {DEVICE_TYPES.filter((type) => counts[type] > 0).map((type) => (
          <Group component="li" key={type} justify="space-between" gap="xs" px="sm">
            <Text>{t(`typePlural.${type}`)}</Text>
            <Badge variant="filled" color="blue.8">
              {formatNumber(counts[type], language)}
            </Badge>
          </Group>
        ))}
      </Stack>
      <Anchor
        component={Link}
        c="blue.8"
        mt="sm"
        display="inline-block"
        to={paths.propertyDeviceLog.href(property.id)}
      >
        {t('property.log')}
      </Anchor>
    </Card>
  );
}
