// 'Delete device' on the device's screen: a confirmation that says what goes with it (its images,
// PIN codes and readings), then DELETE and on to the area's devices with 'Device successfully
// deleted'; a failure goes to the screen, which shows 'Failed to delete device' and why (a gateway
// the area's other devices need: GATEWAY_IN_USE).
import { Button, Text } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteDeviceMutation } from '../../../api/devices';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type DeviceFailure, deviceFailureOf } from '../model/device-failure';
import { deviceNoticeState } from '../model/device-notice';

export function DeviceDelete({
  device,
  name,
  devicesHref,
  warning,
  onStart,
  onFailure,
}: {
  device: Device;
  name: string;
  /** The area's devices, where the screen goes once the device is gone. */
  devicesHref: string;
  /** What another feature says the device leaves behind (a lock keeps its PIN codes). */
  warning?: ReactNode;
  onStart: () => void;
  onFailure: (failure: DeviceFailure) => void;
}) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const [deleteDevice, { isLoading: deleting }] = useDeleteDeviceMutation();
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    onStart();
    try {
      await deleteDevice({
        id: device.id,
        propertyId: device.propertyId,
        areaId: device.areaId,
      }).unwrap();
    } catch (error) {
      setConfirming(false);
      onFailure(deviceFailureOf(error));
      return;
    }
    await navigate(devicesHref, { state: deviceNoticeState({ kind: 'deleted' }) });
  }

  return (
    <>
      <Button variant="outline" color="red.9" size="md" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('delete.title')}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        <Text>{t('delete.text', { name })}</Text>
        {warning}
      </ConfirmDialog>
    </>
  );
}
