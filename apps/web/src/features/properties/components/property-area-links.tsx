// How many areas of each type a property has (SPEC §3's codes), each leading to that type's
// areas, with the total.
import { Badge, Card, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { AREA_TYPES } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { totalAreas } from '../model/property-area-counts';

export function PropertyAreaLinks({ property }: { property: Property }) {
  const { t, i18n } = useTranslation(['properties', 'areas']);
  const language = currentLanguage(i18n);
  const total = totalAreas(property.areaCounts);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="property-areas">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id="property-areas">
          {t('overview.areas')}
        </Title>
        <Text size="sm" c="dimmed">
          {total === 0
            ? t('areaCount.none')
            : t('areaCount.total', { count: total, formatted: formatNumber(total, language) })}
        </Text>
      </Group>
      <Stack component="ul" gap={0} m={0} p={0} style={UNSTYLED_LIST}>
        {AREA_TYPES.map((type) => {
          const count = property.areaCounts[type];
          return (
            <li key={type}>
              <NavLink
                component={Link}
                to={paths.propertyAreasOfType.href(property.id, type)}
                label={t(`areas:typePlural.${type}`)}
                rightSection={
                  <Badge
                    variant={count > 0 ? 'filled' : 'outline'}
                    color={count > 0 ? 'blue.8' : 'gray.7'}
                  >
                    {formatNumber(count, language)}
                  </Badge>
                }
              />
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
