// Editing a property (SPEC §2 …/overview/edit-property) with the form new properties use,
// filled in; a success returns to the overview, which says 'Updated'. The property's organization
// decides: its users are told that only site managers change properties, and its site managers
// may move it only into another organization they manage.
import { Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { managedOrganizations } from '../../../api/current-user';
import { useGetPropertyQuery, useUpdatePropertyMutation } from '../../../api/properties';
import { Notice } from '../../../components/notice';
import { QueryState } from '../../../components/query-state';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { statusOf } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';
import { PropertyForm, type PropertyPayload, usePropertyForm } from '../components/property-form';
import { PropertyNotFound } from '../components/property-not-found';
import type { ArrivalState } from '../model/property-notice';
import { propertyValuesOf } from '../model/property-values';

const FORBIDDEN = 403;

function EditForm({ user, property }: { user: User; property: Property }) {
  const { t, i18n } = useTranslation('properties');
  const navigate = useNavigate();
  const [updateProperty] = useUpdatePropertyMutation();
  const [failure, setFailure] = useState<'failed' | 'forbidden' | null>(null);
  const contract = usePropertyForm(propertyValuesOf(property, currentLanguage(i18n)));
  // Moving a property needs site manager in both organizations: the ones the user manages, its
  // own among them (the gate let them in by their role there).
  const organizations = managedOrganizations(user);

  async function save(changed: PropertyPayload) {
    setFailure(null);
    try {
      await updateProperty({ id: property.id, ...changed }).unwrap();
      const state: ArrivalState = { propertyNotice: 'updated' };
      await navigate(paths.propertyOverview.href(property.id), { state });
    } catch (error) {
      contract.showServerIssues(error);
      setFailure(statusOf(error) === FORBIDDEN ? 'forbidden' : 'failed');
    }
  }

  return (
    <PropertyForm
      contract={contract}
      organizations={organizations}
      submitLabel={t('edit.submit')}
      leaveTo={paths.propertyOverview.href(property.id)}
      leaveLabel={t('edit.back')}
      onSubmit={save}
      message={
        failure && (
          <Notice
            kind="failure"
            title={failure === 'forbidden' ? t('edit.noPermission') : t('edit.failed')}
            onClose={() => setFailure(null)}
          />
        )
      }
    />
  );
}

function EditProperty({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('properties');
  const query = useGetPropertyQuery(propertyId);
  const title = <Title order={1}>{t('edit.title')}</Title>;
  return (
    <QueryState
      queries={[query]}
      notFound={<PropertyNotFound />}
      failed={{ title: t('load.failed'), text: t('load.propertyText') }}
      failedFrame={(alert) => (
        <Stack gap="lg">
          {title}
          {alert}
        </Stack>
      )}
    >
      {() =>
        query.data && (
          <Stack gap="lg">
            <Stack gap={2}>
              {title}
              <Text c="dimmed" style={BREAK_LONG_WORDS}>
                {query.data.name}
              </Text>
            </Stack>
            <SiteManagerOnly
              organizationId={query.data.organizationId}
              title={t('edit.noPermission')}
              backTo={paths.propertyOverview.href(propertyId)}
              backLabel={t('edit.back')}
            >
              {(user) => query.data && <EditForm user={user} property={query.data} />}
            </SiteManagerOnly>
          </Stack>
        )
      }
    </QueryState>
  );
}

export default function PropertyEditScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={720}>
      <EditProperty key={propertyId} propertyId={propertyId} />
    </Stack>
  );
}
