// Editing a property (SPEC §2 …/overview/edit-property) with the form new properties use,
// filled in; a success returns to the overview, which says 'Updated'. Users are told that only
// site managers change properties.
import { Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { WithSignedInUser } from '../../app/signed-in-user';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { BREAK_LONG_WORDS } from '../../components/text-styles';
import { paths } from '../../config/paths';
import type { ApiError } from '../../lib/http';
import { currentLanguage } from '../../lib/i18n';
import { useGetPropertyQuery, useUpdatePropertyMutation } from './properties-api';
import { PropertyForm } from './property-form';
import { type PropertyPayload, propertyValuesOf } from './property-form-values';
import { isNotFound, PropertyNotFound } from './property-not-found';
import { type ArrivalState, LoadFailed } from './property-notice';
import { NoPermission } from './property-permission';

const FORBIDDEN = 403;

function EditForm({ user, property }: { user: User; property: Property }) {
  const { t, i18n } = useTranslation('properties');
  const navigate = useNavigate();
  const [updateProperty, { isLoading }] = useUpdatePropertyMutation();
  const [failure, setFailure] = useState<'failed' | 'forbidden' | null>(null);
  const [initial] = useState(() => propertyValuesOf(property, currentLanguage(i18n)));
  // The property's own organization is offered even if the user's list lacks it.
  const organizations = user.organizations.some(({ id }) => id === property.organizationId)
    ? user.organizations
    : [...user.organizations, { id: property.organizationId, name: property.organizationName }];

  async function save(changed: PropertyPayload) {
    setFailure(null);
    try {
      await updateProperty({ id: property.id, ...changed }).unwrap();
      const state: ArrivalState = { propertyNotice: 'updated' };
      await navigate(paths.propertyOverview.href(property.id), { state });
    } catch (error) {
      setFailure((error as ApiError).statusCode === FORBIDDEN ? 'forbidden' : 'failed');
    }
  }

  return (
    <PropertyForm
      organizations={organizations}
      initial={initial}
      submitLabel={t('edit.submit')}
      leaveTo={paths.propertyOverview.href(property.id)}
      leaveLabel={t('edit.back')}
      saving={isLoading}
      onSubmit={(changed) => void save(changed)}
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

function EditProperty({ user, propertyId }: { user: User; propertyId: string }) {
  const { t } = useTranslation('properties');
  const { data, error, isLoading, refetch } = useGetPropertyQuery(propertyId);
  if (isLoading) return <Loading />;
  if (!data && isNotFound(error)) return <PropertyNotFound />;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>{t('edit.title')}</Title>
        {data && (
          <Text c="dimmed" style={BREAK_LONG_WORDS}>
            {data.name}
          </Text>
        )}
      </Stack>
      {!data ? (
        <LoadFailed text={t('load.propertyText')} onRetry={() => void refetch()} />
      ) : user.role === 'site-manager' ? (
        <EditForm user={user} property={data} />
      ) : (
        <NoPermission
          title={t('edit.noPermission')}
          text={t('edit.noPermissionText')}
          backTo={paths.propertyOverview.href(propertyId)}
          backLabel={t('edit.back')}
        />
      )}
    </Stack>
  );
}

export default function PropertyEditScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={720}>
      <WithSignedInUser>
        {(user) => <EditProperty key={propertyId} user={user} propertyId={propertyId} />}
      </WithSignedInUser>
    </Stack>
  );
}
