// The device type 'Add device' is opened on (?type=gw): the choice made on the type step, or
// handed over by a list ('Add a gateway'). Without one, the screen asks for it first.
import { type DeviceType, isDeviceType } from '@portal/contracts/domain';
import { createSearchParams, useSearchParams } from 'react-router';

const TYPE_PARAM = 'type';

/** The link's search part: '?type=gw'. */
export const typeSearch = (type: DeviceType) => `?${createSearchParams({ [TYPE_PARAM]: type })}`;

/** The type the address names, or undefined while it is still to be chosen. */
export function useChosenType(): DeviceType | undefined {
  const [search] = useSearchParams();
  const type = search.get(TYPE_PARAM);
  return isDeviceType(type) ? type : undefined;
}
