// A property's data export (SPEC §2 property/{propertyId}/data, 'Export Data'; DESIGN §4.4
// "Export"): the form that starts an export above, the history of the property's exports below,
// where each file shows its progress while it is made and is downloaded once ready. Site managers
// and users alike may export (DESIGN §5). Decisions: docs/export-web.md.
import { Card, Stack, Text, Title } from '@mantine/core';
import { localDateOf } from '@portal/contracts/periods';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PropertyViewFrame } from '../../../components/property-view-frame';
import { ExportForm } from '../components/export-form';
import { ExportHistory } from '../components/export-history';

function ExportOf({ property }: { property: Property }) {
  const { t } = useTranslation('exports');
  // The default window is last month in the property's own calendar.
  const today = localDateOf(Date.now(), property.timeZone);
  return (
    <Stack gap="lg">
      <Text size="sm">{t('intro')}</Text>
      <Card withBorder padding="lg" component="section" aria-labelledby="export-form-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="export-form-title">
            {t('form.title')}
          </Title>
          <ExportForm propertyId={property.id} today={today} />
        </Stack>
      </Card>
      <ExportHistory property={property} />
    </Stack>
  );
}

function ExportScreenOf({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('exports');
  return (
    <PropertyViewFrame
      propertyId={propertyId}
      texts={{
        view: t('eyebrow'),
        failedText: t('load.failedText'),
        failed: t('load.failed'),
        notFound: t('load.notFound'),
        notFoundText: t('load.notFoundText'),
        back: t('load.back'),
        toOverview: t('load.toOverview'),
      }}
    >
      {(property) => <ExportOf property={property} />}
    </PropertyViewFrame>
  );
}

export default function ExportScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <ExportScreenOf key={propertyId} propertyId={propertyId} />
    </Stack>
  );
}
