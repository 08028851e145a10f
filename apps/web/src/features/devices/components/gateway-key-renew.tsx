// 'Renew key' on a gateway's screen: a confirmation that the current key stops working at once,
// then the new key for the screen to show once; a failure goes to the screen.
import { Button, Text } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenewGatewayKeyMutation } from '../../../api/devices';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type DeviceFailure, deviceFailureOf } from '../model/device-failure';

export function GatewayKeyRenew({
  gateway,
  onStart,
  onRenewed,
  onFailure,
}: {
  gateway: Device;
  onStart: () => void;
  onRenewed: (key: string) => void;
  onFailure: (failure: DeviceFailure) => void;
}) {
  const { t } = useTranslation('devices');
  const [renewKey, { isLoading: renewing }] = useRenewGatewayKeyMutation();
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    onStart();
    try {
      const { gatewayKey } = await renewKey({
        id: gateway.id,
        propertyId: gateway.propertyId,
        areaId: gateway.areaId,
      }).unwrap();
      onRenewed(gatewayKey);
    } catch (error) {
      onFailure(deviceFailureOf(error));
    }
    setConfirming(false);
  }

  return (
    <>
      <Button variant="outline" color="blue.8" size="md" onClick={() => setConfirming(true)}>
        {t('key.renew')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('key.renewTitle')}
        cancelLabel={t('key.renewCancel')}
        confirmLabel={t('key.renewConfirm')}
        busy={renewing}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        <Text>{t('key.renewText')}</Text>
      </ConfirmDialog>
    </>
  );
}
