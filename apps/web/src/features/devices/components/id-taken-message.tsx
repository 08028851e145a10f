// The id field's message for 409 DEVICE_ID_TAKEN: the id is in use in the organization, in which
// area where that area can be named, with a link to the device that has it (the API names both,
// as they are in the caller's organization).
import { Anchor } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetAreaQuery } from '../../../api/areas';
import { useGetDeviceQuery } from '../../../api/devices';
import { paths } from '../../../config/paths';
import { useAreaLabel } from '../../../lib/area-name';

export function IdTakenMessage({ deviceId, areaId }: { deviceId?: string; areaId?: string }) {
  const { t } = useTranslation('devices');
  const device = useGetDeviceQuery(deviceId ?? skipToken).currentData;
  const area = useGetAreaQuery(areaId ?? skipToken).currentData;
  const label = useAreaLabel();
  const text = area ? t('form.idTakenIn', { area: label(area) }) : t('form.idTaken');
  return (
    <>
      {text}{' '}
      {device && area && (
        <Anchor
          component={Link}
          size="sm"
          c="red.9"
          td="underline"
          to={paths.device.href(
            area.propertyId,
            area.areaType,
            area.id,
            device.deviceType,
            device.id,
          )}
        >
          {t('form.showOther')}
        </Anchor>
      )}
    </>
  );
}
