// One WiFi network of a property: its name, security, whether it is hidden and its note; for
// everyone 'Show password' (fetched when asked, forgotten when hidden) and 'Show QR code'; for site
// managers 'Edit' and 'Delete' (with its confirmation).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Wifi } from '@portal/contracts/wifi';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { useWifiPassword } from '../api/use-wifi-password';

export type NetworkAction = 'qr' | 'edit' | 'delete';

function PasswordLine({ network }: { network: Wifi }) {
  const { t } = useTranslation('wifi');
  const { password, failure } = useWifiPassword(network, true);
  if (failure)
    return (
      <FailureAlert
        failure={failure}
        namespace="wifi"
        title={t('network.passwordFailed')}
        forbiddenTitle={t('network.passwordFailed')}
      />
    );
  if (password === undefined) return <Text size="sm">{t('network.fetching')}</Text>;
  return (
    <Text ff="monospace" size="lg" fw={600} style={BREAK_LONG_WORDS}>
      {password}
    </Text>
  );
}

export function WifiNetworkItem({
  network,
  canChange,
  onAction,
}: {
  network: Wifi;
  canChange: boolean;
  onAction: (action: NetworkAction) => void;
}) {
  const { t } = useTranslation('wifi');
  const [showingPassword, setShowingPassword] = useState(false);
  const titleId = `wifi-${network.id}`;
  const forNetwork = (action: string) => t('network.forNetwork', { action, ssid: network.ssid });
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId} style={BREAK_LONG_WORDS}>
          {network.ssid}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color={network.security === 'open' ? 'orange.9' : 'blue.9'}>
            {t(`security.${network.security}`)}
          </Badge>
          {network.hidden && (
            <Badge variant="outline" color="gray.8">
              {t('network.hidden')}
            </Badge>
          )}
        </Group>
        {network.note && <Text style={BREAK_LONG_WORDS}>{network.note}</Text>}
        {network.hasPassword ? (
          // A change of the network may have changed its password: fetched again.
          showingPassword && <PasswordLine key={network.updatedAt} network={network} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('network.noPassword')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {network.hasPassword && (
            <Button
              variant="light"
              color="blue.9"
              size="compact-md"
              aria-label={forNetwork(
                t(showingPassword ? 'network.hidePassword' : 'network.showPassword'),
              )}
              aria-expanded={showingPassword}
              onClick={() => setShowingPassword((was) => !was)}
            >
              {t(showingPassword ? 'network.hidePassword' : 'network.showPassword')}
            </Button>
          )}
          <Button
            variant="light"
            color="blue.9"
            size="compact-md"
            aria-label={forNetwork(t('network.showQr'))}
            onClick={() => onAction('qr')}
          >
            {t('network.showQr')}
          </Button>
          {canChange && (
            <>
              <Button
                variant="light"
                color="blue.9"
                size="compact-md"
                aria-label={forNetwork(t('network.edit'))}
                onClick={() => onAction('edit')}
              >
                {t('network.edit')}
              </Button>
              <Button
                variant="outline"
                color="red.9"
                size="compact-md"
                aria-label={forNetwork(t('network.delete'))}
                onClick={() => onAction('delete')}
              >
                {t('network.delete')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
