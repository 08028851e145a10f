// Inviting someone by e-mail into one of the organizations the user manages, with a role. The
// invitation mail carries the sign-up link (DESIGN §4.1), or tells someone who has an account
// where they now belong; the member list then shows them. Checked with the contract
// (lib/contract-form) before sending; someone who manages no organization, or not the one the
// users screen handed over, sees that they lack the permission instead.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ROLES, type Role } from '@portal/contracts/domain';
import { type CreateUser, CreateUserSchema, type User } from '@portal/contracts/users';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { managedOrganizations } from '../../api/current-user';
import { createUser, resetCreateUserMessages, userMessages } from '../../api/user-slice';
import { Notice } from '../../components/notice';
import { SiteManagerOnly } from '../../components/site-manager-only';
import { ORGANIZATION_PARAM, paths } from '../../config/paths';
import { useContractForm } from '../../lib/contract-form';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';

function CreateMessages({ invited }: { invited: string }) {
  const { t } = useTranslation('account');
  const { success, error } = useAppSelector((state) => state.user.createUser);
  if (success)
    return (
      <Notice kind="success" title={t('user.submitted')}>
        {t('invite.sentTo', { email: invited })}
      </Notice>
    );
  if (error)
    return (
      <Notice
        kind="failure"
        title={error === userMessages.exists ? t('user.exist') : t('user.failed')}
      />
    );
  return null;
}

type InviteValues = { email: string; role: Role; organizationId: string };

function InviteForm({ user, handedOver }: { user: User; handedOver?: string }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  // Only the organizations they manage: inviting into another would be refused.
  const organizations = managedOrganizations(user);
  const { form, onSubmit, showServerIssues } = useContractForm(CreateUserSchema, {
    initialValues: {
      email: '',
      role: 'user',
      organizationId: handedOver ?? organizations[0]?.id ?? '',
    } satisfies InviteValues,
  });
  const organizationId = form.useWatchValue('organizationId');
  const [invited, setInvited] = useState('');
  const organization = organizations.find((candidate) => candidate.id === organizationId);

  if (!organization) return <Alert color="blue" role="status" title={t('invite.noOrganization')} />;

  async function invite(invitation: CreateUser) {
    dispatch(resetCreateUserMessages());
    const result = await dispatch(createUser(invitation));
    if (createUser.fulfilled.match(result)) {
      setInvited(invitation.email);
      form.setFieldValue('email', '');
    } else showServerIssues(result.payload);
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={onSubmit(invite)} noValidate>
        <Stack gap="md">
          <Text c="dimmed">{t('invite.intro')}</Text>
          <TextInput
            label={t('invite.email')}
            name="email"
            type="email"
            autoComplete="off"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label={t('invite.role')}
            name="role"
            key={form.key('role')}
            {...form.getInputProps('role')}
            data={ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
          />
          {organizations.length > 1 ? (
            <NativeSelect
              label={t('invite.organization')}
              name="organizationId"
              key={form.key('organizationId')}
              {...form.getInputProps('organizationId')}
              data={organizations.map(({ id, name }) => ({ value: id, label: name }))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('invite.toOrganization', { organization: organization.name })}
            </Text>
          )}
          <CreateMessages invited={invited} />
          <Group gap="md" justify="space-between">
            <Anchor
              component={Link}
              c="blue.8"
              to={paths.organizationUsers.href(organizationId || undefined)}
            >
              {t('invite.back')}
            </Anchor>
            <Button type="submit" color="blue.8" loading={form.submitting}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function InviteUserScreen() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  // The users screen hands over the organization it shows (?organization=<id>): the role there
  // decides. Without one, managing any organization is enough, and the form offers those.
  const [searchParams] = useSearchParams();
  const handedOver = searchParams.get(ORGANIZATION_PARAM) ?? undefined;
  // Messages from an earlier visit (or another screen's registration) are not this one's.
  useEffect(() => {
    dispatch(resetCreateUserMessages());
    return () => {
      dispatch(resetCreateUserMessages());
    };
  }, [dispatch]);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('invite.title')}</Title>
      <SiteManagerOnly
        organizationId={handedOver}
        title={t('invite.noPermission')}
        backTo={paths.organizationUsers.href(handedOver)}
        backLabel={t('invite.back')}
      >
        {(user) => <InviteForm user={user} handedOver={handedOver} />}
      </SiteManagerOnly>
    </Stack>
  );
}
