// A property's recorded details as a list of label and value, numbers in the language's
// notation ('2 450 m²' in Swedish).
import { Card, DataList, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailItem } from '../../../components/detail-item';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMinutesText } from '../model/offline-after';

export function PropertyDetails({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const minutesText = useMinutesText();
  const notGiven = (
    <Text span c="dimmed" inherit>
      {t('fields.notGiven')}
    </Text>
  );
  const item = (label: string, value: ReactNode) => <DetailItem label={label}>{value}</DetailItem>;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="property-details">
      <Title order={2} size="h4" id="property-details" mb="md">
        {t('overview.details')}
      </Title>
      <DataList orientation="vertical" gap="md" withDivider>
        {item(t('fields.organization'), property.organizationName)}
        {item(t('fields.address'), property.address || notGiven)}
        {item(t('fields.propertyType'), t(`propertyType.${property.propertyType}`))}
        {item(
          t('fields.heatedAreaShort'),
          property.heatedArea === null
            ? notGiven
            : t('fields.squareMetres', {
                value: formatNumber(property.heatedArea, language, { maximumFractionDigits: 1 }),
              }),
        )}
        {/* A year is never grouped: 1965, not 1 965. */}
        {item(
          t('fields.buildYear'),
          property.buildYear === null ? notGiven : String(property.buildYear),
        )}
        {item(t('fields.heatingCarrier'), t(`heatingCarrier.${property.heatingCarrier}`))}
        {item(
          t('fields.geoFactorShort'),
          formatNumber(property.geoFactor, language, { maximumFractionDigits: 3 }),
        )}
        {item(t('fields.timeZone'), property.timeZone)}
        {item(t('alerts.setting.label'), minutesText(property.offlineAfterMinutes))}
      </DataList>
    </Card>
  );
}
