// A device's details: type, id, name, and what its type has (a use, 'main', PIN code slots), when
// it was last heard from, whether its id was kept against its type, and when it was added — dates
// in the language shown, times on the property's clock (model/device-time).
import { Card, DataList } from '@mantine/core';
import { isMeterType } from '@portal/contracts/device-ids';
import type { Device } from '@portal/contracts/devices';
import { hasPinSlots } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { DetailItem } from '../../../components/detail-item';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatDeviceTime } from '../model/device-time';

export function DeviceDetails({ device, timeZone }: { device: Device; timeZone?: string }) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  const rows = [
    { label: t('detail.type'), value: t(`type.${device.deviceType}`) },
    { label: t('detail.idNumber'), value: device.idNumber },
    { label: t('detail.name'), value: device.name || t('detail.notGiven') },
    ...(device.role ? [{ label: t('detail.role'), value: t(`role.${device.role}`) }] : []),
    ...(isMeterType(device.deviceType)
      ? [{ label: t('detail.main'), value: device.main ? t('detail.mainYes') : t('detail.mainNo') }]
      : []),
    ...(hasPinSlots(device.deviceType) && device.slotCount !== null
      ? [{ label: t('detail.slotCount'), value: formatNumber(device.slotCount, language) }]
      : []),
    {
      label: t('detail.lastSeen'),
      value: device.lastSeenAt
        ? formatDeviceTime(device.lastSeenAt, language, timeZone)
        : t('detail.neverSeen'),
    },
    ...(device.idFormatConfirmed
      ? [{ label: t('detail.idFormat'), value: t('detail.idFormatConfirmed') }]
      : []),
    { label: t('detail.created'), value: formatDate(new Date(device.createdAt), language) },
  ];
  return (
    <Card withBorder padding="lg">
      <DataList labelWidth="9rem" withDivider>
        {rows.map(({ label, value }) => (
          <DetailItem key={label} label={label}>
            {value}
          </DetailItem>
        ))}
      </DataList>
    </Card>
  );
}
