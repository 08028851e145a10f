// Creating an organization (SPEC §2 organizations/new): name and address. Afterwards the signed-in
// user is fetched again, since their organizations changed (the users and invite screens, and
// the property form, list them), and then the list greets the new organization. Whoever belongs to
// organizations but manages none is told that only site managers create organizations.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CreateOrganization } from '@portal/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { refetchCurrentUser } from '../../api/current-user';
import { useCreateOrganizationMutation } from '../../api/organizations';
import { Notice } from '../../components/notice';
import { SiteManagerOnly } from '../../components/site-manager-only';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/store-hooks';
import type { ArrivalState } from './organization-arrival';
import { OrganizationFields, useOrganizationForm } from './organization-form';

function NewOrganizationForm() {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { form, onSubmit, showServerIssues } = useOrganizationForm({ name: '', address: '' });
  const [failed, setFailed] = useState(false);
  const [createOrganization] = useCreateOrganizationMutation();

  // The form stays busy until the user is fetched again: the mutation's own flag ends too early.
  async function create(organization: CreateOrganization) {
    setFailed(false);
    let created: { id: string; name: string };
    try {
      created = await createOrganization(organization).unwrap();
    } catch (error) {
      showServerIssues(error);
      setFailed(true);
      return;
    }
    // The list's 'New property' link preselects the new organization only once the user's
    // organizations include it, so the list is opened after they do.
    await dispatch(refetchCurrentUser());
    const state: ArrivalState = { createdOrganization: { id: created.id, name: created.name } };
    await navigate(paths.organizations.href(), { state });
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={onSubmit(create)} noValidate>
        <Stack gap="lg">
          <Text c="dimmed">{t('new.intro')}</Text>
          <OrganizationFields form={form} />
          {failed && (
            <Notice kind="failure" title={t('new.failed')} onClose={() => setFailed(false)} />
          )}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={paths.organizations.href()}>
              {t('new.back')}
            </Anchor>
            <Button type="submit" color="blue.8" loading={form.submitting}>
              {t('new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function OrganizationNewScreen() {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('new.title')}</Title>
      <SiteManagerOnly
        title={t('new.noPermission')}
        backTo={paths.organizations.href()}
        backLabel={t('new.back')}
      >
        {() => <NewOrganizationForm />}
      </SiteManagerOnly>
    </Stack>
  );
}
