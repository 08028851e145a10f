// One organization of the list: name, address, how many properties and members it has, the way
// to its users and, for its site managers, editing and deleting it.
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Organization } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAK_LONG_WORDS } from '../../components/text-styles';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

export function OrganizationItem({
  organization,
  onEdit,
  onDelete,
}: {
  organization: Organization;
  /** Given to the organization's site managers only. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t, i18n } = useTranslation('organizations');
  const language = currentLanguage(i18n);
  const count = (value: number) => ({ count: value, formatted: formatNumber(value, language) });
  const { name } = organization;
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4" style={BREAK_LONG_WORDS}>
          {name}
        </Title>
        <Text size="sm" c={organization.address ? undefined : 'dimmed'} style={BREAK_LONG_WORDS}>
          {organization.address || t('noAddress')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('propertyCount', count(organization.propertyCount))} ·{' '}
          {t('memberCount', count(organization.memberCount))}
        </Text>
        <Group gap="sm" mt={4}>
          {/* The users screen opens on the organization its URL names. */}
          <Anchor
            component={Link}
            to={paths.organizationUsers.href(organization.id)}
            c="blue.8"
            size="sm"
            aria-label={t('usersLabel', { name })}
          >
            {t('users')}
          </Anchor>
          {onEdit && (
            <Button
              variant="subtle"
              size="compact-sm"
              // The subtle variant's own text colour is too light to read (WCAG AA): a darker one.
              c="blue.9"
              onClick={onEdit}
              aria-label={t('editLabel', { name })}
            >
              {t('edit')}
            </Button>
          )}
          {onDelete && (
            <Button
              variant="subtle"
              size="compact-sm"
              color="red"
              c="red.9"
              onClick={onDelete}
              aria-label={t('deleteLabel', { name })}
            >
              {t('delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
