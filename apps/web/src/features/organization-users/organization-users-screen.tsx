// The members of the user's organization (a choice when they belong to several, kept in the URL as
// ?organization=<id>), with role and a pending invitation. Site managers can invite users and
// remove a member after confirming.
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGetOrganizationUsersQuery, useRemoveUserMutation } from '../../api/organization-users';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../components/text-styles';
import { ORGANIZATION_PARAM, paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

const displayName = (user: User) => user.name || user.email;

type Organization = User['organizations'][number];
type Outcome = 'removed' | 'removeFailed';

function MemberItem({
  member,
  isSelf,
  onRemove,
}: {
  member: User;
  isSelf: boolean;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={BREAK_LONG_WORDS}>
              {displayName(member)}
            </Text>
            {isSelf && (
              <Badge variant="outline" color="gray.7" size="sm">
                {t('organizationUsers.you')}
              </Badge>
            )}
          </Group>
          {member.name && (
            <Text size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
              {member.email}
            </Text>
          )}
          <Group gap="xs">
            <Badge variant="outline" color={member.role === 'site-manager' ? 'teal.9' : 'gray.7'}>
              {t(`role.${member.role}`)}
            </Badge>
            {member.invitationStatus === 'pending' && (
              <Badge color="yellow.4" autoContrast>
                {t('organizationUsers.pending')}
              </Badge>
            )}
          </Group>
        </Stack>
        {onRemove && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onRemove}
            aria-label={t('organizationUsers.removeLabel', { name: displayName(member) })}
          >
            {t('organizationUsers.remove')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function Members({
  user,
  organization,
  onOutcome,
}: {
  user: User;
  organization: Organization;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t, i18n } = useTranslation('account');
  const language = currentLanguage(i18n);
  const { data, isLoading, isError, refetch } = useGetOrganizationUsersQuery(organization.id);
  const [removeUser, { isLoading: removing }] = useRemoveUserMutation();
  const [toRemove, setToRemove] = useState<User | null>(null);
  const isSiteManager = user.role === 'site-manager';

  if (isLoading) return <Loading />;
  if (isError || !data)
    return <LoadFailed title={t('organizationUsers.loadFailed')} onRetry={() => void refetch()} />;

  const collator = new Intl.Collator(language);
  const members = [...data].sort((a, b) => collator.compare(displayName(a), displayName(b)));

  async function confirmRemove() {
    if (!toRemove) return;
    try {
      await removeUser({ id: toRemove.id }).unwrap();
      onOutcome('removed');
    } catch {
      onOutcome('removeFailed');
    } finally {
      setToRemove(null);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="organization-members">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="organization-members" style={BREAK_LONG_WORDS}>
          {t('organizationUsers.members', { organization: organization.name })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('organizationUsers.count', {
            count: members.length,
            formatted: formatNumber(members.length, language),
          })}
        </Text>
      </Group>
      {members.length === 0 ? (
        <Text c="dimmed">{t('organizationUsers.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={UNSTYLED_LIST}>
          {members.map((member) => (
            <MemberItem
              key={member.id}
              member={member}
              isSelf={member.id === user.id}
              // Removing oneself would delete one's own account: that is not done from here.
              onRemove={
                isSiteManager && member.id !== user.id ? () => setToRemove(member) : undefined
              }
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('organizationUsers.confirmTitle')}
        cancelLabel={t('organizationUsers.cancel')}
        confirmLabel={t('organizationUsers.confirm')}
        busy={removing}
        onCancel={() => setToRemove(null)}
        onConfirm={() => void confirmRemove()}
      >
        <Text>
          {t('organizationUsers.confirmText', {
            name: toRemove ? displayName(toRemove) : '',
            organization: organization.name,
          })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function OrganizationUsers({ user }: { user: User }) {
  const { t } = useTranslation('account');
  // The organization shown is the URL's (?organization=<id>), so a link can open one and the
  // choice survives a reload; one the user does not belong to falls back to their first.
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const organizationId = searchParams.get(ORGANIZATION_PARAM);
  const organization =
    user.organizations.find((candidate) => candidate.id === organizationId) ??
    user.organizations[0];

  function choose(id: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(ORGANIZATION_PARAM, id);
        return next;
      },
      { replace: true },
    );
    setOutcome(null);
  }

  return (
    <Stack gap="lg">
      {user.role === 'site-manager' && (
        <Group>
          <Button
            component={Link}
            to={paths.organizationUsersNew.href(organization?.id)}
            color="blue.8"
          >
            {t('organizationUsers.invite')}
          </Button>
        </Group>
      )}
      {user.organizations.length > 1 && (
        <NativeSelect
          label={t('organizationUsers.organization')}
          value={organization?.id}
          onChange={(event) => choose(event.currentTarget.value)}
          data={user.organizations.map(({ id, name }) => ({ value: id, label: name }))}
          maw={400}
        />
      )}
      {outcome === 'removed' && (
        <Notice
          kind="success"
          title={t('organizationUsers.removed')}
          onClose={() => setOutcome(null)}
        />
      )}
      {outcome === 'removeFailed' && (
        <Notice
          kind="failure"
          title={t('organizationUsers.removeFailed')}
          onClose={() => setOutcome(null)}
        />
      )}
      {organization ? (
        // One list per organization: switching never shows the previous one's members.
        <Members
          key={organization.id}
          user={user}
          organization={organization}
          onOutcome={setOutcome}
        />
      ) : (
        <Text c="dimmed">{t('organizationUsers.noOrganization')}</Text>
      )}
    </Stack>
  );
}

export default function OrganizationUsersScreen() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('organizationUsers.title')}</Title>
      <WithSignedInUser>{(user) => <OrganizationUsers user={user} />}</WithSignedInUser>
    </Stack>
  );
}
