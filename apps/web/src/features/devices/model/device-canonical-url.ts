// A device's address names its property, area and type; a link with a wrong type (someone edited
// the address, or it was written by hand) or another area is replaced by the device's real one,
// without a new history entry. The area's type is the address's own: the device does not carry it.
import type { Device } from '@portal/contracts/devices';
import { isAreaType } from '@portal/contracts/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';

export function useCanonicalDeviceUrl(device: Device | undefined) {
  const { propertyId, areaType, areaId, deviceType } = useParams();
  const navigate = useNavigate();
  // Checked once per device, on arrival, as the areas' screens do.
  const checked = useRef<string | null>(null);
  useEffect(() => {
    if (!device || !isAreaType(areaType) || checked.current === device.id) return;
    checked.current = device.id;
    if (
      device.propertyId === propertyId &&
      device.areaId === areaId &&
      device.deviceType === deviceType
    )
      return;
    void navigate(
      paths.device.href(device.propertyId, areaType, device.areaId, device.deviceType, device.id),
      { replace: true },
    );
  }, [device, propertyId, areaType, areaId, deviceType, navigate]);
}
