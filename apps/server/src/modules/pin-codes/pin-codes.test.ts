// PIN code calls (DESIGN §4.2, §4.4, §5) on PGlite and PostgreSQL: tenancy and roles, the slot
// rules (bounds, taken, duplicate and trivial codes), codes encrypted at rest and never answered,
// the log entries, and the gateway's protocol (its own locks only, pending → applied, superseded
// changes, clears in list order, a code that does not decrypt, a wrong key); on PostgreSQL also
// an acknowledgement racing a person's change of the same slot.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceLogs, devices } from '../../db/schema/devices';
import { pinCodes } from '../../db/schema/pin-codes';
import { SecretBox } from '../../secrets/secret-box';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
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
import { pinCodeContext } from './pin-codes.service';

type Slot = {
  id: string;
  slot: number;
  version: number;
  sync: string;
  clearing: boolean;
  syncedAt: string | null;
};
type Change = { id: string; deviceId: string; slot: number; code: string | null; version: number };

describe.each(testDrivers)('PIN codes on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let property: { id: string; organizationId: string };
  /** The laundry room: a gateway and its door. */
  let laundry: { id: string };
  let laundryKey: string;
  let laundryGatewayId: string;
  let doorId: string;
  /** Another area's gateway and keypad, which the laundry room's gateway must not reach. */
  let entranceKey: string;
  let keypadId: string;
  let meterId: string;
  let areaCount = 0;

  const db = () => subject.database.db;
  const addDevice = async (areaId: string, payload: object) => {
    const response = await cast.request('manager', 'POST', `/api/areas/${areaId}/devices`, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { device: { id: string }; gatewayKey?: string };
  };
  /** A new area with a gateway and a door of `slotCount` slots. */
  const freshDoor = async (slotCount = 30) => {
    areaCount += 1;
    const area = await createArea(db(), property, { areaType: 'lau', number: 100 + areaCount });
    const hex = areaCount.toString(16).padStart(2, '0').toUpperCase();
    const gateway = await addDevice(area.id, {
      deviceType: 'gw',
      idNumber: `AA:BB:CC:11:00:${hex}`,
    });
    const door = await addDevice(area.id, {
      deviceType: 'door',
      idNumber: `door-fresh-${areaCount}`,
      slotCount,
    });
    return { areaId: area.id, doorId: door.device.id, key: gateway.gatewayKey as string };
  };
  const addPin = (deviceId: string, payload: object, caller: 'manager' | 'member' = 'manager') =>
    cast.request(caller, 'POST', `/api/devices/${deviceId}/pin-codes`, payload);
  const slotsOf = async (deviceId: string) =>
    (await cast.request('member', 'GET', `/api/devices/${deviceId}/pin-codes`)).json() as Slot[];
  const asGateway = (
    key: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    subject.app.inject({
      method,
      url,
      payload,
      headers: key === undefined ? {} : { authorization: `Gateway ${key}` },
    });
  const fetchChanges = async (key: string) => {
    const response = await asGateway(key, 'GET', '/api/ingest/pin-codes');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { changes: Change[] }).changes;
  };
  const acknowledge = async (key: string, results: object[]) => {
    const response = await asGateway(key, 'POST', '/api/ingest/pin-codes/ack', { results });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: { outcome: string }[] }).results.map((r) => r.outcome);
  };
  const pinLog = async (deviceId: string) =>
    (
      await db()
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, deviceId), eq(deviceLogs.action, 'updated')))
        .orderBy(deviceLogs.createdAt)
    ).map((entry) => `${entry.pinSlot} ${entry.pinChange}`);

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, subject.database.db);
    property = await createProperty(db(), cast.organization.id);
    laundry = await createArea(db(), property, { areaType: 'lau', name: 'Tvättstugan' });
    const gateway = await addDevice(laundry.id, {
      deviceType: 'gw',
      idNumber: 'AA:BB:CC:10:00:01',
    });
    laundryKey = gateway.gatewayKey as string;
    laundryGatewayId = gateway.device.id;
    doorId = (await addDevice(laundry.id, { deviceType: 'door', idNumber: 'LOCK-TVATT-1' })).device
      .id;
    meterId = (await addDevice(laundry.id, { deviceType: 'cw', idNumber: '70000001' })).device.id;
    const entrance = await createArea(db(), property, { areaType: 'ent', name: 'Entré' });
    entranceKey = (
      await addDevice(entrance.id, { deviceType: 'gw', idNumber: 'AA:BB:CC:10:00:02' })
    ).gatewayKey as string;
    keypadId = (await addDevice(entrance.id, { deviceType: 'keypad', idNumber: 'KEYPAD-ENTRE' }))
      .device.id;
  });
  afterAll(() => subject.close());

  // The role × action matrix runs on PGlite only, as every tenancy matrix does (docs/timings.md):
  // who may do what is decided by the same SQL on both databases, and the matrix is the slowest
  // part of the file; PostgreSQL keeps what differs there — races, locks and migrations.
  if (driver === 'pglite') {
    describe('who may do what (DESIGN §5)', () => {
      let pinId: string;
      beforeAll(async () => {
        pinId = (await addPin(doorId, { code: '602413', label: 'Matrix' })).json().id;
      });
      const calls: GuardedCall[] = [
        { call: 'GET the slots', method: 'GET', url: () => `/api/devices/${doorId}/pin-codes` },
        {
          call: 'POST one',
          method: 'POST',
          url: () => `/api/devices/${doorId}/pin-codes`,
          payload: () => ({ code: '583920' }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'PUT',
          method: 'PUT',
          url: () => `/api/pin-codes/${pinId}`,
          payload: () => ({ status: 'disabled' }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'DELETE',
          method: 'DELETE',
          url: () => `/api/pin-codes/${pinId}`,
          forbidden: DEFAULT_FORBIDDEN,
        },
      ];
      it.each(refusals(calls))(
        '$call as $caller: $status, and nothing changes',
        async (refusal) => {
          await expectRefused(cast, db(), [pinCodes, deviceLogs], refusal);
        },
      );

      it.each([
        ...unknownIdCalls(
          ['GET', 'POST'],
          (id) => `/api/devices/${id}/pin-codes`,
          () => ({
            code: '583920',
          }),
        ).map((call) => ({ ...call, message: 'Device not found.' })),
        ...unknownIdCalls(
          ['PUT', 'DELETE'],
          (id) => `/api/pin-codes/${id}`,
          () => ({
            status: 'disabled',
          }),
        ).map((call) => ({ ...call, message: 'PIN code not found.' })),
      ])('$call: 404, and nothing changes', async (refusal) => {
        const response = await expectRefused(cast, db(), [pinCodes, deviceLogs], refusal);
        expect(response.json().message).toBe(refusal.message);
      });
    });
  }

  describe('adding', () => {
    it('puts a code in the lowest free slot, pending, answered and logged without the code', async () => {
      const door = await freshDoor();
      const response = await addPin(door.doorId, {
        code: '480213',
        label: 'Tvättstugan – lgh 1102',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        deviceId: door.doorId,
        slot: 1,
        status: 'enabled',
        label: 'Tvättstugan – lgh 1102',
        clearing: false,
        sync: 'pending',
        version: 1,
        syncedAt: null,
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
      expect(response.body).not.toContain('480213');
      const listed = await cast.request('member', 'GET', `/api/devices/${door.doorId}/pin-codes`);
      expect(listed.json()).toEqual([response.json()]);
      expect(listed.body).not.toContain('480213');
      expect(await pinLog(door.doorId)).toEqual(['1 added']);
      const log = await cast.request(
        'member',
        'GET',
        `/api/properties/${property.id}/device-logs?deviceId=${door.doorId}`,
      );
      expect(log.json().entries[0]).toMatchObject({
        action: 'updated',
        pinSlot: 1,
        pinChange: 'added',
      });
      expect(log.body).not.toContain('480213');
      // The next takes slot 2; a named slot is kept.
      expect((await addPin(door.doorId, { code: '480214' })).json().slot).toBe(2);
      expect((await addPin(door.doorId, { code: '480215', slot: 7 })).json().slot).toBe(7);
      expect((await addPin(door.doorId, { code: '480216' })).json().slot).toBe(3);
    });

    it('stores the code encrypted, bound to its device and slot', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '73915046' })).json();
      const [row] = await db().select().from(pinCodes).where(eq(pinCodes.id, made.id));
      const stored = row?.codeCiphertext as Buffer;
      for (const encoding of ['utf8', 'utf16le', 'hex', 'base64'] as const)
        expect(stored.toString(encoding)).not.toContain('73915046');
      expect(stored.includes(Buffer.from('73915046'))).toBe(false);
      const box = subject.app.portal.secrets;
      expect(box.open(stored, pinCodeContext(door.doorId, made.slot))).toBe('73915046');
      expect(() => box.open(stored, pinCodeContext(door.doorId, made.slot + 1))).toThrow();
      expect(() => box.open(stored, pinCodeContext(doorId, made.slot))).toThrow();
      // Every write a fresh IV: the same code sealed twice differs.
      expect(box.seal('73915046', 'x').equals(box.seal('73915046', 'x'))).toBe(false);
    });

    it('refuses a code another slot holds, naming the slot (409 PIN_CODE_DUPLICATE)', async () => {
      const door = await freshDoor();
      await addPin(door.doorId, { code: '551902', slot: 4 });
      const before = await contentsOf(db(), pinCodes, deviceLogs);
      const response = await addPin(door.doorId, { code: '551902' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PIN_CODE_DUPLICATE', details: { slot: 4 } });
      expect(await contentsOf(db(), pinCodes, deviceLogs)).toEqual(before);
      // Another lock may hold the same code.
      expect((await addPin(keypadId, { code: '551902' })).statusCode).toBe(201);
    });

    it.each([
      ['0000', 'same-digit'],
      ['7777777', 'same-digit'],
      ['1234', 'sequence'],
      ['0123', 'sequence'],
      ['4321', 'sequence'],
      ['9876543210', 'sequence'],
    ])('refuses the trivial code %s (422 PIN_CODE_TRIVIAL, %s)', async (code, reason) => {
      const response = await addPin(doorId, { code });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'PIN_CODE_TRIVIAL', details: { reason } });
    });

    it.each(['123', '12345678901', '12a4', ' 1357', '', 13579])(
      'refuses %j, which is not 4–10 digits (400)',
      async (code) => {
        const response = await addPin(doorId, { code });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
      },
    );

    it('keeps to the slots: out of range 422, taken 409, all used 409, none on a meter 409', async () => {
      const door = await freshDoor(2);
      const outside = await addPin(door.doorId, { code: '918273', slot: 3 });
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toMatchObject({
        code: 'PIN_SLOT_OUT_OF_RANGE',
        details: { slotCount: 2 },
      });
      expect((await addPin(door.doorId, { code: '918273', slot: 0 })).statusCode).toBe(400);
      expect((await addPin(door.doorId, { code: '918273', slot: 2 })).statusCode).toBe(201);
      const taken = await addPin(door.doorId, { code: '918274', slot: 2 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'PIN_SLOT_TAKEN', details: { slot: 2 } });
      expect((await addPin(door.doorId, { code: '918275' })).json().slot).toBe(1);
      const full = await addPin(door.doorId, { code: '918276' });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ code: 'PIN_SLOTS_FULL', details: { slotCount: 2 } });
      const meter = await addPin(meterId, { code: '918277' });
      expect(meter.statusCode).toBe(409);
      expect(meter.json().code).toBe('NO_PIN_SLOTS');
      expect(
        (await cast.request('member', 'GET', `/api/devices/${meterId}/pin-codes`)).json(),
      ).toEqual([]);
    });

    it('lets one of two adds of the same code at once through', async () => {
      const door = await freshDoor();
      const answers = await Promise.all([1, 2].map(() => addPin(door.doorId, { code: '640128' })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(await slotsOf(door.doorId)).toHaveLength(1);
    });
  });

  describe('changing and deleting', () => {
    it('makes a new code or status a new version, a label alone none; each change logged', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '302918' })).json() as Slot;
      const put = (payload: object) =>
        cast.request('manager', 'PUT', `/api/pin-codes/${made.id}`, payload);
      const changed = await put({ code: '302919' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ version: 2, sync: 'pending' });
      expect(changed.body).not.toContain('302919');
      expect((await put({ status: 'disabled' })).json()).toMatchObject({
        version: 3,
        status: 'disabled',
      });
      expect((await put({ label: 'Städfirman' })).json()).toMatchObject({
        version: 3,
        label: 'Städfirman',
      });
      // The same again changes nothing and logs nothing.
      expect(
        (await put({ code: '302919', status: 'disabled', label: 'Städfirman' })).json(),
      ).toMatchObject({ version: 3 });
      expect((await put({ status: 'enabled', code: '302920' })).json().version).toBe(4);
      expect(await pinLog(door.doorId)).toEqual([
        '1 added',
        '1 changed',
        '1 disabled',
        '1 changed',
        '1 changed',
        '1 enabled',
      ]);
      const trivial = await put({ code: '1111' });
      expect(trivial.json()).toMatchObject({ code: 'PIN_CODE_TRIVIAL' });
      await addPin(door.doorId, { code: '302921', slot: 5 });
      const duplicate = await put({ code: '302921' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ code: 'PIN_CODE_DUPLICATE', details: { slot: 5 } });
    });

    it('keeps a deleted code as a pending clear until the gateway clears it, then it is gone', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '860311' })).json() as Slot;
      await acknowledge(door.key, [{ id: made.id, version: 1, result: 'applied' }]);
      expect(
        (await cast.request('manager', 'DELETE', `/api/pin-codes/${made.id}`)).statusCode,
      ).toBe(204);
      expect(await slotsOf(door.doorId)).toEqual([
        expect.objectContaining({ slot: 1, clearing: true, sync: 'pending', version: 2 }),
      ]);
      const [row] = await db().select().from(pinCodes).where(eq(pinCodes.id, made.id));
      expect(row?.codeCiphertext).toBeNull();
      // A slot being cleared is not changed, and the next free slot is past it.
      expect(
        (await cast.request('manager', 'PUT', `/api/pin-codes/${made.id}`, { status: 'disabled' }))
          .statusCode,
      ).toBe(404);
      expect((await addPin(door.doorId, { code: '860312' })).json().slot).toBe(2);
      expect(await fetchChanges(door.key)).toEqual([
        expect.objectContaining({ id: made.id, slot: 1, code: null, version: 2 }),
        expect.objectContaining({ slot: 2, code: '860312', version: 1 }),
      ]);
      expect(await acknowledge(door.key, [{ id: made.id, version: 2, result: 'applied' }])).toEqual(
        ['recorded'],
      );
      expect((await slotsOf(door.doorId)).map((slot) => slot.slot)).toEqual([2]);
      expect(await pinLog(door.doorId)).toEqual(['1 added', '1 deleted', '2 added']);
    });

    it('lets a new code in a slot being cleared supersede the clear', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '719204' })).json() as Slot;
      await cast.request('manager', 'DELETE', `/api/pin-codes/${made.id}`);
      const again = await addPin(door.doorId, { code: '719205', slot: 1 });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({
        id: made.id,
        version: 3,
        clearing: false,
        sync: 'pending',
      });
      expect(await acknowledge(door.key, [{ id: made.id, version: 2, result: 'applied' }])).toEqual(
        ['stale'],
      );
      expect(await fetchChanges(door.key)).toEqual([
        expect.objectContaining({ id: made.id, code: '719205', version: 3 }),
      ]);
    });

    it('refuses fewer slots than the highest one used (409 PIN_SLOTS_OCCUPIED); a deleted door takes its codes', async () => {
      const door = await freshDoor();
      await addPin(door.doorId, { code: '250913', slot: 12 });
      const [stored] = await db().select().from(devices).where(eq(devices.id, door.doorId));
      const lower = (slotCount: number) =>
        cast.request('manager', 'PUT', `/api/devices/${door.doorId}`, {
          idNumber: stored?.idNumber,
          slotCount,
        });
      const refused = await lower(10);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'PIN_SLOTS_OCCUPIED', details: { slot: 12 } });
      expect((await lower(12)).statusCode).toBe(200);
      expect(
        (await cast.request('manager', 'DELETE', `/api/devices/${door.doorId}`)).statusCode,
      ).toBe(204);
      expect(await db().select().from(pinCodes).where(eq(pinCodes.deviceId, door.doorId))).toEqual(
        [],
      );
    });

    it('names a slot still being cleared on the lock when it keeps the slots from being fewer', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '250914', slot: 12 })).json() as Slot;
      await acknowledge(door.key, [{ id: made.id, version: 1, result: 'applied' }]);
      await cast.request('manager', 'DELETE', `/api/pin-codes/${made.id}`);
      const [stored] = await db().select().from(devices).where(eq(devices.id, door.doorId));
      const lower = () =>
        cast.request('manager', 'PUT', `/api/devices/${door.doorId}`, {
          idNumber: stored?.idNumber,
          slotCount: 10,
        });
      const refused = await lower();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PIN_SLOTS_OCCUPIED',
        message: 'Slot 12 is still being cleared on the lock.',
        details: { slot: 12, clearing: true },
      });
      await acknowledge(door.key, [{ id: made.id, version: 2, result: 'applied' }]);
      expect((await lower()).statusCode).toBe(200);
    });

    it('deletes a door that holds codes: its slots go, and its gateway gets nothing for it', async () => {
      const door = await freshDoor();
      const applied = (await addPin(door.doorId, { code: '730142' })).json() as Slot;
      await acknowledge(door.key, [{ id: applied.id, version: 1, result: 'applied' }]);
      const pending = (await addPin(door.doorId, { code: '730143' })).json() as Slot;
      expect((await fetchChanges(door.key)).map((change) => change.id)).toEqual([pending.id]);
      expect(
        (await cast.request('manager', 'DELETE', `/api/devices/${door.doorId}`)).statusCode,
      ).toBe(204);
      expect(await db().select().from(pinCodes).where(eq(pinCodes.deviceId, door.doorId))).toEqual(
        [],
      );
      expect(await fetchChanges(door.key)).toEqual([]);
      expect(
        await acknowledge(door.key, [
          { id: pending.id, version: 1, result: 'applied' },
          { id: applied.id, version: 1, result: 'applied' },
        ]),
      ).toEqual(['unknown', 'unknown']);
    });
  });

  describe('the gateway (GET /api/ingest/pin-codes, POST …/ack)', () => {
    it('refuses a missing, malformed or wrong key, and a person’s token (401)', async () => {
      const cases: [Record<string, string>, string][] = [
        [{}, 'GATEWAY_KEY_MISSING'],
        [{ authorization: 'Bearer something' }, 'GATEWAY_KEY_MISSING'],
        [{ authorization: 'Gateway' }, 'GATEWAY_KEY_MISSING'],
        [{ authorization: 'Gateway not-the-key' }, 'GATEWAY_KEY_INVALID'],
        [cast.headersOf('manager'), 'GATEWAY_KEY_MISSING'],
      ];
      for (const [headers, code] of cases) {
        for (const [method, url] of [
          ['GET', '/api/ingest/pin-codes'],
          ['POST', '/api/ingest/pin-codes/ack'],
        ] as const) {
          const response = await subject.app.inject({
            method,
            url,
            headers,
            payload: method === 'POST' ? { results: [] } : undefined,
          });
          expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(401);
          expect(response.json().code).toBe(code);
        }
      }
    });

    it('gets the pending changes of its own area’s locks only, codes decrypted, and marks itself seen', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '390127', status: 'disabled' })).json();
      const keypadPin = (await addPin(keypadId, { code: '390127' })).json();
      const changes = await fetchChanges(door.key);
      expect(changes).toEqual([
        {
          id: made.id,
          deviceId: door.doorId,
          idNumber: `DOOR-FRESH-${areaCount}`,
          deviceType: 'door',
          slot: 1,
          code: '390127',
          status: 'disabled',
          version: 1,
        },
      ]);
      expect((await fetchChanges(entranceKey)).map((change) => change.id)).toContain(keypadPin.id);
      // Another area's slot is unknown to this gateway, and stays pending.
      expect(
        await acknowledge(door.key, [{ id: keypadPin.id, version: 1, result: 'applied' }]),
      ).toEqual(['unknown']);
      expect((await slotsOf(keypadId)).find((slot) => slot.id === keypadPin.id)?.sync).toBe(
        'pending',
      );
      const [gateway] = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.areaId, door.areaId), eq(devices.deviceType, 'gw')));
      expect(gateway?.lastSeenAt).toBeInstanceOf(Date);
      const read = await cast.request('member', 'GET', `/api/devices/${gateway?.id}`);
      expect(read.json().lastSeenAt).toMatch(ISO_TIME);
    });

    it('takes pending to applied or failed, and a repeated answer once', async () => {
      const door = await freshDoor();
      const first = (await addPin(door.doorId, { code: '502817' })).json() as Slot;
      const second = (await addPin(door.doorId, { code: '502818' })).json() as Slot;
      expect(
        await acknowledge(door.key, [
          { id: first.id, version: 1, result: 'applied' },
          { id: second.id, version: 1, result: 'failed' },
          { id: first.id, version: 2, result: 'applied' },
        ]),
      ).toEqual(['recorded', 'recorded', 'unknown']);
      const slots = await slotsOf(door.doorId);
      expect(slots.map((slot) => slot.sync)).toEqual(['applied', 'failed']);
      expect(slots[0]?.syncedAt).toMatch(ISO_TIME);
      expect(await fetchChanges(door.key)).toEqual([]);
      expect(
        await acknowledge(door.key, [{ id: first.id, version: 1, result: 'applied' }]),
      ).toEqual(['recorded']);
      // A failed slot sent again by a PUT that changes nothing.
      const resent = await cast.request('manager', 'PUT', `/api/pin-codes/${second.id}`, {});
      expect(resent.json()).toMatchObject({ version: 2, sync: 'pending' });
      expect((await fetchChanges(door.key)).map((change) => change.version)).toEqual([2]);
    });

    it('ignores an answer for a change superseded meanwhile (stale), the newer one pending', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '617290' })).json() as Slot;
      expect((await fetchChanges(door.key))[0]?.version).toBe(1);
      await cast.request('manager', 'PUT', `/api/pin-codes/${made.id}`, { code: '617291' });
      expect(await acknowledge(door.key, [{ id: made.id, version: 1, result: 'applied' }])).toEqual(
        ['stale'],
      );
      expect((await slotsOf(door.doorId))[0]).toMatchObject({ sync: 'pending', version: 2 });
      expect(await fetchChanges(door.key)).toEqual([
        expect.objectContaining({ id: made.id, code: '617291', version: 2 }),
      ]);
      expect(await acknowledge(door.key, [{ id: made.id, version: 2, result: 'applied' }])).toEqual(
        ['recorded'],
      );
      expect((await slotsOf(door.doorId))[0]?.sync).toBe('applied');
    });

    it('answers the codes with Cache-Control: no-store', async () => {
      const door = await freshDoor();
      await addPin(door.doorId, { code: '418093' });
      const response = await asGateway(door.key, 'GET', '/api/ingest/pin-codes');
      expect(response.body).toContain('418093');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('lets applied replace failed for the same version, never the other way round', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '529301' })).json() as Slot;
      const answer = (result: string) =>
        acknowledge(door.key, [{ id: made.id, version: 1, result }]);
      expect(await answer('failed')).toEqual(['recorded']);
      expect((await slotsOf(door.doorId))[0]?.sync).toBe('failed');
      // The lock took it after all (or another gateway of the area reached it).
      expect(await answer('applied')).toEqual(['recorded']);
      expect((await slotsOf(door.doorId))[0]?.sync).toBe('applied');
      // A failure reported after that does not undo it.
      expect(await answer('failed')).toEqual(['recorded']);
      expect((await slotsOf(door.doorId))[0]).toMatchObject({ sync: 'applied', version: 1 });
      // The same for a clear: a failed clear applied after all takes the slot away.
      await cast.request('manager', 'DELETE', `/api/pin-codes/${made.id}`);
      expect(
        await acknowledge(door.key, [
          { id: made.id, version: 2, result: 'failed' },
          { id: made.id, version: 2, result: 'applied' },
        ]),
      ).toEqual(['recorded', 'recorded']);
      expect(await slotsOf(door.doorId)).toEqual([]);
    });

    it('answers stale for a change deleted and added again meanwhile', async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '836104' })).json() as Slot;
      expect((await fetchChanges(door.key)).map((change) => change.version)).toEqual([1]);
      await cast.request('manager', 'DELETE', `/api/pin-codes/${made.id}`);
      expect((await addPin(door.doorId, { code: '836105', slot: 1 })).json()).toMatchObject({
        id: made.id,
        version: 3,
      });
      // The gateway answers what it fetched before the delete, then the clear: both stale.
      expect(
        await acknowledge(door.key, [
          { id: made.id, version: 1, result: 'applied' },
          { id: made.id, version: 2, result: 'applied' },
        ]),
      ).toEqual(['stale', 'stale']);
      expect(await slotsOf(door.doorId)).toEqual([
        expect.objectContaining({ id: made.id, clearing: false, sync: 'pending', version: 3 }),
      ]);
      expect(await fetchChanges(door.key)).toEqual([
        expect.objectContaining({ id: made.id, code: '836105', version: 3 }),
      ]);
    });

    it("lists each lock's clears before its codes, so a code moved to another slot is cleared first", async () => {
      const door = await freshDoor();
      const moved = (await addPin(door.doorId, { code: '907315', slot: 5 })).json() as Slot;
      await acknowledge(door.key, [{ id: moved.id, version: 1, result: 'applied' }]);
      await cast.request('manager', 'DELETE', `/api/pin-codes/${moved.id}`);
      const again = (await addPin(door.doorId, { code: '907315' })).json() as Slot;
      expect(again.slot).toBe(1);
      expect((await fetchChanges(door.key)).map((change) => [change.slot, change.code])).toEqual([
        [5, null],
        [1, '907315'],
      ]);
    });

    describe('a code that does not decrypt (SECRETS_KEY changed, damaged bytes)', () => {
      afterEach(() => {
        vi.restoreAllMocks();
      });

      it('costs its own slot only: the others go out, changes go on, setting it again mends it', async () => {
        const door = await freshDoor();
        const lost = (await addPin(door.doorId, { code: '604172' })).json() as Slot;
        const kept = (await addPin(door.doorId, { code: '604173' })).json() as Slot;
        // Sealed under another key, as after a change of SECRETS_KEY.
        const otherKey = new SecretBox(Buffer.alloc(32, 7));
        await db()
          .update(pinCodes)
          .set({ codeCiphertext: otherKey.seal('604172', pinCodeContext(door.doorId, 1)) })
          .where(eq(pinCodes.id, lost.id));
        const warn = vi.spyOn(subject.app.log, 'warn');

        const response = await asGateway(door.key, 'GET', '/api/ingest/pin-codes');
        expect(response.statusCode).toBe(200);
        expect(response.json().changes).toEqual([
          expect.objectContaining({ id: kept.id, code: '604173' }),
        ]);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ pinCodeId: lost.id }),
          expect.any(String),
        );
        expect(JSON.stringify(warn.mock.calls)).not.toContain('604172');

        // The duplicate check takes the unreadable code for another: adds go on.
        expect((await addPin(door.doorId, { code: '604174' })).statusCode).toBe(201);
        expect((await addPin(door.doorId, { code: '604172' })).statusCode).toBe(201);
        const duplicate = await addPin(door.doorId, { code: '604173' });
        expect(duplicate.json()).toMatchObject({
          code: 'PIN_CODE_DUPLICATE',
          details: { slot: 2 },
        });

        // Setting the lost slot's code again needs no look at the old one.
        const reset = await cast.request('manager', 'PUT', `/api/pin-codes/${lost.id}`, {
          code: '604175',
        });
        expect(reset.statusCode).toBe(200);
        expect(reset.json()).toMatchObject({ version: 2, sync: 'pending' });
        expect(
          (await fetchChanges(door.key)).find((change) => change.id === lost.id),
        ).toMatchObject({ code: '604175', version: 2 });
      });
    });

    it('stops answering a renewed key', async () => {
      const door = await freshDoor();
      const [gateway] = await db()
        .select()
        .from(devices)
        .where(and(eq(devices.areaId, door.areaId), eq(devices.deviceType, 'gw')));
      await cast.request('manager', 'POST', `/api/devices/${gateway?.id}/gateway-key`);
      const response = await asGateway(door.key, 'GET', '/api/ingest/pin-codes');
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('GATEWAY_KEY_INVALID');
    });
  });

  if (driver === 'postgres') {
    it("makes an acknowledgement wait for a person's change of the same lock (no row deleted under it)", async () => {
      const door = await freshDoor();
      const made = (await addPin(door.doorId, { code: '271946' })).json() as Slot;
      await acknowledge(door.key, [{ id: made.id, version: 1, result: 'applied' }]);
      await cast.request('manager', 'DELETE', `/api/pin-codes/${made.id}`);
      // A person's add into the slot being cleared, as create() does it: the device held, the
      // slot read, then reused for the new code. It stops in between while the gateway's
      // acknowledgement of the clear comes in.
      let locked!: () => void;
      const hasLock = new Promise<void>((resolve) => {
        locked = resolve;
      });
      let proceed!: () => void;
      const mayProceed = new Promise<void>((resolve) => {
        proceed = resolve;
      });
      const person = db().transaction(async (transaction) => {
        await transaction
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.id, door.doorId))
          .for('no key update');
        const [slot] = await transaction.select().from(pinCodes).where(eq(pinCodes.id, made.id));
        locked();
        await mayProceed;
        return transaction
          .update(pinCodes)
          .set({
            codeCiphertext: subject.app.portal.secrets.seal(
              '271947',
              pinCodeContext(door.doorId, 1),
            ),
            version: (slot?.version ?? 0) + 1,
            sync: 'pending',
          })
          .where(eq(pinCodes.id, made.id))
          .returning();
      });
      await hasLock;
      let answered = false;
      const ack = acknowledge(door.key, [{ id: made.id, version: 2, result: 'applied' }]).then(
        (outcomes) => {
          answered = true;
          return outcomes;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      proceed();
      expect(await person).toHaveLength(1);
      expect(await ack).toEqual(['stale']);
      expect(await fetchChanges(door.key)).toEqual([
        expect.objectContaining({ id: made.id, code: '271947', version: 3 }),
      ]);
    });
  }

  it('reaches the laundry room door through its own gateway', async () => {
    const made = (await addPin(doorId, { code: '845120', label: 'Tvättstugan – lgh 1102' })).json();
    expect((await fetchChanges(laundryKey)).map((change) => change.id)).toContain(made.id);
    expect(laundryGatewayId).toBeDefined();
  });
});
