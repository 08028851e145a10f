// The signed-in user's profile: their details, language and notification choices, their
// organizations with their role in each (roles belong to memberships), a way to edit them and,
// for site managers, to the users of an organization they manage.
import { Badge, Button, Card, DataList, Group, List, Stack, Text, Title } from '@mantine/core';
import type { Role } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managedOrganizations } from '../../api/current-user';
import { DetailItem } from '../../components/detail-item';
import { WithSignedInUser } from '../../components/signed-in-user';
import { BREAK_LONG_WORDS } from '../../components/text-styles';
import { paths } from '../../config/paths';

function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('account');
  return (
    <Badge variant="outline" color={role === 'site-manager' ? 'teal.9' : 'gray.7'}>
      {t(`role.${role}`)}
    </Badge>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const managed = managedOrganizations(user);
  const onOff = (on: boolean) => (on ? t('profile.on') : t('profile.off'));
  const notGiven = (
    <Text span c="dimmed" inherit>
      {t('profile.notGiven')}
    </Text>
  );
  const item = (label: string, value: ReactNode) => <DetailItem label={label}>{value}</DetailItem>;
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="profile-details">
        <Title order={2} size="h4" id="profile-details" mb="md">
          {t('profile.details')}
        </Title>
        <DataList orientation="vertical" gap="md" withDivider>
          {item(t('profile.name'), user.name || notGiven)}
          {item(t('profile.email'), user.email)}
          {item(t('profile.phone'), user.phone || notGiven)}
          {item(
            t('profile.language'),
            <span lang={user.language}>{t(`languageName.${user.language}`)}</span>,
          )}
          {item(
            t('profile.notifications'),
            <Stack gap={2}>
              <Text inherit>
                {t('profile.push')}: {onOff(user.pushNotifications)}
              </Text>
              <Text inherit>
                {t('profile.emailNotifications')}: {onOff(user.emailNotifications)}
              </Text>
            </Stack>,
          )}
          {item(
            t('profile.organizations'),
            user.organizations.length > 0 ? (
              <List listStyleType="none" spacing={4} size="sm">
                {user.organizations.map((organization) => (
                  <List.Item key={organization.id}>
                    <Group gap="xs" wrap="nowrap">
                      <Text inherit style={BREAK_LONG_WORDS}>
                        {organization.name}
                      </Text>
                      <RoleBadge role={organization.role} />
                    </Group>
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text span c="dimmed" inherit>
                {t('profile.noOrganizations')}
              </Text>
            ),
          )}
        </DataList>
      </Card>
      <Group gap="sm">
        <Button component={Link} to={paths.profileEdit.href()} color="blue.8">
          {t('profile.edit')}
        </Button>
        {managed.length > 0 && (
          <Button
            component={Link}
            to={paths.organizationUsers.href(managed[0]?.id)}
            variant="outline"
            color="blue.8"
          >
            {t('profile.organizationUsers')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export default function ProfileScreen() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('profile.title')}</Title>
      <WithSignedInUser>{(user) => <ProfileDetails user={user} />}</WithSignedInUser>
    </Stack>
  );
}
