// SPEC §5's 'There are no gateways in this area.' (DESIGN §5: meters, doors and keypads need one),
// with what it means where it is shown — instead of a meter's form, 'A gateway device must be added
// first'; on the area's list, what to add first — and, for a site manager, the way to add it.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NoGateway({ hint, gatewayHref }: { hint: string; gatewayHref?: string }) {
  const { t } = useTranslation('devices');
  return (
    <Alert color="blue" title={t('messages.noGateways')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{hint}</Text>
        {gatewayHref && (
          <Button component={Link} to={gatewayHref} color="blue.8" size="md">
            {t('list.addGateway')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
