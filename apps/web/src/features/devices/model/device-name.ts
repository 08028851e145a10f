// How a device is named on every screen: its name where it has one, else its id as kept.
import type { Device } from '@portal/contracts/devices';

export const deviceLabel = (device: Pick<Device, 'name' | 'idNumber'>) =>
  device.name || device.idNumber;
