// The demo's PIN codes: the laundry-room door and the entrance keypad of Solrosen 1 hold codes a
// board hands out, most of them on the lock already and one still waiting for the gateway (the
// demo's gateways have no key until a site manager renews it), so the screens show both states.
import type { Queryable } from '../db/client';
import { deviceLogs } from '../db/schema/devices';
import { pinCodes } from '../db/schema/pin-codes';
import type { DeviceRow } from '../modules/devices/devices.repository';
import { pinCodeContext } from '../modules/pin-codes/pin-codes.service';
import type { SecretBox } from '../secrets/secret-box';

type DemoPinCode = {
  slot: number;
  code: string;
  label: string;
  status: 'enabled' | 'disabled';
  sync: 'pending' | 'applied';
};

/** By the id number of the door or keypad (demo-devices.ts). */
export const DEMO_PIN_CODES: Record<string, DemoPinCode[]> = {
  'TVATT-DORR-1': [
    {
      slot: 1,
      code: '480213',
      label: 'Tvättstugan – lgh 1102',
      status: 'enabled',
      sync: 'applied',
    },
    {
      slot: 2,
      code: '739155',
      label: 'Tvättstugan – lgh 1007',
      status: 'enabled',
      sync: 'applied',
    },
    { slot: 3, code: '902746', label: 'Fastighetsskötare', status: 'disabled', sync: 'applied' },
  ],
  'ENTRE-A-KP1': [
    { slot: 1, code: '615028', label: 'Sophämtning', status: 'enabled', sync: 'applied' },
    { slot: 2, code: '358021', label: 'Hemtjänst', status: 'enabled', sync: 'pending' },
  ],
};

/** Gives the demo's door and keypad their codes, sealed as the API seals them, each logged as
 * added by the author: one insert for the codes, one for their log entries. */
export async function seedDemoPinCodes(
  transaction: Queryable,
  devices: DeviceRow[],
  author: { id: string; email: string },
  secrets: SecretBox,
) {
  const codes = devices.flatMap((device) =>
    (DEMO_PIN_CODES[device.idNumber] ?? []).map((code) => ({ device, code })),
  );
  if (codes.length === 0) return;
  const now = new Date();
  await transaction.insert(pinCodes).values(
    codes.map(({ device, code }) => ({
      organizationId: device.organizationId,
      deviceId: device.id,
      slot: code.slot,
      codeCiphertext: secrets.seal(code.code, pinCodeContext(device.id, code.slot)),
      status: code.status,
      label: code.label,
      sync: code.sync,
      syncedAt: code.sync === 'applied' ? now : null,
    })),
  );
  await transaction.insert(deviceLogs).values(
    codes.map(({ device, code }) => ({
      organizationId: device.organizationId,
      propertyId: device.propertyId,
      deviceId: device.id,
      deviceType: device.deviceType,
      idNumber: device.idNumber,
      action: 'updated' as const,
      pinSlot: code.slot,
      pinChange: 'added' as const,
      userId: author.id,
      userEmail: author.email,
    })),
  );
}
