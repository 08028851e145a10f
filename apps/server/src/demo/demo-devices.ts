// The demo's devices (issue 11): Solrosen 1 as a site manager would have set it up, within the
// gateway-first rule — a gateway in every area that holds devices. The building's main heat,
// electricity and cold-water meters and the solar production meter in the technical room, hot
// and cold water and a household electricity meter in every flat, a door on the laundry room and
// a keypad at the entrance, with ids as their makers print them (Kamstrup KAM, Elvaco ELV,
// Axioma AXI) and a log entry each.
import { readDeviceId } from '@portal/contracts/device-ids';
import { DEFAULT_SLOT_COUNT } from '@portal/contracts/devices';
import { type DeviceType, hasPinSlots, type MeterRole } from '@portal/contracts/domain';
import type { Queryable } from '../db/client';
import type { AreaRow } from '../modules/areas/areas.repository';
import {
  insertDevices,
  insertLogEntries,
  type NewDeviceRow,
} from '../modules/devices/devices.repository';

type DemoDevice = {
  deviceType: DeviceType;
  idNumber: string;
  name: string;
  role?: MeterRole;
  main?: boolean;
};

/** An Elvaco gateway's MAC, one per area: 00:1F:7B is not Elvaco's, but reads like a real one. */
const gateway = (index: number): DemoDevice => ({
  deviceType: 'gw',
  idNumber: `00:1F:7B:10:${String(Math.floor(index / 100)).padStart(2, '0')}:${String(index % 100).padStart(2, '0')}`,
  name: 'Gateway',
});

/** What each kind of area of Solrosen 1 holds besides its gateway. */
function devicesOf(area: AreaRow): DemoDevice[] {
  if (area.areaType === 'apt' && area.number !== null) {
    const flat = area.number;
    return [
      { deviceType: 'hw', idNumber: `AXI6${String(flat).padStart(7, '0')}`, name: 'Varmvatten' },
      { deviceType: 'cw', idNumber: `AXI7${String(flat).padStart(7, '0')}`, name: 'Kallvatten' },
      {
        deviceType: 'el',
        idNumber: `KAM5${String(flat).padStart(7, '0')}`,
        name: 'Hushållsel',
        role: 'household',
      },
    ];
  }
  if (area.areaType === 'misc')
    return [
      { deviceType: 'heat', idNumber: 'KAM70112233', name: 'Fjärrvärme, huvudmätare', main: true },
      { deviceType: 'el', idNumber: 'KAM81234567', name: 'Fastighetsel, huvudmätare', main: true },
      { deviceType: 'cw', idNumber: 'AXI91234567', name: 'Kallvatten, huvudmätare', main: true },
      { deviceType: 'el', idNumber: 'ELV30012345', name: 'Solceller', role: 'production' },
    ];
  if (area.areaType === 'lau')
    return [{ deviceType: 'door', idNumber: 'TVATT-DORR-1', name: 'Dörr' }];
  if (area.areaType === 'ent')
    return [{ deviceType: 'keypad', idNumber: 'ENTRE-A-KP1', name: 'Kodlås' }];
  return [];
}

/** A demo device as stored; its id read as the API would (device-ids.ts). */
function stored(area: AreaRow, device: DemoDevice): NewDeviceRow {
  const reading = readDeviceId(device.deviceType, device.idNumber);
  if (reading.outcome !== 'fits') throw new Error(`demo id ${device.idNumber} does not fit`);
  const hasSlots = hasPinSlots(device.deviceType);
  return {
    organizationId: area.organizationId,
    propertyId: area.propertyId,
    areaId: area.id,
    deviceType: device.deviceType,
    idNumber: reading.idNumber,
    idKey: reading.key,
    name: device.name,
    role: device.deviceType === 'el' ? (device.role ?? 'consumption') : null,
    main: device.main ?? false,
    slotCount: hasSlots ? DEFAULT_SLOT_COUNT : null,
    // The demo's gateways have no key: one is made when a site manager renews it.
  };
}

/** Seeds the devices of the property's areas, each with its 'created' entry by the author. */
export async function seedDemoDevices(
  transaction: Queryable,
  areas: AreaRow[],
  author: { id: string; email: string },
) {
  const rows = areas.flatMap((area, index) => {
    const inside = devicesOf(area);
    return inside.length === 0
      ? []
      : [gateway(index), ...inside].map((device) => stored(area, device));
  });
  const made = await insertDevices(transaction, rows);
  await insertLogEntries(transaction, made, 'created', author);
  return made;
}
