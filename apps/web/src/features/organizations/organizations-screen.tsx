// The caller's organizations (SPEC §2 organizations) with their addresses and property and
// member counts. Whoever manages an organization (or none yet) may create one; each is edited and
// deleted (after a confirmation naming what goes with it) by its own site managers, and seen by
// its users only. Changes fetch the signed-in user again, whose organizations the users, invite
// and property screens offer, before saying they are done.
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Organization } from '@portal/contracts/organizations';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSiteManager, refetchCurrentUser } from '../../api/current-user';
import { useDeleteOrganizationMutation, useGetOrganizationsQuery } from '../../api/organizations';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { UNSTYLED_LIST } from '../../components/text-styles';
import { paths } from '../../config/paths';
import { useArrivalState } from '../../lib/arrival-state';
import { textCollator } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useAppDispatch } from '../../lib/store-hooks';
import { createdOrganizationIn } from './organization-arrival';
import { OrganizationDeleteDialog } from './organization-delete-dialog';
import { OrganizationEditDialog } from './organization-edit-dialog';
import { OrganizationItem } from './organization-item';

type Outcome = 'updated' | 'deleted' | 'deleteFailed';

function Outcomes({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  const { t } = useTranslation('organizations');
  if (outcome === 'updated')
    return <Notice kind="success" title={t('updated')} onClose={onClose} />;
  if (outcome === 'deleted')
    return <Notice kind="success" title={t('deleted')} onClose={onClose} />;
  if (outcome === 'deleteFailed')
    return <Notice kind="failure" title={t('deleteFailed')} onClose={onClose} />;
  return null;
}

function Empty({ user }: { user: User }) {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="xs" align="flex-start">
      <Text fw={600}>{t('empty')}</Text>
      <Text c="dimmed">{isSiteManager(user) ? t('emptySiteManager') : t('emptyUser')}</Text>
    </Stack>
  );
}

function Organizations({ user }: { user: User }) {
  const { t, i18n } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  // The account's role: whether they may start an organization of their own.
  const mayCreate = isSiteManager(user);
  const { data, isLoading, isError, refetch } = useGetOrganizationsQuery();
  const [deleteOrganization, { isLoading: deleting }] = useDeleteOrganizationMutation();
  const [created, forgetCreated] = useArrivalState(createdOrganizationIn);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [toEdit, setToEdit] = useState<Organization | null>(null);
  const [toDelete, setToDelete] = useState<Organization | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  /** One message at a time: a new outcome replaces the previous one. */
  function show(next: Outcome) {
    forgetCreated();
    setOutcome(next);
  }

  /** The user's organizations changed: they are fetched again before the outcome is shown. */
  const refreshUser = () => dispatch(refetchCurrentUser());

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteOrganization({ id: toDelete.id }).unwrap();
    } catch {
      show('deleteFailed');
      setToDelete(null);
      return;
    }
    setRefreshing(true);
    await refreshUser();
    setRefreshing(false);
    setToDelete(null);
    show('deleted');
  }

  const collator = textCollator(currentLanguage(i18n));
  // Anything but a list (a proxy's error page answered with 200) counts as a failure, not a crash.
  const fetched = Array.isArray(data) ? data : undefined;
  const organizations = [...(fetched ?? [])].sort((a, b) => collator.compare(a.name, b.name));

  return (
    <Stack gap="lg">
      {mayCreate && (
        <Group>
          <Button component={Link} to={paths.organizationsNew.href()} color="blue.8">
            {t('create')}
          </Button>
        </Group>
      )}
      {created && (
        <Notice kind="success" title={t('created')} onClose={forgetCreated}>
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t('createdText', { name: created.name })}</Text>
            {/* properties/new preselects the organization handed over in the router state. */}
            <Anchor
              component={Link}
              to={paths.propertiesNew.href()}
              state={{ organizationId: created.id }}
              c="blue.8"
              size="sm"
            >
              {t('createdNext')}
            </Anchor>
          </Stack>
        </Notice>
      )}
      <Outcomes outcome={outcome} onClose={() => setOutcome(null)} />
      {isLoading ? (
        <Loading />
      ) : isError || !fetched ? (
        <LoadFailed
          title={t('loadFailed')}
          text={t('loadFailedText')}
          onRetry={() => void refetch()}
        />
      ) : organizations.length === 0 ? (
        <Empty user={user} />
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={UNSTYLED_LIST}>
          {organizations.map((organization) => {
            const manages = isSiteManager(user, organization.id);
            return (
              <OrganizationItem
                key={organization.id}
                organization={organization}
                onEdit={manages ? () => setToEdit(organization) : undefined}
                onDelete={manages ? () => setToDelete(organization) : undefined}
              />
            );
          })}
        </Stack>
      )}
      <OrganizationEditDialog
        organization={toEdit}
        onClose={() => setToEdit(null)}
        onUpdated={async () => {
          await refreshUser();
          setToEdit(null);
          show('updated');
        }}
      />
      <OrganizationDeleteDialog
        organization={toDelete}
        deleting={deleting || refreshing}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

export default function OrganizationsScreen() {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('title')}</Title>
      <WithSignedInUser>{(user) => <Organizations user={user} />}</WithSignedInUser>
    </Stack>
  );
}
