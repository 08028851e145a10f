// Meter replacements recorded by site managers (DESIGN §5 "Telemetry", docs/telemetry.md "Use
// from registers"): the old meter's final register and the new one's first at the time of the
// exchange. Recording or removing one derives the meter's readings around that time again (no new
// readings: the walk of the ingest, series-update.ts) and corrects the rollups, with a device-log
// entry, all in one transaction.
import { isMeterType, type MeterType } from '@portal/contracts/device-ids';
import { ErrorCode } from '@portal/contracts/errors';
import type { MeterReplacement, MeterReplacementBody } from '@portal/contracts/meter-replacements';
import {
  BASE_UNIT,
  METER_QUANTITY,
  normaliseValue,
  READING_MAX_AHEAD_MS,
  READINGS_EARLIEST,
  unitFitsMeter,
} from '@portal/contracts/readings';
import { DEVICE_NOT_FOUND } from '../../access/not-found';
import { authorizeIn } from '../../access/policies';
import type { AppContext } from '../../context';
import type { PortalTransaction } from '../../db/client';
import { AppError, accountGone, conflict, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { type DeviceRow, findDevice, insertLogEntries } from '../devices/devices.repository';
import { findUserById } from '../users/users.repository';
import {
  deleteReplacement,
  findReplacement,
  insertReplacement,
  listReplacements,
  type MeterReplacementRow,
} from './meter-replacements.repository';
import { updateSeries } from './series-update';

export const METER_REPLACEMENT_NOT_FOUND = 'Meter replacement not found.';

const EARLIEST_MS = Date.parse(READINGS_EARLIEST);

function present(
  row: MeterReplacementRow,
  deviceType: MeterType,
  userEmail: string,
): MeterReplacement {
  return {
    id: row.id,
    deviceId: row.deviceId,
    at: row.at.toISOString(),
    oldFinal: row.oldFinal,
    newFirst: row.newFirst,
    unit: BASE_UNIT[METER_QUANTITY[deviceType]],
    userEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The meter of a replacement: 409 NOT_A_METER for a gateway, door or keypad. */
function meterTypeOf(device: DeviceRow): MeterType {
  if (!isMeterType(device.deviceType))
    throw conflict('Only meters are replaced this way.', ErrorCode.notAMeter);
  return device.deviceType;
}

/** In a change's transaction: 403 unless the caller manages the organization (role held until
 * commit; 404 with `goneMessage` should their membership be gone), then who they are, for the
 * record and its log entry. */
async function authorizedUser(
  transaction: PortalTransaction,
  caller: AccessClaims,
  organizationId: string,
  goneMessage: string,
) {
  await authorizeIn(transaction, caller, organizationId, 'device.change', goneMessage);
  const user = await findUserById(transaction, caller.userId);
  if (!user) throw accountGone();
  return user;
}

export class MeterReplacementsService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  /** The meter's replacements, newest first (everyone of the organization). */
  async list(caller: AccessClaims, deviceId: string): Promise<MeterReplacement[]> {
    const device = await findDevice(this.db, deviceId, caller.userId);
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    if (!isMeterType(device.deviceType)) return [];
    const type = device.deviceType;
    return (await listReplacements(this.db, deviceId)).map((row) =>
      present(row.replacement, type, row.userEmail),
    );
  }

  async create(
    caller: AccessClaims,
    deviceId: string,
    body: MeterReplacementBody,
  ): Promise<MeterReplacement> {
    const device = await findDevice(this.db, deviceId, caller.userId);
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    return this.db.transaction(async (transaction) => {
      const user = await authorizedUser(
        transaction,
        caller,
        device.organizationId,
        DEVICE_NOT_FOUND,
      );
      const type = meterTypeOf(device);
      if (!unitFitsMeter(body.unit, type))
        throw new AppError(
          422,
          ErrorCode.wrongUnit,
          type === 'hw' || type === 'cw'
            ? 'A water meter reads volume (m3 or l).'
            : 'This meter reads energy (kWh, MWh, Wh or GJ).',
        );
      const atMs = Date.parse(body.at);
      if (atMs > Date.now() + READING_MAX_AHEAD_MS || atMs < EARLIEST_MS)
        throw new AppError(
          422,
          ErrorCode.outOfRange,
          'The time of the replacement is more than a day ahead, or before 2000.',
        );
      const row = await insertReplacement(transaction, {
        organizationId: device.organizationId,
        deviceId,
        at: new Date(atMs),
        oldFinal: normaliseValue(body.oldFinal, body.unit),
        newFirst: normaliseValue(body.newFirst, body.unit),
        userId: user.id,
      });
      if (!row)
        throw conflict(
          'This meter has a replacement recorded at that time already.',
          ErrorCode.meterReplacementExists,
        );
      await this.deriveAgain(transaction, device, type, atMs);
      await insertLogEntries(transaction, [device], 'updated', user, undefined, {
        event: 'replacementRecorded',
        at: row.at,
      });
      return present(row, type, user.email);
    });
  }

  /** Removes a replacement recorded by mistake: the readings around it are derived again. */
  async delete(caller: AccessClaims, id: string) {
    const found = await findReplacement(this.db, id, caller.userId);
    if (!found) throw notFound(METER_REPLACEMENT_NOT_FOUND);
    await this.db.transaction(async (transaction) => {
      const user = await authorizedUser(
        transaction,
        caller,
        found.organizationId,
        METER_REPLACEMENT_NOT_FOUND,
      );
      const removed = await deleteReplacement(transaction, id);
      const device = await findDevice(transaction, found.deviceId, caller.userId);
      if (!removed || !device) throw notFound(METER_REPLACEMENT_NOT_FOUND);
      await this.deriveAgain(transaction, device, meterTypeOf(device), removed.at.getTime());
      await insertLogEntries(transaction, [device], 'updated', user, undefined, {
        event: 'replacementRemoved',
        at: removed.at,
      });
    });
  }

  /** The walk of the ingest over the stretch around `atMs`, with no new readings. */
  private async deriveAgain(
    transaction: PortalTransaction,
    device: DeviceRow,
    deviceType: MeterType,
    atMs: number,
  ) {
    await updateSeries(transaction, {
      propertyId: device.propertyId,
      work: [{ device: { id: device.id, deviceType, main: device.main }, times: [atMs] }],
    });
  }
}
