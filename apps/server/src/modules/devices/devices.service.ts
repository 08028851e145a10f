// Adding, reading, changing and deleting the devices of the caller's areas, with DESIGN §5's rules
// (a gateway first, ids read by the contracts' device-ids.ts and unique in the organization) and
// a log entry written in the same transaction as every change (docs/devices.md).

import { readDeviceId } from '@portal/contracts/device-ids';
import type {
  CreateDeviceSchema,
  Device,
  DeviceLogPage,
  DeviceLogQuerySchema,
  ImportPreviewSchema,
  UpdateDeviceSchema,
} from '@portal/contracts/devices';
import { DEFAULT_SLOT_COUNT } from '@portal/contracts/devices';
import { DEFAULT_METER_ROLE, type DeviceType, hasPinSlots } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/errors';
import { z } from 'zod';
import { AREA_NOT_FOUND, DEVICE_NOT_FOUND, PROPERTY_NOT_FOUND } from '../../access/not-found';
import { authorize, authorizeIn } from '../../access/policies';
import { roleIn } from '../../access/tenancy';
import type { AppContext } from '../../context';
import type { PortalTransaction, Queryable } from '../../db/client';
import {
  AppError,
  accountGone,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
} from '../../errors';
import { type AccessClaims, hashSecret, randomSecret } from '../auth/tokens';
import { cursorParts, decodeCursor, encodeCursor, pageOf } from '../paging';
import { highestOccupiedSlot } from '../pin-codes/pin-codes.repository';
import { findUserById } from '../users/users.repository';
import { type ImportedDevice, type ImportProblem, readDeviceImport } from './device-import';
import { presentDevice, presentLogEntry } from './device-presenter';
import {
  type DeviceRow,
  deleteDevice,
  findArea,
  findByKey,
  findDevice,
  findProperty,
  gatewayNeeds,
  insertDevice,
  insertDevices,
  insertLogEntries,
  listAreaDevices,
  listLogEntries,
  lockAreaForDevices,
  takenKeys,
  updateDevice,
} from './devices.repository';

type DeviceFields = z.output<typeof UpdateDeviceSchema>;
type ImportPreview = z.output<typeof ImportPreviewSchema>;

const LOG_CURSOR = z.tuple([cursorParts.text, cursorParts.uuid]);

/** Whether `typed` is the device's id as kept after its creator confirmed it did not fit. */
function keepsConfirmedId(device: DeviceRow, typed: string) {
  if (!device.idFormatConfirmed) return false;
  const reading = readDeviceId(device.deviceType, typed);
  return reading.outcome === 'mismatch' && reading.idNumber === device.idNumber;
}

/** 'Missing ID' and the other answers of an id that cannot be kept as sent. */
function readIdOrRefuse(type: DeviceType, fields: DeviceFields) {
  const reading = readDeviceId(type, fields.idNumber);
  if (reading.outcome === 'missing') throw badRequest('Missing ID', ErrorCode.missingId);
  if (reading.outcome === 'too-long')
    throw badRequest('The ID is too long.', ErrorCode.validation, {
      issues: [{ field: 'idNumber', rule: 'too_big', message: 'The ID is too long.' }],
    });
  if (reading.outcome === 'mismatch' && !fields.confirmIdFormat) {
    throw new AppError(
      422,
      ErrorCode.idFormatMismatch,
      'ID format does not match device type. Are you sure you want to add this device?',
      { details: { expected: reading.expected } },
    );
  }
  return reading;
}

/** 422 IMPORT_INVALID with every problem, by line. */
function importInvalid(problems: ImportProblem[]) {
  return new AppError(422, ErrorCode.importInvalid, 'Some lines cannot be imported.', {
    details: { problems },
  });
}

/** 400 naming the field when a device is sent what its type does not have. */
function invalidField(field: string, message: string) {
  return badRequest(`${field}: ${message}`, ErrorCode.validation, {
    issues: [{ field, rule: 'custom', message }],
  });
}

/** The role and slots of the type: an electricity meter has a role, doors and keypads slots. */
function typeFields(type: DeviceType, fields: DeviceFields) {
  if (fields.role && type !== 'el')
    throw invalidField('role', 'Only electricity meters have a role.');
  const hasSlots = hasPinSlots(type);
  if (fields.slotCount !== undefined && !hasSlots)
    throw invalidField('slotCount', 'Only doors and keypads have slots.');
  return {
    role: type === 'el' ? (fields.role ?? DEFAULT_METER_ROLE) : null,
    slotCount: hasSlots ? (fields.slotCount ?? DEFAULT_SLOT_COUNT) : null,
  };
}

export class DevicesService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  /** The log entries of a change, in its transaction, naming the caller's id and address as they
   * are now. */
  private async logChange(
    transaction: PortalTransaction,
    caller: AccessClaims,
    changed: DeviceRow[],
    action: 'created' | 'updated' | 'deleted',
  ) {
    const user = await findUserById(transaction, caller.userId);
    if (!user) throw accountGone();
    await insertLogEntries(transaction, changed, action, { id: user.id, email: user.email });
  }

  /** In a change's transaction: 403 unless the caller manages the organization (their role held
   * until commit), 404 with `gone` should their membership have gone meanwhile. */
  /** 403 for a caller who may not change the organization's devices, before anything of the
   * request is read: a user is told they may not, not that the id looks wrong or the device is
   * no gateway. (mayChange checks again in the write, holding the role until commit.) */
  private async refuseUsers(caller: AccessClaims, organizationId: string) {
    authorize(await roleIn(this.db, caller.userId, organizationId), 'device.change');
  }

  private mayChange(
    transaction: PortalTransaction,
    caller: AccessClaims,
    organizationId: string,
    gone = DEVICE_NOT_FOUND,
  ) {
    return authorizeIn(transaction, caller, organizationId, 'device.change', gone);
  }

  async list(caller: AccessClaims, areaId: string): Promise<Device[]> {
    if (!(await findArea(this.db, areaId, caller.userId))) throw notFound(AREA_NOT_FOUND);
    return (await listAreaDevices(this.db, areaId, caller.userId)).map(presentDevice);
  }

  async get(caller: AccessClaims, id: string): Promise<Device> {
    const row = await findDevice(this.db, id, caller.userId);
    if (!row) throw notFound(DEVICE_NOT_FOUND);
    return presentDevice(row);
  }

  /**
   * Adds a device to an area: the caller's role read with the write, then the area held, so that
   * whether it has a gateway stays as read until commit (a gateway being deleted waits).
   */
  async create(
    caller: AccessClaims,
    areaId: string,
    input: z.output<typeof CreateDeviceSchema>,
  ): Promise<{ device: Device; gatewayKey?: string }> {
    const area = await findArea(this.db, areaId, caller.userId);
    if (!area) throw notFound(AREA_NOT_FOUND);
    await this.refuseUsers(caller, area.organizationId);
    const type = input.deviceType;
    const reading = readIdOrRefuse(type, input);
    const fields = typeFields(type, input);
    const gatewayKey = type === 'gw' ? randomSecret() : undefined;
    const device = await this.writingId(area.organizationId, reading.key, async (transaction) => {
      await this.mayChange(transaction, caller, area.organizationId, AREA_NOT_FOUND);
      const locked = await lockAreaForDevices(transaction, areaId, caller.userId);
      if (!locked) throw notFound(AREA_NOT_FOUND);
      if (type !== 'gw' && (await gatewayNeeds(transaction, areaId)).gateways === 0)
        throw conflict('A gateway device must be added first', ErrorCode.gatewayRequired);
      const row = await insertDevice(transaction, {
        organizationId: locked.organizationId,
        propertyId: locked.propertyId,
        areaId,
        deviceType: type,
        idNumber: reading.idNumber,
        idKey: reading.key,
        name: input.name,
        main: input.main,
        idFormatConfirmed: reading.outcome === 'mismatch',
        gatewayKeyHash: gatewayKey ? hashSecret(gatewayKey) : null,
        ...fields,
      });
      await this.logChange(transaction, caller, [row], 'created');
      return row;
    });
    return { device: presentDevice(device), ...(gatewayKey ? { gatewayKey } : {}) };
  }

  /** Changes a device's id, name, role, main mark or slots; its type and area stay. */
  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdateDeviceSchema>,
  ): Promise<Device> {
    const current = await findDevice(this.db, id, caller.userId);
    if (!current) throw notFound(DEVICE_NOT_FOUND);
    await this.refuseUsers(caller, current.organizationId);
    // An id kept against its type was confirmed once (SPEC §5): a change of anything else does not
    // ask again while the id stays as it is.
    const reading = readIdOrRefuse(current.deviceType, {
      ...input,
      confirmIdFormat: input.confirmIdFormat || keepsConfirmedId(current, input.idNumber),
    });
    const fields = typeFields(current.deviceType, input);
    const updated = await this.writingId(
      current.organizationId,
      reading.key,
      async (transaction) => {
        await this.mayChange(transaction, caller, current.organizationId);
        const row = await updateDevice(transaction, id, {
          idNumber: reading.idNumber,
          idKey: reading.key,
          name: input.name,
          main: input.main,
          idFormatConfirmed: reading.outcome === 'mismatch',
          ...fields,
        });
        if (!row) throw notFound(DEVICE_NOT_FOUND);
        // Read after the update, which waited for any PIN change of the device under way.
        const occupied =
          row.slotCount === null ? undefined : await highestOccupiedSlot(transaction, id);
        if (row.slotCount !== null && occupied && occupied.slot > row.slotCount)
          // A slot deleted but not yet cleared on the lock is named as such: deleting it again
          // would not help, waiting for the gateway does.
          throw conflict(
            occupied.clearing
              ? `Slot ${occupied.slot} is still being cleared on the lock.`
              : `Slot ${occupied.slot} holds a PIN code: delete it before lowering the number of slots.`,
            ErrorCode.pinSlotsOccupied,
            occupied.clearing ? { slot: occupied.slot, clearing: true } : { slot: occupied.slot },
          );
        await this.logChange(transaction, caller, [row], 'updated');
        return row;
      },
    );
    return presentDevice(updated);
  }

  /** Deletes a device; a gateway only while no other device of its area needs it. */
  async delete(caller: AccessClaims, id: string) {
    const current = await findDevice(this.db, id, caller.userId);
    if (!current) throw notFound(DEVICE_NOT_FOUND);
    await this.db.transaction(async (transaction) => {
      await this.mayChange(transaction, caller, current.organizationId);
      // The area held: a device being added there meanwhile waits, and then finds no gateway.
      if (!(await lockAreaForDevices(transaction, current.areaId, caller.userId)))
        throw notFound(DEVICE_NOT_FOUND);
      const row = await findDevice(transaction, id, caller.userId);
      if (!row) throw notFound(DEVICE_NOT_FOUND);
      if (row.deviceType === 'gw') {
        const needs = await gatewayNeeds(transaction, row.areaId);
        if (needs.others > 0 && needs.gateways === 1) {
          throw conflict(
            'The other devices of its area need this gateway: delete or move them first.',
            ErrorCode.gatewayInUse,
          );
        }
      }
      await deleteDevice(transaction, id);
      await this.logChange(transaction, caller, [row], 'deleted');
    });
  }

  /** A new ingestion key for a gateway; the old one stops working with the commit. */
  async renewGatewayKey(caller: AccessClaims, id: string): Promise<string> {
    const current = await findDevice(this.db, id, caller.userId);
    if (!current) throw notFound(DEVICE_NOT_FOUND);
    await this.refuseUsers(caller, current.organizationId);
    if (current.deviceType !== 'gw')
      throw invalidField('deviceId', 'Only gateways have an ingestion key.');
    const gatewayKey = randomSecret();
    await this.db.transaction(async (transaction) => {
      await this.mayChange(transaction, caller, current.organizationId);
      const row = await updateDevice(transaction, id, { gatewayKeyHash: hashSecret(gatewayKey) });
      if (!row) throw notFound(DEVICE_NOT_FOUND);
      await this.logChange(transaction, caller, [row], 'updated');
    });
    return gatewayKey;
  }

  /**
   * Imports a CSV file of devices into an area (docs/devices.md "Importing devices"): every line
   * read and checked against the organization's ids and the area's gateway, then all of them
   * made in one transaction, or none and 422 IMPORT_INVALID naming each problem. A preview
   * answers the same reading and makes nothing.
   */
  async import(
    caller: AccessClaims,
    areaId: string,
    text: string,
    preview: boolean,
  ): Promise<ImportPreview | { devices: { device: Device; gatewayKey?: string }[] }> {
    const area = await findArea(this.db, areaId, caller.userId);
    if (!area) throw notFound(AREA_NOT_FOUND);
    await this.refuseUsers(caller, area.organizationId);
    const read = readDeviceImport(text);
    const problems = [
      ...read.problems,
      ...(await this.importProblemsIn(this.db, area.organizationId, areaId, read.devices)),
    ].sort((first, second) => first.line - second.line);
    if (preview) {
      const failing = new Set(problems.map((problem) => problem.line));
      return {
        devices: read.devices
          .filter((device) => !failing.has(device.line))
          .map(({ line, deviceType, idNumber, name, role }) => ({
            line,
            deviceType,
            idNumber,
            name,
            role,
          })),
        problems,
      };
    }
    if (problems.length > 0) throw importInvalid(problems);

    const keys = new Map(
      read.devices.map((device) => [
        device.line,
        device.deviceType === 'gw' ? randomSecret() : undefined,
      ]),
    );
    const made = await this.db
      .transaction(async (transaction) => {
        await this.mayChange(transaction, caller, area.organizationId, AREA_NOT_FOUND);
        const locked = await lockAreaForDevices(transaction, areaId, caller.userId);
        if (!locked) throw notFound(AREA_NOT_FOUND);
        // Read again under the lock: a gateway deleted, or an id taken, since the first reading.
        const late = await this.importProblemsIn(
          transaction,
          locked.organizationId,
          areaId,
          read.devices,
        );
        if (late.length > 0) throw importInvalid(late);
        const rows = await insertDevices(
          transaction,
          read.devices.map((device) => {
            const key = keys.get(device.line);
            return {
              organizationId: locked.organizationId,
              propertyId: locked.propertyId,
              areaId,
              deviceType: device.deviceType,
              idNumber: device.idNumber,
              idKey: device.idKey,
              name: device.name,
              role: device.role,
              slotCount: hasPinSlots(device.deviceType) ? DEFAULT_SLOT_COUNT : null,
              gatewayKeyHash: key ? hashSecret(key) : null,
            };
          }),
        );
        await this.logChange(transaction, caller, rows, 'created');
        return rows;
      })
      .catch((error) => {
        // An id taken by a device made at this very moment.
        throw isUniqueViolation(error)
          ? conflict('A device with this ID already exists.', ErrorCode.deviceIdTaken)
          : error;
      });
    return {
      devices: made.map((row, index) => {
        const key = keys.get(read.devices[index]?.line ?? -1);
        return { device: presentDevice(row), ...(key ? { gatewayKey: key } : {}) };
      }),
    };
  }

  /** The problems of an import only the database can tell: ids taken, no gateway to rely on. */
  private async importProblemsIn(
    db: Queryable,
    organizationId: string,
    areaId: string,
    imported: ImportedDevice[],
  ): Promise<ImportProblem[]> {
    const taken = await takenKeys(
      db,
      organizationId,
      imported.map((device) => device.idKey),
    );
    const problems: ImportProblem[] = imported
      .filter((device) => taken.has(device.idKey))
      .map((device) => ({ line: device.line, field: 'idNumber', code: 'id-taken' }));
    const bringsGateway = imported.some((device) => device.deviceType === 'gw');
    if (!bringsGateway && (await gatewayNeeds(db, areaId)).gateways === 0) {
      for (const device of imported)
        problems.push({ line: device.line, field: 'deviceType', code: 'gateway-required' });
    }
    return problems;
  }

  /** A page of a property's device log, newest first. */
  async log(
    caller: AccessClaims,
    propertyId: string,
    query: z.output<typeof DeviceLogQuerySchema>,
  ): Promise<DeviceLogPage> {
    if (!(await findProperty(this.db, propertyId, caller.userId)))
      throw notFound(PROPERTY_NOT_FOUND);
    const after = query.cursor ? decodeCursor(query.cursor, LOG_CURSOR) : undefined;
    const rows = await listLogEntries(this.db, propertyId, {
      deviceId: query.deviceId,
      after,
      limit: query.limit + 1,
    });
    const page = pageOf(rows, query.limit, (row) => [row.time, row.entry.id]);
    return {
      entries: page.rows.map((row) => presentLogEntry(row.entry)),
      ...(page.nextKey ? { nextCursor: encodeCursor(page.nextKey) } : {}),
    };
  }

  /**
   * Runs a write that stores an id: a clash with the organization's unique ids (a device made
   * with the same id meanwhile included) is 409 DEVICE_ID_TAKEN, naming the device that has it.
   */
  private async writingId(
    organizationId: string,
    idKey: string,
    write: (transaction: PortalTransaction) => Promise<DeviceRow>,
  ): Promise<DeviceRow> {
    try {
      return await this.db.transaction(write);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The device is in the caller's organization, so they may be told where it is.
      const other = await findByKey(this.db, organizationId, idKey);
      throw conflict(
        'A device with this ID already exists.',
        ErrorCode.deviceIdTaken,
        other ? { deviceId: other.id, areaId: other.areaId } : undefined,
      );
    }
  }
}
