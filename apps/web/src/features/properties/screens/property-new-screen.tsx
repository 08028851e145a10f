// Creating a property (SPEC §2 properties/new) with the shared form, in one of the organizations
// the user manages; a success opens the new property's overview, which says 'Property created'.
// Someone who manages no organization, and anyone the API refuses with 403, sees SPEC §6's 'You
// don't have the permissions to create a property'.
import { Stack, Title } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { managedOrganizations } from '../../../api/current-user';
import { useCreatePropertyMutation } from '../../../api/properties';
import { Notice } from '../../../components/notice';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { paths } from '../../../config/paths';
import { statusOf } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';
import { NoOrganization } from '../components/no-organization';
import { PropertyForm, type PropertyPayload, usePropertyForm } from '../components/property-form';
import type { ArrivalState } from '../model/property-notice';
import { newPropertyValues } from '../model/property-values';

const FORBIDDEN = 403;

/** Another screen may hand over the organization to preselect (after creating one). */
export type NewPropertyState = { organizationId?: string };

function NewPropertyForm({ user, preselected }: { user: User; preselected?: string }) {
  const { t, i18n } = useTranslation('properties');
  const navigate = useNavigate();
  const [createProperty] = useCreatePropertyMutation();
  const [failure, setFailure] = useState<'failed' | 'forbidden' | null>(null);
  // A property goes into an organization the user manages: in the others it would be refused.
  const organizations = managedOrganizations(user);
  const contract = usePropertyForm({
    ...newPropertyValues(organizations, currentLanguage(i18n)),
    ...(preselected ? { organizationId: preselected } : {}),
  });

  async function create(property: PropertyPayload) {
    setFailure(null);
    try {
      const created = await createProperty(property).unwrap();
      const state: ArrivalState = { propertyNotice: 'created' };
      await navigate(paths.propertyOverview.href(created.id), { state });
    } catch (error) {
      contract.showServerIssues(error);
      setFailure(statusOf(error) === FORBIDDEN ? 'forbidden' : 'failed');
    }
  }

  // Past the gate, managing none means belonging to none yet.
  if (organizations.length === 0) return <NoOrganization />;
  return (
    <PropertyForm
      contract={contract}
      organizations={organizations}
      submitLabel={t('new.submit')}
      leaveTo={paths.properties.href()}
      leaveLabel={t('new.back')}
      onSubmit={create}
      message={
        failure && (
          <Notice
            kind="failure"
            title={failure === 'forbidden' ? t('new.noPermission') : t('new.failed')}
            onClose={() => setFailure(null)}
          />
        )
      }
    />
  );
}

/**
 * The form, with the organization handed over chosen once the user manages it: right after
 * creating one, the user's organizations may still be on their way, and the form starts over
 * with it chosen when they arrive.
 */
function NewProperty({ user }: { user: User }) {
  const location = useLocation();
  const handed = (location.state as NewPropertyState | null)?.organizationId;
  const preselected = managedOrganizations(user).some(({ id }) => id === handed)
    ? handed
    : undefined;
  return <NewPropertyForm key={preselected ?? ''} user={user} preselected={preselected} />;
}

export default function PropertyNewScreen() {
  const { t } = useTranslation('properties');
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('new.title')}</Title>
      {/* The organization is chosen in the form: managing any one is enough to get there. */}
      <SiteManagerOnly
        title={t('new.noPermission')}
        backTo={paths.properties.href()}
        backLabel={t('new.back')}
      >
        {(user) => <NewProperty user={user} />}
      </SiteManagerOnly>
    </Stack>
  );
}
