// The one gate for what only site managers do (DESIGN §5): the screen's content for them, and for
// everyone else SPEC §6's message for the action with one explanation and the way back. The API
// decides as well; this only spares users a form that would be refused.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSiteManager } from '../api/current-user';
import { WithSignedInUser } from './signed-in-user';

export function NoPermission({
  title,
  backTo,
  backLabel,
}: {
  /** SPEC §6's message for the action ('You don't have the permissions to create a property'). */
  title: string;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('common.siteManagerOnly')}</Text>
        <Anchor component={Link} c="blue.9" size="sm" to={backTo}>
          {backLabel}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** `children` for a site manager; the permission message for anyone else. */
export function SiteManagerOnly({
  organizationId,
  title,
  backTo,
  backLabel,
  children,
}: {
  /**
   * The organization the action is in, whose site managers may take it (a property's, an
   * area's). Without it, the account's role: for creating something in an organization still to
   * be chosen, where the form offers only those the user manages (api/current-user).
   */
  organizationId?: string;
  title: string;
  backTo: string;
  backLabel: string;
  children: (user: User) => ReactNode;
}) {
  return (
    <WithSignedInUser>
      {(user) =>
        isSiteManager(user, organizationId) ? (
          children(user)
        ) : (
          <NoPermission title={title} backTo={backTo} backLabel={backLabel} />
        )
      }
    </WithSignedInUser>
  );
}
