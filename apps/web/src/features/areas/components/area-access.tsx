// Who may change areas (DESIGN §5: site managers), and what everyone else sees in place of a
// form: SPEC §6's permission message and the way back.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/store';

/** False until the signed-in user is known, so nothing is offered that may be refused. */
export function useIsSiteManager() {
  return useAppSelector((state) => state.user.fetchUser.user?.role === 'site-manager');
}

export function NoAreaPermission({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation('areas');
  return (
    <Alert color="blue" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('messages.noPermissionText')}</Text>
        <Anchor component={Link} c="blue.9" to={backTo} size="sm">
          {backLabel}
        </Anchor>
      </Stack>
    </Alert>
  );
}
