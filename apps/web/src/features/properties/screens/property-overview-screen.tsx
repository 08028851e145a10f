// A property's overview (SPEC §2 property/{propertyId}/overview): its details and areas per type;
// site managers of its organization add areas, edit the property or delete it after a
// confirmation naming its areas.
// A property the API does not know for this user (404) shows as not found. A route module may add
// sections of other features (app/routes/property-overview.tsx: its devices).
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { useDeletePropertyMutation, useGetPropertyQuery } from '../../../api/properties';
import { Notice } from '../../../components/notice';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PropertyAreaLinks } from '../components/property-area-links';
import { PropertyDeleteDialog } from '../components/property-delete-dialog';
import { PropertyDetails } from '../components/property-details';
import { PropertyNotFound } from '../components/property-not-found';
import { type ArrivalState, propertyNoticeIn } from '../model/property-notice';

function SiteManagerActions({ property }: { property: Property }) {
  const { t } = useTranslation('properties');
  return (
    <Group gap="sm">
      <Button component={Link} to={paths.propertyNewArea.href(property.id)} color="blue.8">
        {t('overview.newArea')}
      </Button>
      <Button
        component={Link}
        to={paths.propertyNewAreas.href(property.id)}
        color="blue.8"
        variant="outline"
      >
        {t('overview.newAreas')}
      </Button>
      <Button
        component={Link}
        to={paths.propertyEdit.href(property.id)}
        color="blue.8"
        variant="default"
      >
        {t('overview.edit')}
      </Button>
    </Group>
  );
}

/** What a route module adds below the property's areas, given the property. */
export type PropertySections = (property: Property) => ReactNode;

function Overview({ property, sections }: { property: Property; sections?: PropertySections }) {
  const { t, i18n } = useTranslation('properties');
  const navigate = useNavigate();
  const [arrival, forgetArrival] = useArrivalState(propertyNoticeIn);
  const [confirming, setConfirming] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [deleteProperty, { isLoading: deleting }] = useDeletePropertyMutation();
  const isSiteManager = useIsSiteManager(property.organizationId);

  async function confirmDelete() {
    forgetArrival();
    setDeleteFailed(false);
    try {
      await deleteProperty({ id: property.id }).unwrap();
      const state: ArrivalState = { propertyNotice: 'deleted' };
      await navigate(paths.properties.href(), { state });
    } catch {
      setConfirming(false);
      setDeleteFailed(true);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={600}>
          {t('overview.eyebrow')}
        </Text>
        <Title order={1} style={BREAK_LONG_WORDS}>
          {property.name}
        </Title>
        <Text size="sm" c="dimmed">
          {t('overview.updatedAt', {
            date: formatDate(new Date(property.updatedAt), currentLanguage(i18n)),
          })}
        </Text>
      </Stack>
      {arrival === 'created' && (
        <Notice kind="success" title={t('new.created')} onClose={forgetArrival} />
      )}
      {arrival === 'updated' && (
        <Notice kind="success" title={t('edit.updated')} onClose={forgetArrival} />
      )}
      {deleteFailed && (
        <Notice
          kind="failure"
          title={t('deleteDialog.failed')}
          onClose={() => setDeleteFailed(false)}
        />
      )}
      {isSiteManager && <SiteManagerActions property={property} />}
      <PropertyAreaLinks property={property} />
      {sections?.(property)}
      <PropertyDetails property={property} />
      {/* Apart from the everyday actions at the top, so it is not pressed by mistake. */}
      {isSiteManager && (
        <Group>
          <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
            {t('overview.delete')}
          </Button>
        </Group>
      )}
      <PropertyDeleteDialog
        property={property}
        opened={confirming}
        deleting={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

function OverviewOf({ propertyId, sections }: { propertyId: string; sections?: PropertySections }) {
  const { t } = useTranslation('properties');
  const query = useGetPropertyQuery(propertyId);
  return (
    <QueryState
      queries={[query]}
      notFound={<PropertyNotFound />}
      failed={{ title: t('load.failed'), text: t('load.propertyText') }}
      failedFrame={(alert) => (
        <Stack gap="lg">
          <Title order={1}>{t('overview.eyebrow')}</Title>
          {alert}
          <Anchor component={Link} to={paths.properties.href()} c="blue.8">
            {t('overview.back')}
          </Anchor>
        </Stack>
      )}
    >
      {() => query.data && <Overview property={query.data} sections={sections} />}
    </QueryState>
  );
}

export default function PropertyOverviewScreen({ sections }: { sections?: PropertySections }) {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={800}>
      <OverviewOf key={propertyId} propertyId={propertyId} sections={sections} />
    </Stack>
  );
}
