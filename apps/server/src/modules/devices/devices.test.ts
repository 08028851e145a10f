// Device calls (DESIGN §4.4, §5) on PGlite and PostgreSQL: tenancy and roles, the gateway-first
// rule, ids read and unique in the organization, gateway keys, and the log written with each
// change and never without it.

import { DEVICE_TYPES } from '@portal/contracts/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs, devices } from '../../db/schema/devices';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  type Caller,
  contentsOf,
  createArea,
  createProperty,
  createTenancyCast,
  DEFAULT_FORBIDDEN,
  expectRefused,
  type GuardedCall,
  ISO_TIME,
  refusals,
  type TenancyCast,
  unknownIdCalls,
} from '../../test/factories';
import { type FormPart, multipartOf } from '../../test/multipart';
import { hashSecret } from '../auth/tokens';

const KEY = /^[A-Za-z0-9_-]{43}$/;

describe.each(testDrivers)('devices on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let property: { id: string; organizationId: string };
  /** The technical room: a gateway and a heat meter. */
  let technicalRoom: { id: string };
  let gatewayId: string;
  let meterId: string;

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, subject.database.db);
    property = await createProperty(subject.database.db, cast.organization.id);
    technicalRoom = await createArea(subject.database.db, property, {
      areaType: 'misc',
      name: 'Undercentral',
    });
    gatewayId = (
      await add(technicalRoom.id, { deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:01' })
    ).json().device.id;
    meterId = (await add(technicalRoom.id, { deviceType: 'heat', idNumber: 'KAM10000001' })).json()
      .device.id;
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  const add = (areaId: string, payload: object, caller: 'manager' | 'member' = 'manager') =>
    cast.request(caller, 'POST', `/api/areas/${areaId}/devices`, payload);
  const freshArea = (name: string) => createArea(db(), property, { areaType: 'misc', name });
  /** An area with a gateway, ready for meters. */
  const areaWithGateway = async (name: string, gateway: string) => {
    const area = await freshArea(name);
    expect((await add(area.id, { deviceType: 'gw', idNumber: gateway })).statusCode).toBe(201);
    return area;
  };
  const logOf = async (deviceId: string) =>
    (await db().select().from(deviceLogs).where(eq(deviceLogs.deviceId, deviceId))).map(
      (entry) => entry.action,
    );

  // The tenancy matrix asks the same scoped queries of either database: it runs on the embedded
  // one, as the other features' do.
  if (driver === 'pglite') {
    describe('who may do what (DESIGN §5)', () => {
      const calls: GuardedCall[] = [
        {
          call: 'GET the list',
          method: 'GET',
          url: () => `/api/areas/${technicalRoom.id}/devices`,
        },
        { call: 'GET one', method: 'GET', url: () => `/api/devices/${meterId}` },
        {
          call: 'GET the log',
          method: 'GET',
          url: () => `/api/properties/${property.id}/device-logs`,
        },
        {
          call: 'POST one',
          method: 'POST',
          url: () => `/api/areas/${technicalRoom.id}/devices`,
          payload: () => ({ deviceType: 'cw', idNumber: '70000001' }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'PUT',
          method: 'PUT',
          url: () => `/api/devices/${meterId}`,
          payload: () => ({ idNumber: 'KAM10000001', name: 'Kapad' }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'DELETE',
          method: 'DELETE',
          url: () => `/api/devices/${meterId}`,
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'POST a new gateway key',
          method: 'POST',
          url: () => `/api/devices/${gatewayId}/gateway-key`,
          forbidden: DEFAULT_FORBIDDEN,
        },
      ];
      it.each(refusals(calls))(
        '$call as $caller: $status, and nothing changes',
        async (refusal) => {
          await expectRefused(cast, db(), [devices, deviceLogs], refusal);
        },
      );

      const anyDevice = () => ({ deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:99' });
      it.each([
        ...unknownIdCalls(['GET', 'POST'], (id) => `/api/areas/${id}/devices`, anyDevice).map(
          (call) => ({ ...call, message: 'Area not found.' }),
        ),
        ...unknownIdCalls(
          ['GET', 'PUT', 'DELETE'],
          (id) => `/api/devices/${id}`,
          () => ({
            idNumber: 'x',
          }),
        ).map((call) => ({ ...call, message: 'Device not found.' })),
        ...unknownIdCalls(['POST'], (id) => `/api/devices/${id}/gateway-key`).map((call) => ({
          ...call,
          message: 'Device not found.',
        })),
        ...unknownIdCalls(['GET'], (id) => `/api/properties/${id}/device-logs`).map((call) => ({
          ...call,
          message: 'Property not found.',
        })),
      ])('$call: 404, and nothing changes', async (refusal) => {
        const response = await expectRefused(cast, db(), [devices, deviceLogs], refusal);
        expect(response.json().message).toBe(refusal.message);
      });
    });
  }

  describe('POST /api/areas/{areaId}/devices', () => {
    it("answers a meter in an area without a gateway 409 'A gateway device must be added first'", async () => {
      const area = await freshArea('Tom');
      const before = await contentsOf(db(), devices, deviceLogs);
      const response = await add(area.id, { deviceType: 'heat', idNumber: 'KAM20000001' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'GATEWAY_REQUIRED',
        message: 'A gateway device must be added first',
      });
      expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);
    });

    it('makes a gateway with its ingestion key, shown in this answer only and stored hashed', async () => {
      const area = await freshArea('Källare');
      const response = await add(area.id, {
        deviceType: 'gw',
        idNumber: 'aa-bb-cc-00-00-02',
        name: 'Gateway',
      });
      expect(response.statusCode).toBe(201);
      const { device, gatewayKey } = response.json();
      expect(gatewayKey).toMatch(KEY);
      expect(device).toEqual({
        id: expect.any(String),
        areaId: area.id,
        propertyId: property.id,
        organizationId: cast.organization.id,
        deviceType: 'gw',
        idNumber: 'AA:BB:CC:00:00:02',
        name: 'Gateway',
        role: null,
        main: false,
        slotCount: null,
        idFormatConfirmed: false,
        lastSeenAt: null,
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
      const [stored] = await db().select().from(devices).where(eq(devices.id, device.id));
      expect(stored?.gatewayKeyHash).toBe(hashSecret(gatewayKey));
      const read = await cast.request('manager', 'GET', `/api/devices/${device.id}`);
      expect(read.body).not.toContain(gatewayKey);
      expect(await logOf(device.id)).toEqual(['created']);
    });

    it("answers a blank id 400 'Missing ID'", async () => {
      const response = await add(technicalRoom.id, { deviceType: 'hw', idNumber: '   ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'MISSING_ID', message: 'Missing ID' });
    });

    it('asks before keeping an id that does not fit the type (422), then keeps it as confirmed', async () => {
      const payload = { deviceType: 'cw', idNumber: '123456782D2C1B04' };
      const asked = await add(technicalRoom.id, payload);
      expect(asked.statusCode).toBe(422);
      expect(asked.json()).toMatchObject({
        code: 'ID_FORMAT_MISMATCH',
        message: 'ID format does not match device type. Are you sure you want to add this device?',
        details: { expected: ['mbus-serial', 'mbus-address'] },
      });
      const kept = await add(technicalRoom.id, { ...payload, confirmIdFormat: true });
      expect(kept.statusCode).toBe(201);
      expect(kept.json().device).toMatchObject({
        idNumber: 'KAM12345678-1B-04',
        idFormatConfirmed: true,
      });
    });

    it('keeps ids normalised, gives an electricity meter its role and a door its slots', async () => {
      const area = await areaWithGateway('Lgh 1001', 'AA:BB:CC:00:00:03');
      const el = await add(area.id, { deviceType: 'el', idNumber: 'elv 3000 0001' });
      expect(el.json().device).toMatchObject({ idNumber: 'ELV30000001', role: 'consumption' });
      const solar = await add(area.id, {
        deviceType: 'el',
        idNumber: 'ELV30000002',
        role: 'production',
        main: true,
      });
      expect(solar.json().device).toMatchObject({ role: 'production', main: true });
      const door = await add(area.id, { deviceType: 'door', idNumber: 'lock-tvatt' });
      expect(door.json().device).toMatchObject({
        idNumber: 'LOCK-TVATT',
        slotCount: 30,
        role: null,
      });
      for (const [payload, field] of [
        [{ deviceType: 'hw', idNumber: '30000003', role: 'household' }, 'role'],
        [{ deviceType: 'hw', idNumber: '30000004', slotCount: 5 }, 'slotCount'],
      ] as const) {
        const refused = await add(area.id, payload);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().details.issues).toEqual([expect.objectContaining({ field })]);
      }
    });

    it('refuses an id the organization has, in any written form, naming where it is (409)', async () => {
      const area = await areaWithGateway('Lgh 1002', 'AA:BB:CC:00:00:04');
      const response = await add(area.id, { deviceType: 'heat', idNumber: '100000012D2C0104' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'DEVICE_ID_TAKEN',
        details: { deviceId: meterId, areaId: technicalRoom.id },
      });
      // Another organization may have the same id.
      const elsewhere = await createProperty(db(), cast.otherOrganization.id);
      const otherArea = await createArea(db(), elsewhere, { areaType: 'misc', name: 'Central' });
      expect(
        (
          await cast.request('otherManager', 'POST', `/api/areas/${otherArea.id}/devices`, {
            deviceType: 'gw',
            idNumber: 'AA:BB:CC:00:00:01',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('lets exactly one of two creations of the same id at once through', async () => {
      const area = await areaWithGateway('Lgh 1003', 'AA:BB:CC:00:00:05');
      const answers = await Promise.all(
        [0, 1].map(() => add(area.id, { deviceType: 'cw', idNumber: '70000010' })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const stored = await db().select().from(devices).where(eq(devices.areaId, area.id));
      expect(stored.filter((device) => device.deviceType === 'cw')).toHaveLength(1);
    });
  });

  describe('reading', () => {
    it("lists an area's devices by type, to everyone of the organization", async () => {
      const response = await cast.request(
        'member',
        'GET',
        `/api/areas/${technicalRoom.id}/devices`,
      );
      expect(response.statusCode).toBe(200);
      const types = response.json().map((device: { deviceType: string }) => device.deviceType);
      expect(types.indexOf('heat')).toBeLessThan(types.indexOf('gw'));
    });
  });

  describe('changing and deleting', () => {
    it('changes a device and logs it; a refused change logs nothing', async () => {
      const area = await areaWithGateway('Lgh 1004', 'AA:BB:CC:00:00:06');
      const id = (await add(area.id, { deviceType: 'hw', idNumber: '60000001' })).json().device.id;
      const changed = await cast.request('manager', 'PUT', `/api/devices/${id}`, {
        idNumber: 'AXI60000001',
        name: 'Varmvatten',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ idNumber: 'AXI60000001', name: 'Varmvatten' });
      const refused = await cast.request('manager', 'PUT', `/api/devices/${id}`, { idNumber: '' });
      expect(refused.json().code).toBe('MISSING_ID');
      expect(await logOf(id)).toEqual(['created', 'updated']);
    });

    it('keeps a gateway its area needs (409 GATEWAY_IN_USE), and deletes it once alone', async () => {
      const area = await freshArea('Lgh 1005');
      const gateway = (
        await add(area.id, { deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:07' })
      ).json().device.id;
      const meter = (await add(area.id, { deviceType: 'cw', idNumber: '70000020' })).json().device
        .id;
      const refused = await cast.request('manager', 'DELETE', `/api/devices/${gateway}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('GATEWAY_IN_USE');
      expect((await cast.request('manager', 'DELETE', `/api/devices/${meter}`)).statusCode).toBe(
        204,
      );
      expect((await cast.request('manager', 'DELETE', `/api/devices/${gateway}`)).statusCode).toBe(
        204,
      );
      expect(await logOf(gateway)).toEqual(['created', 'deleted']);
    });

    it("renews a gateway's key: a new one, shown once, the old hash gone", async () => {
      const [before] = await db().select().from(devices).where(eq(devices.id, gatewayId));
      const response = await cast.request(
        'manager',
        'POST',
        `/api/devices/${gatewayId}/gateway-key`,
      );
      expect(response.statusCode).toBe(200);
      const { gatewayKey } = response.json();
      expect(gatewayKey).toMatch(KEY);
      const [after] = await db().select().from(devices).where(eq(devices.id, gatewayId));
      expect(after?.gatewayKeyHash).toBe(hashSecret(gatewayKey));
      expect(after?.gatewayKeyHash).not.toBe(before?.gatewayKeyHash);
      const meter = await cast.request('manager', 'POST', `/api/devices/${meterId}/gateway-key`);
      expect(meter.statusCode).toBe(400);
    });
  });

  describe('POST /api/areas/{areaId}/devices/import', () => {
    const importInto = (
      areaId: string,
      csv: string,
      options: { preview?: boolean; caller?: 'manager' | 'member' } = {},
    ) =>
      subject.app.inject({
        method: 'POST',
        url: `/api/areas/${areaId}/devices/import${options.preview ? '?preview=true' : ''}`,
        payload: csv,
        headers: {
          ...cast.headersOf(options.caller ?? 'manager'),
          'content-type': 'text/csv; charset=utf-8',
        },
      });

    it("makes 1 000 devices of Swedish Excel's file at once, a gateway's key included, and logs each", async () => {
      const area = await freshArea('Import 1');
      const lines = [
        'gw;AA:BB:CC:00:01:00;Gateway;',
        ...Array.from({ length: 999 }, (_, index) => `cw;${80_000_000 + index};Lgh ${index};`),
      ];
      const csv = `\uFEFFdeviceType;idNumber;name;role\r\n${lines.join('\r\n')}\r\n`;
      const response = await importInto(area.id, csv);
      expect(response.statusCode).toBe(201);
      const made = response.json().devices as { device: { id: string }; gatewayKey?: string }[];
      expect(made).toHaveLength(1000);
      expect(made[0]?.gatewayKey).toMatch(KEY);
      expect(made.filter((entry) => entry.gatewayKey)).toHaveLength(1);
      const stored = await db().select().from(devices).where(eq(devices.areaId, area.id));
      expect(stored).toHaveLength(1000);
      const logged = await db()
        .select()
        .from(deviceLogs)
        .where(eq(deviceLogs.deviceId, made[500]?.device.id ?? ''));
      expect(logged.map((entry) => entry.action)).toEqual(['created']);
    });

    it('makes nothing when one line among many cannot be imported, and names it (422)', async () => {
      const area = await areaWithGateway('Import 2', 'AA:BB:CC:00:02:00');
      const lines = Array.from({ length: 50 }, (_, index) => `hw,${81_000_000 + index},,`);
      lines[20] = 'hw,not-an-id,,';
      lines[30] = `heat,KAM10000001,,`; // the technical room's meter
      const before = await contentsOf(db(), devices, deviceLogs);
      const response = await importInto(area.id, lines.join('\n'));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'IMPORT_INVALID',
        details: {
          problems: [
            { line: 21, field: 'idNumber', code: 'id-mismatch' },
            { line: 31, field: 'idNumber', code: 'id-taken' },
          ],
        },
      });
      expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);
    });

    it('previews what it would make and every problem, making nothing', async () => {
      const area = await freshArea('Import 3');
      const before = await contentsOf(db(), devices, deviceLogs);
      const response = await importInto(area.id, 'el;82000001;Hushåll;household\ncw;82000002;;\n', {
        preview: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        devices: [],
        problems: [
          { line: 1, field: 'deviceType', code: 'gateway-required' },
          { line: 2, field: 'deviceType', code: 'gateway-required' },
        ],
      });
      expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);
    });

    it('refuses a user of the organization (403) and a file over 1 MiB (413)', async () => {
      expect(
        (await importInto(technicalRoom.id, 'cw;83000001;;\n', { caller: 'member' })).statusCode,
      ).toBe(403);
      const huge = `cw;83000002;${'x'.repeat(5 * 1024 * 1024)};\n`;
      expect((await importInto(technicalRoom.id, huge)).statusCode).toBe(413);
    });

    describe('as a multipart file (a browser form)', () => {
      const upload = async (
        areaId: string,
        parts: FormPart[],
        options: { preview?: boolean; caller?: Caller } = {},
      ) => {
        const form = await multipartOf(parts);
        return subject.app.inject({
          method: 'POST',
          url: `/api/areas/${areaId}/devices/import${options.preview ? '?preview=true' : ''}`,
          payload: form.payload,
          headers: { ...cast.headersOf(options.caller ?? 'manager'), ...form.headers },
        });
      };
      const file = (content: string | Buffer): FormPart => ({ field: 'file', file: content });

      it("previews and makes Swedish Excel's file as the text body does, other fields ignored", async () => {
        const area = await freshArea('Import 4');
        const csv =
          '\uFEFFdeviceType;idNumber;name;role\r\ngw;AA:BB:CC:00:04:00;Gateway;\r\nel;84000001;Lgh 1001, hushåll;household\r\n';
        const before = await contentsOf(db(), devices, deviceLogs);
        const preview = await upload(area.id, [{ field: 'note', value: 'x' }, file(csv)], {
          preview: true,
        });
        expect(preview.statusCode).toBe(200);
        expect(preview.json()).toEqual({
          devices: [
            {
              line: 2,
              deviceType: 'gw',
              idNumber: 'AA:BB:CC:00:04:00',
              name: 'Gateway',
              role: null,
            },
            {
              line: 3,
              deviceType: 'el',
              idNumber: '84000001',
              name: 'Lgh 1001, hushåll',
              role: 'household',
            },
          ],
          problems: [],
        });
        expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);

        const made = await upload(area.id, [file(Buffer.from(csv, 'utf8'))]);
        expect(made.statusCode).toBe(201);
        expect(
          made.json().devices.map((entry: { gatewayKey?: string }) => entry.gatewayKey),
        ).toEqual([expect.stringMatching(KEY), undefined]);
        expect(await db().select().from(devices).where(eq(devices.areaId, area.id))).toHaveLength(
          2,
        );
      });

      it('makes nothing of a file with a bad line (422), nor of a 5 MB file (413)', async () => {
        const area = await areaWithGateway('Import 5', 'AA:BB:CC:00:05:00');
        const before = await contentsOf(db(), devices, deviceLogs);
        const bad = await upload(area.id, [file('cw;85000001;;\nsmoke;85000002;;\n')]);
        expect(bad.statusCode).toBe(422);
        expect(bad.json().details.problems).toEqual([
          { line: 2, field: 'deviceType', code: 'type-unknown' },
        ]);
        const huge = `cw;85000003;${'x'.repeat(5 * 1024 * 1024)};\n`;
        const refused = await upload(area.id, [file(huge)]);
        expect(refused.statusCode).toBe(413);
        expect(refused.json().code).toBe('PAYLOAD_TOO_LARGE');
        expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);
      });

      it('refuses a form without its file, or with two (400), and makes nothing', async () => {
        const before = await contentsOf(db(), devices, deviceLogs);
        const none = await upload(technicalRoom.id, [{ field: 'file', value: 'cw;86000001;;' }]);
        expect(none.statusCode).toBe(400);
        expect(none.json().code).toBe('FILE_MISSING');
        const elsewhere = await upload(technicalRoom.id, [
          { field: 'upload', file: 'cw;86000002;;\n' },
        ]);
        expect(elsewhere.json().code).toBe('FILE_MISSING');
        const two = await upload(technicalRoom.id, [
          file('cw;86000003;;\n'),
          { field: 'other', file: 'cw;86000004;;\n' },
        ]);
        expect(two.statusCode).toBe(400);
        expect(two.json().code).toBe('TOO_MANY_FILES');
        expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);
      });

      it("refuses a user (403) and another organization's site manager (404), making nothing", async () => {
        const before = await contentsOf(db(), devices, deviceLogs);
        const csv = file('cw;87000001;;\n');
        expect((await upload(technicalRoom.id, [csv], { caller: 'member' })).statusCode).toBe(403);
        expect((await upload(technicalRoom.id, [csv], { caller: 'otherManager' })).statusCode).toBe(
          404,
        );
        expect(await contentsOf(db(), devices, deviceLogs)).toEqual(before);
      });

      it('is taken by the import alone: adding one device refuses a form (415)', async () => {
        const form = await multipartOf([file('cw;88000001;;\n')]);
        const response = await subject.app.inject({
          method: 'POST',
          url: `/api/areas/${technicalRoom.id}/devices`,
          payload: form.payload,
          headers: { ...cast.headersOf('manager'), ...form.headers },
        });
        expect(response.statusCode).toBe(415);
      });
    });
  });

  describe('a confirmed id, and an area deleted with its devices', () => {
    it('changes a device kept with a confirmed id without asking again, while its id stays', async () => {
      const area = await areaWithGateway('Lgh 1009', 'AA:BB:CC:00:00:0B');
      const kept = (
        await add(area.id, { deviceType: 'hw', idNumber: 'vv-1009', confirmIdFormat: true })
      ).json().device;
      const rename = (idNumber: string) =>
        cast.request('manager', 'PUT', `/api/devices/${kept.id}`, { idNumber, name: 'VV' });
      const renamed = await rename('vv-1009');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ idNumber: 'VV-1009', idFormatConfirmed: true });
      // Another id that does not fit is asked about as a new one is.
      expect((await rename('VV-2000')).json().code).toBe('ID_FORMAT_MISMATCH');
    });

    it("logs each device of a deleted area as deleted, in the area's deletion", async () => {
      const area = await areaWithGateway('Lgh 1010', 'AA:BB:CC:00:00:0C');
      const meter = (await add(area.id, { deviceType: 'cw', idNumber: '70000040' })).json().device;
      const deleted = await cast.request('manager', 'DELETE', `/api/areas/${area.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(await logOf(meter.id)).toEqual(['created', 'deleted']);
      const [entry] = await db()
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, meter.id), eq(deviceLogs.action, 'deleted')));
      expect(entry?.userEmail).toBe(cast.manager.email);
    });
  });

  describe('GET /api/properties/{propertyId}/device-logs', () => {
    it('pages through who did what, newest first', async () => {
      const area = await areaWithGateway('Lgh 1006', 'AA:BB:CC:00:00:08');
      await add(area.id, { deviceType: 'cw', idNumber: '70000030' });
      const seen: { action: string; idNumber: string; userEmail: string; time: string }[] = [];
      let url = `/api/properties/${property.id}/device-logs?limit=2`;
      for (;;) {
        const page = await cast.request('member', 'GET', url);
        expect(page.statusCode).toBe(200);
        seen.push(...page.json().entries);
        if (!page.json().nextCursor) break;
        url = `/api/properties/${property.id}/device-logs?limit=2&cursor=${page.json().nextCursor}`;
      }
      const all = await db()
        .select()
        .from(deviceLogs)
        .where(eq(deviceLogs.propertyId, property.id));
      expect(seen).toHaveLength(all.length);
      expect(seen[0]).toMatchObject({
        action: 'created',
        idNumber: '70000030',
        userEmail: cast.manager.email,
      });
      const times = seen.map((entry) => entry.time);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it("narrows to one device's entries with ?deviceId, kept after the device is gone", async () => {
      const area = await areaWithGateway('Lgh 1007', 'AA:BB:CC:00:00:09');
      const meter = (await add(area.id, { deviceType: 'hw', idNumber: '70000031' })).json().device;
      await cast.request('manager', 'PUT', `/api/devices/${meter.id}`, {
        idNumber: '70000031',
        name: 'Varmvatten',
      });
      await cast.request('manager', 'DELETE', `/api/devices/${meter.id}`);
      const url = `/api/properties/${property.id}/device-logs?deviceId=${meter.id}`;
      const response = await cast.request('member', 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(
        response.json().entries.map((entry: { action: string; deviceId: string }) => entry),
      ).toEqual([
        expect.objectContaining({ action: 'deleted', deviceId: meter.id }),
        expect.objectContaining({ action: 'updated', deviceId: meter.id }),
        expect.objectContaining({ action: 'created', deviceId: meter.id }),
      ]);
      const bad = await cast.request('member', 'GET', `${url.split('=')[0]}=nope`);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe("the property's device counts", () => {
    it('counts the devices of each type, every type present', async () => {
      const area = await areaWithGateway('Lgh 1008', 'AA:BB:CC:00:00:0A');
      await add(area.id, { deviceType: 'el', idNumber: '70000032', role: 'household' });
      const counts = async () =>
        (await cast.request('member', 'GET', `/api/properties/${property.id}`)).json().deviceCounts;
      const before = await counts();
      expect(Object.keys(before).sort()).toEqual([...DEVICE_TYPES].sort());
      await add(area.id, { deviceType: 'el', idNumber: '70000033', role: 'production' });
      expect(await counts()).toEqual({ ...before, el: before.el + 1 });
      const listed = (await cast.request('member', 'GET', '/api/properties')).json();
      expect(listed.find((item: { id: string }) => item.id === property.id).deviceCounts).toEqual({
        ...before,
        el: before.el + 1,
      });
    });
  });
});
