// The dashboard's properties that need attention (issue 13 item 6): those of the user's with a
// device offline or a possible leak, each leading to its overview, where the alerts are. Nothing
// when there are none (or until they are known): the dashboard stays as it was.
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { ATTENTION_LIMIT, usePropertiesNeedingAttention } from '../api/alerts-api';
import { KIND_COLORS } from './alert-entry';

const needsAttention = (property: Property) =>
  property.openAlerts.offline + property.openAlerts.leak > 0;

function PropertyLine({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const kinds = (['offline', 'leak'] as const).filter((kind) => property.openAlerts[kind] > 0);
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap={2}>
        <Anchor
          component={Link}
          to={paths.propertyOverview.href(property.id)}
          c="blue.8"
          fw={600}
          style={BREAK_LONG_WORDS}
        >
          {property.name}
        </Anchor>
        <Group gap="md">
          {kinds.map((kind) => (
            <Text key={kind} size="sm" fw={600} c={KIND_COLORS[kind]}>
              {t(`alerts.attention.${kind}`, {
                count: property.openAlerts[kind],
                formatted: formatNumber(property.openAlerts[kind], language),
              })}
            </Text>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

export function PropertiesNeedingAttention() {
  const { t, i18n } = useTranslation('properties');
  const { data } = usePropertiesNeedingAttention();
  const properties = (data?.items ?? []).filter(needsAttention);
  if (properties.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="needs-attention">
      <Title order={2} size="h3" id="needs-attention">
        {t('alerts.attention.title')}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={UNSTYLED_LIST}>
        {properties.map((property) => (
          <PropertyLine key={property.id} property={property} />
        ))}
      </Stack>
      {data?.nextCursor && (
        <Text size="sm" c="dimmed">
          {t('alerts.attention.more', {
            formatted: formatNumber(ATTENTION_LIMIT, currentLanguage(i18n)),
          })}
        </Text>
      )}
    </Stack>
  );
}
