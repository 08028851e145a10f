// Inviting someone by e-mail into one of the site manager's organizations, with a role. The
// invitation mail carries the sign-up link (DESIGN §4.1); the member list then shows the address
// as pending. Users see that they lack the permission instead.
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
import { EmailSchema, type User } from '@portal/contracts/users';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { createUser, resetCreateUserMessages, userMessages } from '../../api/user-slice';
import { Notice } from '../../components/notice';
import { SiteManagerOnly } from '../../components/site-manager-only';
import { ORGANIZATION_PARAM, paths } from '../../config/paths';
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

function InviteForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('user');
  // The users screen hands over the organization it shows (?organization=<id>).
  const [searchParams] = useSearchParams();
  const handedOver = user.organizations.find(
    (candidate) => candidate.id === searchParams.get(ORGANIZATION_PARAM),
  );
  const [organizationId, setOrganizationId] = useState(
    handedOver?.id ?? user.organizations[0]?.id ?? '',
  );
  const [emailError, setEmailError] = useState<string>();
  const [invited, setInvited] = useState('');
  const [sending, setSending] = useState(false);
  const organization = user.organizations.find((candidate) => candidate.id === organizationId);

  if (!organization) return <Alert color="blue" role="status" title={t('invite.noOrganization')} />;

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(t('invite.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    dispatch(resetCreateUserMessages());
    setSending(true);
    const result = await dispatch(createUser({ email: parsed.data, role, organizationId }));
    setSending(false);
    if (createUser.fulfilled.match(result)) {
      setInvited(parsed.data);
      setEmail('');
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={invite} noValidate>
        <Stack gap="md">
          <Text c="dimmed">{t('invite.intro')}</Text>
          <TextInput
            label={t('invite.email')}
            name="email"
            type="email"
            autoComplete="off"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('invite.role')}
            name="role"
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as Role)}
            data={ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
          />
          {user.organizations.length > 1 ? (
            <NativeSelect
              label={t('invite.organization')}
              name="organizationId"
              value={organizationId}
              onChange={(event) => setOrganizationId(event.currentTarget.value)}
              data={user.organizations.map(({ id, name }) => ({ value: id, label: name }))}
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
            <Button type="submit" color="blue.8" loading={sending}>
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
        title={t('invite.noPermission')}
        backTo={paths.organizationUsers.href()}
        backLabel={t('invite.back')}
      >
        {(user) => <InviteForm user={user} />}
      </SiteManagerOnly>
    </Stack>
  );
}
