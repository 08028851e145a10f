// The data the tenancy sweep and the fuzzer call the API about: organization A with one of
// everything an id in a path can name (made through the API as A's site manager, as a client
// would), a user of A, a pending invitee of A, and organization B with a site manager and a
// gateway of its own.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Queryable } from '../db/client';
import { createTenancyCast, createUser } from '../test/factories';
import { multipartOf } from '../test/multipart';

/** The device kinds of DESIGN §5, each with an id in its own format. */
const DEVICES = {
  gw: 'AA:BB:CC:0A:0A:01',
  heat: 'KAM11110001',
  el: 'KAM11110002',
  hw: '11110003',
  cw: '11110004',
  door: 'ALFA-DOOR-0001',
  keypad: 'ALFA-KEYPAD-0001',
} as const;

export type TenantWorld = Awaited<ReturnType<typeof createTenantWorld>>;

export async function createTenantWorld(app: FastifyInstance, db: Queryable) {
  const cast = await createTenancyCast(app, db);
  const invitee = await createUser(db, {
    name: 'Alfa Inbjuden',
    password: null,
    organizationIds: [cast.organization.id],
  });
  /** A call that must succeed, answering its JSON. */
  const made = async (
    caller: 'manager' | 'otherManager',
    method: 'POST' | 'PUT',
    url: string,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) => {
    const response = await cast.request(caller, method, url, payload, headers);
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const property = await made('manager', 'POST', '/api/properties', {
    name: 'Alfahuset Solrosen',
    organizationId: cast.organization.id,
    propertyType: 'multi-dwelling',
  });
  const area = await made('manager', 'POST', `/api/properties/${property.id}/areas`, {
    areaType: 'apt',
    number: 1001,
    name: 'Alfalägenhet 1001',
  });
  const devices: Record<string, string> = {};
  let gatewayKey = '';
  for (const [deviceType, idNumber] of Object.entries(DEVICES)) {
    const created = await made('manager', 'POST', `/api/areas/${area.id}/devices`, {
      deviceType,
      idNumber,
      name: `Alfa ${deviceType}`,
      confirmIdFormat: true,
    });
    devices[deviceType] = created.device.id;
    gatewayKey ||= created.gatewayKey ?? '';
  }
  const door = devices.door as string;
  const heat = devices.heat as string;
  const pinCode = await made('manager', 'POST', `/api/devices/${door}/pin-codes`, {
    code: '482915',
    label: 'Alfa portkod',
  });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const form = await multipartOf([
    { field: 'file', file: png, filename: 'alfa.png', type: 'image/png' },
  ]);
  const image = await made(
    'manager',
    'POST',
    `/api/devices/${heat}/images`,
    form.payload,
    form.headers,
  );
  const readings = await app.inject({
    method: 'POST',
    url: '/api/ingest/readings',
    headers: { authorization: `Gateway ${gatewayKey}` },
    payload: {
      readings: [
        { meter: DEVICES.heat, at: '2026-10-01T08:00:00+02:00', value: 1000, unit: 'kWh' },
        { meter: DEVICES.heat, at: '2026-10-01T09:00:00+02:00', value: 1001, unit: 'kWh' },
      ],
    },
  });
  if (readings.json().accepted !== 2) throw new Error(`readings: ${readings.body}`);
  const replacement = await made('manager', 'POST', `/api/devices/${heat}/meter-replacements`, {
    at: '2026-10-02T00:00:00Z',
    oldFinal: 1002,
    newFirst: 1,
    unit: 'kWh',
  });
  const wifi = await made('manager', 'POST', `/api/properties/${property.id}/wifi`, {
    ssid: 'Alfa Tvättstuga',
    password: 'alfa-wifi-losen',
    security: 'WPA2',
  });
  await made('manager', 'PUT', `/api/properties/${property.id}/prices`, {
    currency: 'SEK',
    byType: { heat: { perUnit: 1.25, unit: 'kWh', fixedPerMonth: 100 } },
  });
  const dataExport = await made('manager', 'POST', `/api/properties/${property.id}/exports`, {
    from: '2026-10-01',
    to: '2026-10-02',
    types: ['heat'],
    style: 'csv',
    resolution: 'day',
  });
  await app.portal.exportBuilds.idle();

  // Organization B: a property, an area and a gateway, whose key the ingest calls are made with.
  const otherProperty = await made('otherManager', 'POST', '/api/properties', {
    name: 'Granngården',
    organizationId: cast.otherOrganization.id,
    propertyType: 'multi-dwelling',
  });
  const otherArea = await made(
    'otherManager',
    'POST',
    `/api/properties/${otherProperty.id}/areas`,
    { areaType: 'misc', name: 'Granncentral' },
  );
  const otherGateway = await made('otherManager', 'POST', `/api/areas/${otherArea.id}/devices`, {
    deviceType: 'gw',
    idNumber: 'AA:BB:CC:0B:0B:01',
  });

  const { manager } = cast;
  /** A's ids by the name of the path parameter that takes them; every device kind for
   * `deviceId`, so each device call is tried on each kind. */
  const pathIds: Record<string, string[]> = {
    organizationId: [cast.organization.id],
    propertyId: [property.id],
    areaId: [area.id],
    deviceId: Object.values(devices),
    pinCodeId: [pinCode.id],
    imageId: [image.id],
    replacementId: [replacement.replacement.id],
    exportId: [dataExport.id],
    wifiId: [wifi.id],
    // The users of A that are not the caller of the sweep: its site manager and its invitee.
    id: [manager.id, invitee.id],
    userId: [invitee.id, manager.id],
    email: [manager.email, invitee.email],
    emailOrId: [manager.email, invitee.id],
  };
  /** A's organization and its things by the name of a body property or query parameter that
   * would take them: a call with one of these (or `areas`, `propertyIds`, … by valueFor's
   * rules) names A's data outside its path, and the sweep calls it. */
  const thingIds: Record<string, string> = {
    organizationId: cast.organization.id,
    propertyId: property.id,
    areaId: area.id,
    deviceId: heat,
    pinCodeId: pinCode.id,
    imageId: image.id,
    replacementId: replacement.replacement.id,
    exportId: dataExport.id,
    wifiId: wifi.id,
    userId: invitee.id,
  };
  /** Values of body properties by name: A's ids (DESIGN §4.4: a reading's `meter` is the
   * device's id number, an acknowledgement's `id` a PIN code's), and what rules across fields
   * need (an area has a name or a number, a WPA2 password is 8 to 63 characters). */
  const bodyValues: Record<string, string> = {
    name: 'Alfa svep',
    password: 'alfa-svep-losen',
    organizationId: cast.organization.id,
    propertyId: property.id,
    areaId: area.id,
    deviceId: heat,
    meter: DEVICES.heat,
    id: pinCode.id,
  };
  /** What must never appear in an answer to someone outside A. */
  const secrets = [
    ...new Set([
      ...Object.values(pathIds).flat(),
      ...Object.values(DEVICES),
      ...Object.values(devices),
      gatewayKey,
      cast.organization.name,
      cast.member.email,
      'Alfa',
    ]),
  ];
  return {
    cast,
    property,
    area,
    devices,
    gatewayKey,
    otherGatewayKey: otherGateway.gatewayKey as string,
    otherIds: {
      organizationId: cast.otherOrganization.id,
      propertyId: otherProperty.id,
      areaId: otherArea.id,
      deviceId: otherGateway.device.id as string,
    },
    pathIds,
    thingIds,
    bodyValues,
    secrets,
  };
}
