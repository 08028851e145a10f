// For the stored-XSS spec: a new site manager's places made through the API, every free-text
// field the API accepts carrying the payloads of xss-payloads.ts — organizations, properties,
// areas (one by one and as a named range), devices (names, and ids a door keeps as typed), PIN
// code labels, an image's file name, WiFi networks (name, password, note), people's names, a
// device import's cells and exports whose file names come from the property's name.
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { inviteThroughApi, registerThroughApi, uniqueAddress } from './accounts';
import { callApi, PASSWORD } from './places';
import { fitBytes, fitLength, PAYLOAD_NAMES, PAYLOADS, type PayloadName } from './xss-payloads';

type Made = { id: string };

/** The payload after `name` in the corpus, round: a second field of one thing gets another. */
const nextOf = (name: PayloadName) =>
  PAYLOADS[PAYLOAD_NAMES[(PAYLOAD_NAMES.indexOf(name) + 1) % PAYLOAD_NAMES.length] as PayloadName];

/** A run of its own for the gateways' MAC addresses (unique in an organization). */
const RUN = Math.floor(Math.random() * 0xffffff);

/** A locally administered MAC address no other gateway of the run has. */
const macAddress = (index: number) =>
  [0x02, (RUN >> 16) & 255, (RUN >> 8) & 255, RUN & 255, 0, index]
    .map((part) => part.toString(16).padStart(2, '0').toUpperCase())
    .join(':');

/** A CSV cell quoted as a spreadsheet program quotes one. */
const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/** The device import's file: a gateway and a door per payload, each cell a payload; the doors'
 * ids start with `idPrefix` (an id is unique in an organization). */
export function importFile(gatewayMac: string, idPrefix: string) {
  const lines = [
    ['deviceType', 'idNumber', 'name', 'role'],
    ['gw', gatewayMac, PAYLOADS.script, ''],
    ...PAYLOAD_NAMES.map((name, index) => [
      'door',
      `${idPrefix}-${String(index).padStart(4, '0')}`,
      PAYLOADS[name],
      '',
    ]),
  ];
  return {
    name: 'enheter.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.map((line) => line.map(quoted).join(';')).join('\r\n')}\r\n`),
  };
}

/** The payloads members are named by (the site manager is named by `script`). */
export const MEMBER_NAMES: PayloadName[] = ['img', 'svg', 'quoteBreak', 'zeroWidth'];

/** How many times a payload was stored, per field: the spec's report. */
export const stored: Record<string, number> = {};
const count = (field: string, times = 1) => {
  stored[field] = (stored[field] ?? 0) + times;
};

export type XssPlaces = Awaited<ReturnType<typeof xssPlaces>>;

export async function xssPlaces(request: APIRequestContext) {
  const manager = await registerThroughApi(request, {
    email: uniqueAddress('xss'),
    password: PASSWORD,
    name: PAYLOADS.script,
  });
  count('person name');
  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) =>
    callApi<T>(request, manager, method, url, data);

  // An organization per payload, its address the next; the first holds the property.
  const organizations = await Promise.all(
    PAYLOAD_NAMES.map((name) =>
      call<Made>('POST', '/api/organizations', { name: PAYLOADS[name], address: nextOf(name) }),
    ),
  );
  count('organization name', PAYLOAD_NAMES.length);
  count('organization address', PAYLOAD_NAMES.length);
  const organization = organizations[0] as Made;

  // Members of the first organization named by payloads: a few (an account costs a password
  // hash and a mail), signing up while the rest is made.
  const members = Promise.all(
    MEMBER_NAMES.map((name) =>
      inviteThroughApi(request, manager, {
        email: uniqueAddress(`xss-${name.toLowerCase()}`),
        password: PASSWORD,
        name: PAYLOADS[name],
        role: 'user',
        organizationId: organization.id,
      }),
    ),
  );
  count('person name', MEMBER_NAMES.length);

  // The property the walk opens is named to break out of the document's title; a property per
  // payload besides, for the lists.
  const property = await call<Made>('POST', '/api/properties', {
    name: PAYLOADS.titleBreak,
    organizationId: organization.id,
    address: PAYLOADS.img,
    propertyType: 'multi-dwelling',
  });
  await Promise.all(
    PAYLOAD_NAMES.filter((name) => name !== 'titleBreak').map((name) =>
      call('POST', '/api/properties', {
        name: PAYLOADS[name],
        organizationId: organization.id,
        address: nextOf(name),
        propertyType: 'multi-dwelling',
      }),
    ),
  );
  count('property name', PAYLOAD_NAMES.length);
  count('property address', PAYLOAD_NAMES.length);

  // An area per payload, and a range named by one.
  const areas = await Promise.all(
    PAYLOAD_NAMES.map((name) =>
      call<Made>('POST', `/api/properties/${property.id}/areas`, {
        areaType: 'misc',
        name: PAYLOADS[name],
      }),
    ),
  );
  count('area name', PAYLOAD_NAMES.length);
  await call('POST', `/api/properties/${property.id}/areas/bulk`, {
    areaType: 'apt',
    from: 1,
    to: 2,
    namePrefix: `${PAYLOADS.svg} `,
  });
  count('area name prefix');
  const areaOf = (name: PayloadName) => areas[PAYLOAD_NAMES.indexOf(name)] as Made;
  const area = areaOf('details');

  // In that area: a gateway, and a door per payload, named by it and with it as its id.
  await call('POST', `/api/areas/${area.id}/devices`, {
    deviceType: 'gw',
    idNumber: macAddress(1),
    name: PAYLOADS.iframe,
  });
  const doors = await Promise.all(
    PAYLOAD_NAMES.map(async (name) => {
      const { device } = await call<{ device: Made }>('POST', `/api/areas/${area.id}/devices`, {
        deviceType: 'door',
        idNumber: fitLength(PAYLOADS[name], 64),
        name: PAYLOADS[name],
        confirmIdFormat: true,
      });
      return device;
    }),
  );
  count('device name', PAYLOAD_NAMES.length + 1);
  count('device id', PAYLOAD_NAMES.length);
  const door = doors[PAYLOAD_NAMES.indexOf('anchor')] as Made;

  // The door's PIN codes, a label per payload; an image whose file name is one.
  await Promise.all(
    PAYLOAD_NAMES.map((name, index) =>
      call('POST', `/api/devices/${door.id}/pin-codes`, {
        slot: index + 1,
        code: String(5193 + index * 7),
        label: fitLength(PAYLOADS[name], 100),
        status: 'enabled',
      }),
    ),
  );
  count('PIN code label', PAYLOAD_NAMES.length);
  const image = await request.post(`/api/devices/${door.id}/images`, {
    headers: { Authorization: `Bearer ${manager.accessToken}` },
    multipart: {
      file: {
        name: `${PAYLOADS.img}.jpg`,
        mimeType: 'image/jpeg',
        buffer: readFileSync(new URL('../fixtures/meter-with-gps.jpg', import.meta.url)),
      },
    },
  });
  if (image.status() !== 201) throw new Error(`image: ${image.status()} ${await image.text()}`);
  count('image file name');

  // A WiFi network per payload: its name as much as 32 bytes hold, its password the payload's
  // printable ASCII (8–63 characters), its note the payload.
  const networks = await Promise.all(
    PAYLOAD_NAMES.map((name) => {
      const ascii = fitLength(PAYLOADS[name].replace(/[^\x20-\x7e]/g, ''), 63);
      return call<Made>('POST', `/api/properties/${property.id}/wifi`, {
        ssid: fitBytes(PAYLOADS[name], 32),
        password: ascii.length >= 8 ? ascii : `${ascii}<b>x</b>`,
        security: 'WPA2',
        hidden: false,
        note: PAYLOADS[name],
      });
    }),
  );
  count('WiFi name', PAYLOAD_NAMES.length);
  count('WiFi password', PAYLOAD_NAMES.length);
  count('WiFi note', PAYLOAD_NAMES.length);

  // A device import into another area, every cell a payload.
  const importArea = areaOf('markdown');
  const imported = await request.post(`/api/areas/${importArea.id}/devices/import`, {
    headers: { Authorization: `Bearer ${manager.accessToken}`, 'Content-Type': 'text/csv' },
    data: importFile(macAddress(2), 'IMPORT').buffer.toString('utf8'),
  });
  if (!imported.ok()) throw new Error(`import: ${imported.status()} ${await imported.text()}`);
  count('device import cell', PAYLOAD_NAMES.length + 1);

  // Exports of the areas named by payloads, five each (the history names the first five): the
  // history names them, the files the property.
  const groups = Array.from({ length: Math.ceil(areas.length / 5) }, (_, index) =>
    areas.slice(index * 5, index * 5 + 5),
  );
  const exports = await Promise.all(
    groups.map((group, index) =>
      call<Made>('POST', `/api/properties/${property.id}/exports`, {
        from: '2026-01-01',
        to: '2026-01-31',
        types: ['heat'],
        style: index === 1 ? 'xlsx' : 'csv',
        resolution: 'day',
        areas: group.map((made) => made.id),
        fields: ['area', 'device'],
      }),
    ),
  );
  count('export file name (from the property name)', exports.length);
  await members;

  return {
    manager,
    organization,
    property,
    area,
    areaOf,
    door,
    importArea,
    networks,
    exports,
  };
}
