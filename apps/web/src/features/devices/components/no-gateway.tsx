// Instead of the form of a meter, door or keypad in an area without a gateway (DESIGN §5): SPEC
// §5's two messages, and the way to add the gateway first.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NoGateway({ gatewayHref }: { gatewayHref: string }) {
  const { t } = useTranslation('devices');
  return (
    <Alert color="blue" role="alert" title={t('messages.noGateways')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('messages.gatewayRequired')}</Text>
        <Button component={Link} to={gatewayHref} color="blue.8" size="md">
          {t('form.chooseGateway')}
        </Button>
      </Stack>
    </Alert>
  );
}
