// The keys of the gateways an import made, shown this once (the API keeps only their hashes), with
// the same warning as a single gateway's key and a copy button each; the site manager goes on to
// the area's devices when they are saved.
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import type { Device } from '@portal/contracts/devices';
import { useTranslation } from 'react-i18next';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { deviceLabel } from '../model/device-name';

export type GatewayKey = { device: Device; gatewayKey: string };

function KeyRow({ device, gatewayKey }: GatewayKey) {
  const { t } = useTranslation('devices');
  const clipboard = useClipboard();
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Text fw={600} style={BREAK_LONG_WORDS}>
          {deviceLabel(device)} ({device.idNumber})
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={`${t('key.label')}: ${device.idNumber}`}
            value={gatewayKey}
            readOnly
            ff="monospace"
            style={{ flex: 1, minWidth: '16rem' }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="light" onClick={() => clipboard.copy(gatewayKey)}>
            {clipboard.copied ? t('key.copied') : t('key.copy')}
          </Button>
        </Group>
        {clipboard.error && (
          <Text size="sm" c="red.9" role="alert">
            {t('key.copyFailed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function ImportGatewayKeys({ keys, onDone }: { keys: GatewayKey[]; onDone: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('import.keysTitle')}
      </Title>
      <Alert color="yellow" role="alert">
        {t('key.text')}
      </Alert>
      {keys.map((key) => (
        <KeyRow key={key.device.id} {...key} />
      ))}
      <Group>
        <Button onClick={onDone}>{t('import.keysDone')}</Button>
      </Group>
    </Stack>
  );
}
