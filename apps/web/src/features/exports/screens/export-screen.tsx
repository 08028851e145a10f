// A property's data export (SPEC §2 property/{propertyId}/data, 'Export Data'; DESIGN §4.4
// "Export"): the form that starts an export above, the history of the property's exports below,
// where each file shows its progress while it is made and is downloaded once ready. Site managers
// and users alike may export (DESIGN §5). Decisions: docs/export-web.md.
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { localDateOf } from '@portal/contracts/periods';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetPropertyQuery } from '../../../api/properties';
import { NotFoundFrame } from '../../../components/not-found-frame';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { ExportForm } from '../components/export-form';
import { ExportHistory } from '../components/export-history';

function ExportOf({ property }: { property: Property }) {
  const { t } = useTranslation('exports');
  // The default window is last month in the property's own calendar.
  const today = localDateOf(Date.now(), property.timeZone);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={600}>
          {t('eyebrow')}
        </Text>
        <Title order={1} style={BREAK_LONG_WORDS}>
          {property.name}
        </Title>
        <Anchor component={Link} to={paths.propertyOverview.href(property.id)} c="blue.8" size="sm">
          {t('load.toOverview')}
        </Anchor>
      </Stack>
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
  const property = useGetPropertyQuery(propertyId);
  return (
    <QueryState
      queries={[property]}
      notFound={
        <NotFoundFrame
          title={t('load.notFound')}
          text={t('load.notFoundText')}
          backTo={paths.properties.href()}
          backLabel={t('load.back')}
        />
      }
      failed={{ title: t('load.failed'), text: t('load.failedText') }}
      failedFrame={(alert) => (
        <Stack gap="lg">
          <Title order={1}>{t('eyebrow')}</Title>
          {alert}
        </Stack>
      )}
    >
      {() => property.data && <ExportOf property={property.data} />}
    </QueryState>
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
