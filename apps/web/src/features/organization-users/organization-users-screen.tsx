// The members of the user's organization (a choice when they belong to several, kept in the URL as
// ?organization=<id>), with their role in it and a pending invitation. Its site managers can invite
// users, change another member's role in it, send a pending member's invitation again and remove a
// member after confirming; its users see the members only (roles belong to memberships: the same
// person may manage one organization and not another). Refusals are the API's, in words
// (lib/api-errors).
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { ROLES, type Role } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isSiteManager } from '../../api/current-user';
import {
  useChangeMemberRoleMutation,
  useGetOrganizationUsersQuery,
  useRemoveUserMutation,
  useResendInvitationMutation,
} from '../../api/organization-users';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailed } from '../../components/load-failed';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { WithSignedInUser } from '../../components/signed-in-user';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../components/text-styles';
import { ORGANIZATION_PARAM, paths } from '../../config/paths';
import { refusalMessageOf, statusOf } from '../../lib/api-errors';
import { useErrorText } from '../../lib/error-text';
import { formatNumber, textCollator } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

const displayName = (user: User) => user.name || user.email;

type Organization = User['organizations'][number];

/** What the last action came to, shown above the list until the next one. */
type Outcome =
  | { kind: 'removed' | 'removeFailed' }
  | { kind: 'roleChanged'; name: string; role: Role }
  | { kind: 'invitationSent'; email: string }
  | { kind: 'roleFailed' | 'invitationFailed'; name: string; reason?: string };

const CONFLICT = 409;

/** The member's role: a choice for a site manager looking at someone else, else a badge. */
function RoleControl({
  member,
  onChange,
}: {
  member: User;
  onChange?: (role: Role) => Promise<boolean>;
}) {
  const { t } = useTranslation('account');
  // The role asked for while the API answers; the member's own once it has.
  const [requested, setRequested] = useState<Role | null>(null);
  if (!onChange)
    return (
      <Badge variant="outline" color={member.role === 'site-manager' ? 'teal.9' : 'gray.7'}>
        {t(`role.${member.role}`)}
      </Badge>
    );
  return (
    <NativeSelect
      size="xs"
      aria-label={t('organizationUsers.roleLabel', { name: displayName(member) })}
      value={requested ?? member.role}
      disabled={requested !== null}
      onChange={async (event) => {
        const role = event.currentTarget.value as Role;
        if (role === member.role) return;
        setRequested(role);
        await onChange(role);
        setRequested(null);
      }}
      data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
    />
  );
}

function MemberItem({
  member,
  isSelf,
  onChangeRole,
  onResend,
  resending,
  onRemove,
}: {
  member: User;
  isSelf: boolean;
  onChangeRole?: (role: Role) => Promise<boolean>;
  onResend?: () => void;
  resending?: boolean;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('account');
  const pending = member.invitationStatus === 'pending';
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
            <RoleControl member={member} onChange={onChangeRole} />
            {pending && (
              <Badge color="yellow.4" autoContrast>
                {t('organizationUsers.pending')}
              </Badge>
            )}
          </Group>
        </Stack>
        {(onResend || onRemove) && (
          <Group gap={4} justify="flex-end">
            {onResend && pending && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={onResend}
                loading={resending}
                aria-label={t('organizationUsers.resendLabel', { name: displayName(member) })}
              >
                {t('organizationUsers.resend')}
              </Button>
            )}
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
  const errorText = useErrorText();
  const { data, isLoading, isError, refetch } = useGetOrganizationUsersQuery(organization.id);
  const [removeUser, { isLoading: removing }] = useRemoveUserMutation();
  const [changeMemberRole] = useChangeMemberRoleMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const [toRemove, setToRemove] = useState<User | null>(null);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const managesThis = isSiteManager(user, organization.id);

  if (isLoading) return <Loading />;
  if (isError || !data)
    return <LoadFailed title={t('organizationUsers.loadFailed')} onRetry={() => void refetch()} />;

  const collator = textCollator(language);
  const members = [...data].sort((a, b) => collator.compare(displayName(a), displayName(b)));

  /** Why the API refused, in words, when it said more than that it failed. */
  const reasonOf = (error: unknown) => {
    const message = refusalMessageOf(error);
    return message && errorText(message);
  };

  async function changeRole(member: User, role: Role) {
    try {
      await changeMemberRole({ member, role, organizationId: organization.id }).unwrap();
      onOutcome({ kind: 'roleChanged', name: displayName(member), role });
      return true;
    } catch (error) {
      onOutcome({ kind: 'roleFailed', name: displayName(member), reason: reasonOf(error) });
      return false;
    }
  }

  async function resend(member: User) {
    setResendingId(member.id);
    try {
      await resendInvitation({ organizationId: organization.id, userId: member.id }).unwrap();
      onOutcome({ kind: 'invitationSent', email: member.email });
    } catch (error) {
      onOutcome({
        kind: 'invitationFailed',
        name: displayName(member),
        // Accepted meanwhile: the list shows it once fetched again.
        reason:
          statusOf(error) === CONFLICT ? t('organizationUsers.alreadyAccepted') : reasonOf(error),
      });
    } finally {
      setResendingId(null);
    }
  }

  async function confirmRemove() {
    if (!toRemove) return;
    try {
      await removeUser({ id: toRemove.id, organizationId: organization.id }).unwrap();
      onOutcome({ kind: 'removed' });
    } catch {
      onOutcome({ kind: 'removeFailed' });
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
          {members.map((member) => {
            // One's own role never changes here (the API refuses it), and removing oneself would
            // delete one's own account: neither is offered.
            const manages = managesThis && member.id !== user.id;
            return (
              <MemberItem
                key={member.id}
                member={member}
                isSelf={member.id === user.id}
                onChangeRole={manages ? (role) => changeRole(member, role) : undefined}
                onResend={manages ? () => void resend(member) : undefined}
                resending={resendingId === member.id}
                onRemove={manages ? () => setToRemove(member) : undefined}
              />
            );
          })}
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

function OutcomeNotice({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation('account');
  switch (outcome.kind) {
    case 'removed':
      return <Notice kind="success" title={t('organizationUsers.removed')} onClose={onClose} />;
    case 'removeFailed':
      return (
        <Notice kind="failure" title={t('organizationUsers.removeFailed')} onClose={onClose} />
      );
    case 'roleChanged':
      return (
        <Notice
          kind="success"
          title={t(`organizationUsers.roleChanged.${outcome.role}`, { name: outcome.name })}
          onClose={onClose}
        />
      );
    case 'invitationSent':
      return (
        <Notice
          kind="success"
          title={t('organizationUsers.invitationSent', { email: outcome.email })}
          onClose={onClose}
        />
      );
    case 'roleFailed':
    case 'invitationFailed':
      return (
        <Notice
          kind="failure"
          title={t(
            outcome.kind === 'roleFailed'
              ? 'organizationUsers.roleFailed'
              : 'organizationUsers.invitationFailed',
            { name: outcome.name },
          )}
          onClose={onClose}
        >
          {outcome.reason}
        </Notice>
      );
  }
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
      {organization && isSiteManager(user, organization.id) && (
        <Group>
          <Button
            component={Link}
            to={paths.organizationUsersNew.href(organization.id)}
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
      {outcome && <OutcomeNotice outcome={outcome} onClose={() => setOutcome(null)} />}
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
