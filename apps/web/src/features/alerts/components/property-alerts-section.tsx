// A property's alerts on its overview (issue 13 item 6): the gateways and meters offline and the
// possible leaks now, an offline gateway with the meters silent with it, then what ended in the
// last 7 days. Shown beside the property's details by the route module
// (app/routes/property-overview.tsx): the properties feature does not know alerts.
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Alert } from '@portal/contracts/alerts';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePropertyAlerts } from '../api/alerts-api';
import { AlertEntry } from './alert-entry';

function AlertList({ alerts, property }: { alerts: Alert[]; property: Property }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={UNSTYLED_LIST}>
      {alerts.map((alert) => (
        <li key={alert.id}>
          <AlertEntry alert={alert} propertyId={property.id} timeZone={property.timeZone} />
        </li>
      ))}
    </Stack>
  );
}

export function PropertyAlertsSection({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const query = usePropertyAlerts(property.id);
  const count = (key: 'openCount' | 'more', value: number) =>
    t(`alerts.section.${key}`, { count: value, formatted: formatNumber(value, language) });
  const { open = [], openTotal = 0, recent = [] } = query.data ?? {};

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="property-alerts">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id="property-alerts">
          {t('alerts.section.title')}
        </Title>
        {openTotal > 0 && (
          <Text size="sm" c="dimmed">
            {count('openCount', openTotal)}
          </Text>
        )}
      </Group>
      <QueryState
        queries={[query]}
        failed={{ title: t('load.failed'), text: t('alerts.section.failedText') }}
        loading={<Skeleton height={48} radius="sm" />}
      >
        {() => (
          <Stack gap="md">
            {open.length === 0 ? (
              <Text c="dimmed">{t('alerts.section.none')}</Text>
            ) : (
              <AlertList alerts={open} property={property} />
            )}
            {openTotal > open.length && (
              <Text size="sm" c="dimmed">
                {count('more', openTotal - open.length)}
              </Text>
            )}
            {recent.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="property-alerts-recent">
                <Title order={3} size="h5" id="property-alerts-recent">
                  {t('alerts.section.recent')}
                </Title>
                <AlertList alerts={recent} property={property} />
              </Stack>
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
