// What a device's screen shows for a device that does not exist (or lies outside the user's
// organizations: the API answers 404 for both), with the way to the area's devices.

import { isAreaType } from '@portal/contracts/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundFrame } from '../../../components/not-found-frame';
import { paths } from '../../../config/paths';

export function DeviceNotFound() {
  const { t } = useTranslation('devices');
  const { propertyId = '', areaType, areaId = '' } = useParams();
  return (
    <NotFoundFrame
      title={t('notFound.deviceTitle')}
      text={t('notFound.deviceText')}
      backTo={
        isAreaType(areaType)
          ? paths.areaDevices.href(propertyId, areaType, areaId)
          : paths.propertyAreas.href(propertyId)
      }
      backLabel={t('notFound.toDevices')}
    />
  );
}
