// Creating an organization (SPEC §2 organizations/new): name and address. Afterwards the signed-in
// user is fetched again, since their organizations changed (the users and invite screens, and
// the property form, list them), and then the list greets the new organization. Users are told that
// only site managers create organizations.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { refetchCurrentUser } from '../../api/current-user';
import { useCreateOrganizationMutation } from '../../api/organizations';
import { Notice } from '../../components/notice';
import { SiteManagerOnly } from '../../components/site-manager-only';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/store-hooks';
import type { ArrivalState } from './organization-arrival';
import {
  checkOrganization,
  OrganizationFields,
  type OrganizationProblems,
  type OrganizationValues,
} from './organization-fields';

function NewOrganizationForm() {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState<OrganizationValues>({ name: '', address: '' });
  const [problems, setProblems] = useState<OrganizationProblems>({});
  const [failed, setFailed] = useState(false);
  /** From sending until the user is fetched again: the mutation's own flag ends too early. */
  const [saving, setSaving] = useState(false);
  const [createOrganization] = useCreateOrganizationMutation();

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkOrganization(values);
    setProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    setFailed(false);
    setSaving(true);
    let created: { id: string; name: string };
    try {
      created = await createOrganization(checked.organization).unwrap();
    } catch {
      setFailed(true);
      setSaving(false);
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
      <form onSubmit={create} noValidate>
        <Stack gap="lg">
          <Text c="dimmed">{t('new.intro')}</Text>
          <OrganizationFields values={values} problems={problems} onChange={setValues} />
          {failed && (
            <Notice kind="failure" title={t('new.failed')} onClose={() => setFailed(false)} />
          )}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={paths.organizations.href()}>
              {t('new.back')}
            </Anchor>
            <Button type="submit" color="blue.8" loading={saving}>
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
