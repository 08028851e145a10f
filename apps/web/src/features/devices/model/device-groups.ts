// An area's devices grouped by type in SPEC §3's order (heat, el, hw, cw, gw, door, keypad), as
// the list shows them; the API already answers them in that order, by id within a type.
import type { Device } from '@portal/contracts/devices';
import { DEVICE_TYPES, type DeviceType } from '@portal/contracts/domain';

export type DeviceGroup = { type: DeviceType; devices: Device[] };

export function groupByType(devices: readonly Device[]): DeviceGroup[] {
  return DEVICE_TYPES.map((type) => ({
    type,
    devices: devices.filter((device) => device.deviceType === type),
  })).filter((group) => group.devices.length > 0);
}

/** Whether the area can take meters, doors and keypads yet (DESIGN §5: gateway first). */
export const hasGateway = (devices: readonly Device[]) =>
  devices.some((device) => device.deviceType === 'gw');
