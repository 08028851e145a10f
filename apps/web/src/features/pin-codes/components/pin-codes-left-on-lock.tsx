// Said before a door or keypad is deleted (composed into the device's delete question in
// app/routes/device.tsx): the portal forgets its codes, but the lock keeps what it holds, since a
// deleted device's gateway is sent nothing more (docs/pin-codes.md).
import { Text } from '@mantine/core';
import type { Device } from '@portal/contracts/devices';
import { useTranslation } from 'react-i18next';
import { useGetPinCodesQuery } from '../../../api/pin-codes';

export function PinCodesLeftOnLock({ device }: { device: Device }) {
  const { t } = useTranslation('pinCodes');
  // The slot list on the same screen has fetched them already.
  const { data: slots = [] } = useGetPinCodesQuery(device.id);
  if (slots.length === 0) return null;
  return (
    <Text fw={600} c="red.9">
      {t('deleteDevice.leftOnLock', { count: slots.length })}
    </Text>
  );
}
