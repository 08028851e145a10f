// The new-device form can open with a type chosen (`?type=gw`): the area's list offers the
// gateway first when the area has none.
import { type DeviceType, isDeviceType } from '@portal/contracts/domain';

export const DEVICE_TYPE_PARAM = 'type';

/** The search of the new-device form opened on the gateway. */
export const newGatewaySearch = `?${new URLSearchParams({ [DEVICE_TYPE_PARAM]: 'gw' })}`;

/** The type a search names, if it is one. */
export function typeIn(search: URLSearchParams): DeviceType | undefined {
  const type = search.get(DEVICE_TYPE_PARAM);
  return isDeviceType(type) ? type : undefined;
}
