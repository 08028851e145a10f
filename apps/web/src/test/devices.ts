// For tests: devices of Solrosen 1's areas as the API describes them (read by the contract's own
// schema), and a loopback API answering the device calls like the real one (DESIGN §4.4): the
// gateway-first rule, ids read by the same device-ids.ts as the server, unique in the
// organization, keys shown once, and a log entry for every change.

import type { Area } from '@portal/contracts/areas';
import { readDeviceId } from '@portal/contracts/device-ids';
import {
  DEFAULT_SLOT_COUNT,
  type Device,
  type DeviceLogEntry,
  DeviceSchema,
} from '@portal/contracts/devices';
import { DEVICE_TYPES, type DeviceType } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { anArea, PROPERTY } from './areas';
import { karin, SOLROSEN } from './people';
import { NO_DEVICES } from './properties';
import type { serveTestApi } from './serve-test-api';
import type { ReceivedRequest, Reply } from './test-api';

type TestApi = ReturnType<typeof serveTestApi>;

const uuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
let nextId = 1;

/** The technical room the device tests work in. */
export const TECHNICAL_ROOM: Area = anArea({ areaType: 'misc', name: 'Undercentral' });

/** A gateway's key as the API makes them: 43 characters of base64url. */
export const GATEWAY_KEY = 'q9Zk1vH3mW7tR2xY5pL8nB4cF6dJ0sA-gE_uI1oK2wQ';

export function aDevice(
  fields: Partial<Device> & Pick<Device, 'deviceType' | 'idNumber'>,
  area: Area = TECHNICAL_ROOM,
): Device {
  return DeviceSchema.parse({
    id: uuid(nextId++),
    areaId: area.id,
    propertyId: area.propertyId,
    organizationId: SOLROSEN.id,
    name: '',
    role: fields.deviceType === 'el' ? 'consumption' : null,
    main: false,
    slotCount: fields.deviceType === 'door' || fields.deviceType === 'keypad' ? 30 : null,
    idFormatConfirmed: false,
    lastSeenAt: null,
    createdAt: '2026-11-02T09:15:00.000Z',
    updatedAt: '2026-11-02T09:15:00.000Z',
    ...fields,
  });
}

export const gateway = (area: Area = TECHNICAL_ROOM) =>
  aDevice({ deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:01', name: 'Gateway' }, area);

const answer = (status: number, error: string, code: string, message: string, details?: object) =>
  ({
    status,
    body: { statusCode: status, error, message, code, ...(details ? { details } : {}) },
  }) satisfies Reply;

const notFound = (message: string) => answer(404, 'Not Found', 'NOT_FOUND', message);

/** The list order of the API: type (SPEC §3 order), then id. */
const listOrder = (a: Device, b: Device) =>
  DEVICE_TYPES.indexOf(a.deviceType) - DEVICE_TYPES.indexOf(b.deviceType) ||
  a.idNumber.localeCompare(b.idNumber);

/**
 * Answers like the API for PROPERTY, `areas` and `devices` (kept up to date by what the screens
 * send); `override` answers first where it returns a reply. Returns what it holds.
 */
export function actLikeTheDeviceApi(
  api: TestApi,
  {
    areas = [TECHNICAL_ROOM],
    devices = [],
    override,
  }: {
    areas?: Area[];
    devices?: Device[];
    override?: (request: ReceivedRequest) => Reply | undefined;
  } = {},
) {
  const stored = [...devices];
  const log: (DeviceLogEntry & { propertyId: string })[] = [];
  const write = (device: Device, action: DeviceLogEntry['action']) =>
    log.unshift({
      id: uuid(10_000 + log.length),
      time: new Date(Date.UTC(2026, 10, 2, 9, 15) + log.length * 60_000).toISOString(),
      action,
      deviceId: device.id,
      deviceType: device.deviceType,
      idNumber: device.idNumber,
      userId: karin.id,
      userEmail: karin.email,
      pinSlot: null,
      pinChange: null,
      meterEvent: null,
      meterEventAt: null,
      propertyId: device.propertyId,
    });
  const withCounts = (): Property => {
    const deviceCounts = { ...NO_DEVICES };
    for (const device of stored) deviceCounts[device.deviceType] += 1;
    return { ...PROPERTY, deviceCounts };
  };

  /** The id as the API keeps it, or its refusal. */
  function read(type: DeviceType, body: Record<string, unknown>, self?: Device) {
    const reading = readDeviceId(type, String(body.idNumber ?? ''));
    if (reading.outcome === 'missing')
      return answer(400, 'Bad Request', 'MISSING_ID', 'Missing ID');
    if (reading.outcome === 'too-long')
      return answer(400, 'Bad Request', 'VALIDATION_FAILED', 'The ID is too long.');
    if (reading.outcome === 'mismatch' && body.confirmIdFormat !== true)
      return answer(422, 'Unprocessable Entity', 'ID_FORMAT_MISMATCH', 'Mismatch', {
        expected: reading.expected,
      });
    const other = stored.find((device) => device.idNumber === reading.idNumber && device !== self);
    if (other)
      return answer(409, 'Conflict', 'DEVICE_ID_TAKEN', 'Taken', {
        deviceId: other.id,
        areaId: other.areaId,
      });
    return { idNumber: reading.idNumber, confirmed: reading.outcome === 'mismatch' };
  }

  api.answer((request) => {
    const reply = override?.(request);
    if (reply) return reply;
    const url = new URL(request.url ?? '', 'http://api');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { method } = request;

    if (url.pathname === `/properties/${PROPERTY.id}` && method === 'GET')
      return { status: 200, body: withCounts() };
    if (url.pathname === `/properties/${PROPERTY.id}/device-logs` && method === 'GET') {
      const deviceId = url.searchParams.get('deviceId');
      const limit = Number(url.searchParams.get('limit') ?? 200);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const entries = log
        .filter((entry) => !deviceId || entry.deviceId === deviceId)
        .map(({ propertyId: _propertyId, ...entry }) => entry);
      const end = start + limit;
      return {
        status: 200,
        body: {
          entries: entries.slice(start, end),
          ...(end < entries.length ? { nextCursor: String(end) } : {}),
        },
      };
    }
    const areaMatch = /^\/areas\/([^/]+)(\/devices)?$/.exec(url.pathname);
    if (areaMatch) {
      const area = areas.find((candidate) => candidate.id === areaMatch[1]);
      if (!area) return notFound('Area not found.');
      if (!areaMatch[2] && method === 'GET') return { status: 200, body: area };
      if (method === 'GET')
        return {
          status: 200,
          body: stored.filter((device) => device.areaId === area.id).sort(listOrder),
        };
      const type = body.deviceType as DeviceType;
      const id = read(type, body);
      if ('status' in id) return id;
      const hasGateway = stored.some((d) => d.areaId === area.id && d.deviceType === 'gw');
      if (type !== 'gw' && !hasGateway)
        return answer(409, 'Conflict', 'GATEWAY_REQUIRED', 'A gateway device must be added first');
      const device = aDevice(
        {
          deviceType: type,
          idNumber: id.idNumber,
          idFormatConfirmed: id.confirmed,
          name: String(body.name ?? ''),
          role: type === 'el' ? ((body.role as Device['role']) ?? 'consumption') : null,
          main: body.main === true,
          slotCount:
            type === 'door' || type === 'keypad'
              ? ((body.slotCount as number | undefined) ?? DEFAULT_SLOT_COUNT)
              : null,
        },
        area,
      );
      stored.push(device);
      write(device, 'created');
      return {
        status: 201,
        body: { device, ...(type === 'gw' ? { gatewayKey: GATEWAY_KEY } : {}) },
      };
    }
    const deviceMatch = /^\/devices\/([^/]+)(\/gateway-key)?$/.exec(url.pathname);
    const index = stored.findIndex((device) => device.id === deviceMatch?.[1]);
    const found = stored[index];
    if (!deviceMatch || !found) return notFound('Device not found.');
    if (deviceMatch[2] && method === 'POST') {
      write(found, 'updated');
      return { status: 200, body: { gatewayKey: `${GATEWAY_KEY.slice(0, -4)}NEW1` } };
    }
    if (method === 'GET') return { status: 200, body: found };
    if (method === 'PUT') {
      const id = read(found.deviceType, body, found);
      if ('status' in id) return id;
      const updated: Device = {
        ...found,
        idNumber: id.idNumber,
        idFormatConfirmed: id.confirmed,
        name: String(body.name ?? ''),
        role: found.deviceType === 'el' ? ((body.role as Device['role']) ?? found.role) : null,
        main: body.main === true,
        slotCount: (body.slotCount as number | undefined) ?? found.slotCount,
        updatedAt: new Date().toISOString(),
      };
      stored[index] = updated;
      write(updated, 'updated');
      return { status: 200, body: updated };
    }
    if (method === 'DELETE') {
      const others = stored.filter((d) => d.areaId === found.areaId && d !== found);
      if (
        found.deviceType === 'gw' &&
        others.length > 0 &&
        !others.some((d) => d.deviceType === 'gw')
      )
        return answer(409, 'Conflict', 'GATEWAY_IN_USE', 'In use');
      stored.splice(index, 1);
      write(found, 'deleted');
      return { status: 204 };
    }
    return notFound('Not found.');
  });
  return { devices: stored, log };
}
