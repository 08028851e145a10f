// The PIN code slots of doors and keypads (DESIGN §5, docs/pin-codes.md): site managers add,
// change and delete codes, everyone of the organization reads the slots (never a code), and each
// change waits as `pending` for the gateway of the device's area to apply it on the lock. Codes
// are encrypted at rest, bound to their device and slot; every change writes a device-log entry
// (slot and what was done, never the code) in its transaction.
import { hasPinSlots, type PinCodeChange as LoggedChange } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/errors';
import {
  type CreatePinCodeSchema,
  lowestFreeSlot,
  type PinCode,
  pinCodeTrivialReason,
  type UpdatePinCodeSchema,
} from '@portal/contracts/pin-codes';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { DEVICE_NOT_FOUND, PIN_CODE_NOT_FOUND } from '../../access/not-found';
import { authorizeIn } from '../../access/policies';
import type { AppContext } from '../../context';
import type { PortalTransaction } from '../../db/client';
import { AppError, accountGone, conflict, notFound } from '../../errors';
import type { SecretBox } from '../../secrets/secret-box';
import type { AccessClaims } from '../auth/tokens';
import { type DeviceRow, findDevice, insertLogEntries } from '../devices/devices.repository';
import { findUserById } from '../users/users.repository';
import {
  findPinCode,
  insertPinCode,
  listPinCodes,
  type PinCodeRow,
  updatePinCode,
} from './pin-codes.repository';

/** What a code is sealed to: its device and slot (a ciphertext moved to another row does not open). */
export const pinCodeContext = (deviceId: string, slot: number) => `pin-code:${deviceId}:${slot}`;

/**
 * A slot's code, or undefined when it does not open (SECRETS_KEY changed since it was written,
 * damaged bytes): logged at warn with the slot's id — never a code —, so one such row costs its
 * own slot only, not every PIN change of its device or area.
 */
export function openPinCode(
  secrets: SecretBox,
  log: FastifyBaseLogger,
  id: string,
  sealed: Buffer,
  where: { deviceId: string; slot: number },
): string | undefined {
  try {
    return secrets.open(sealed, pinCodeContext(where.deviceId, where.slot));
  } catch {
    log.warn(
      { pinCodeId: id, deviceId: where.deviceId },
      'a PIN code does not decrypt (SECRETS_KEY changed, or damaged bytes): set it again',
    );
    return undefined;
  }
}

export function presentPinCode(row: PinCodeRow): PinCode {
  return {
    id: row.id,
    deviceId: row.deviceId,
    slot: row.slot,
    status: row.status,
    label: row.label,
    clearing: row.codeCiphertext === null,
    sync: row.sync,
    version: row.version,
    syncedAt: row.syncedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 422 PIN_CODE_TRIVIAL for a code an intruder tries first. */
function refuseTrivial(code: string | undefined) {
  const reason = code === undefined ? undefined : pinCodeTrivialReason(code);
  if (reason)
    throw new AppError(422, ErrorCode.pinCodeTrivial, 'This code is too easy to guess.', {
      details: { reason },
    });
}

/** What is sent to the lock again: a new version, waiting for the gateway. */
const resent = (row: PinCodeRow) => ({ version: row.version + 1, sync: 'pending' as const });

export class PinCodesService {
  constructor(
    private readonly context: AppContext,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  /** The slot's code; undefined for a slot being cleared, and for one whose code does not open
   * (SECRETS_KEY changed, damaged bytes: logged, by id), which then matches no code. */
  private codeOf(row: PinCodeRow): string | undefined {
    return row.codeCiphertext
      ? openPinCode(this.context.secrets, this.logger, row.id, row.codeCiphertext, row)
      : undefined;
  }

  /** 409 PIN_CODE_DUPLICATE when another slot of the device holds `code` (the slots read with
   * the device locked, so two changes cannot both pass). A code that does not open is taken for
   * another code: one unreadable slot must not stop every change of the device. */
  private refuseDuplicate(slots: PinCodeRow[], code: string, except?: string) {
    const holder = slots.find((slot) => slot.id !== except && this.codeOf(slot) === code);
    if (holder)
      throw conflict('Another slot of this device holds this code.', ErrorCode.pinCodeDuplicate, {
        slot: holder.slot,
      });
  }

  /**
   * In a change's transaction: 403 unless the caller manages the organization (role held until
   * commit), then the device locked so its PIN changes take turns; 404 should either be gone.
   */
  private async lockForChange(
    transaction: PortalTransaction,
    caller: AccessClaims,
    device: { id: string; organizationId: string },
  ): Promise<DeviceRow> {
    await authorizeIn(
      transaction,
      caller,
      device.organizationId,
      'pin-code.change',
      DEVICE_NOT_FOUND,
    );
    const locked = await findDevice(transaction, device.id, caller.userId, { lock: true });
    if (!locked) throw notFound(DEVICE_NOT_FOUND);
    return locked;
  }

  private async log(
    transaction: PortalTransaction,
    caller: AccessClaims,
    device: DeviceRow,
    slot: number,
    changes: LoggedChange[],
  ) {
    const user = await findUserById(transaction, caller.userId);
    if (!user) throw accountGone();
    for (const change of changes)
      await insertLogEntries(transaction, [device], 'updated', user, { slot, change });
  }

  async list(caller: AccessClaims, deviceId: string): Promise<PinCode[]> {
    const device = await findDevice(this.db, deviceId, caller.userId);
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    if (!hasPinSlots(device.deviceType)) return [];
    return (await listPinCodes(this.db, deviceId)).map(presentPinCode);
  }

  /** Puts a code in a slot (the lowest free one unless named); a slot being cleared takes it,
   * the clear superseded by the new version. */
  async create(
    caller: AccessClaims,
    deviceId: string,
    input: z.output<typeof CreatePinCodeSchema>,
  ): Promise<PinCode> {
    const device = await findDevice(this.db, deviceId, caller.userId);
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    const row = await this.db.transaction(async (transaction) => {
      const locked = await this.lockForChange(transaction, caller, device);
      if (!hasPinSlots(locked.deviceType) || !locked.slotCount)
        throw conflict('Only doors and keypads have PIN code slots.', ErrorCode.noPinSlots);
      refuseTrivial(input.code);
      const slotCount = locked.slotCount;
      const slots = await listPinCodes(transaction, deviceId);
      const slot = input.slot ?? lowestFreeSlot(slots, slotCount);
      if (slot === undefined)
        throw conflict('Every slot of this device holds a code.', ErrorCode.pinSlotsFull, {
          slotCount,
        });
      if (slot > slotCount)
        throw new AppError(
          422,
          ErrorCode.pinSlotOutOfRange,
          `This device has ${slotCount} slots.`,
          {
            details: { slotCount },
          },
        );
      const existing = slots.find((candidate) => candidate.slot === slot);
      if (existing?.codeCiphertext)
        throw conflict('This slot holds a code already.', ErrorCode.pinSlotTaken, { slot });
      this.refuseDuplicate(slots, input.code);
      const values = {
        codeCiphertext: this.context.secrets.seal(input.code, pinCodeContext(deviceId, slot)),
        status: input.status,
        label: input.label,
      };
      const made = existing
        ? await updatePinCode(transaction, existing.id, { ...values, ...resent(existing) })
        : await insertPinCode(transaction, {
            ...values,
            organizationId: locked.organizationId,
            deviceId,
            slot,
          });
      await this.log(transaction, caller, locked, slot, ['added']);
      return made;
    });
    return presentPinCode(row);
  }

  /**
   * Changes a slot's code, status or label. A change of code or status is a new version for the
   * lock; one that changes neither, on a slot whose last delivery failed, sends it again.
   */
  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdatePinCodeSchema>,
  ): Promise<PinCode> {
    const current = await findPinCode(this.db, id, caller.userId);
    if (!current?.codeCiphertext) throw notFound(PIN_CODE_NOT_FOUND);
    const row = await this.db.transaction(async (transaction) => {
      const device = await this.lockForChange(transaction, caller, {
        id: current.deviceId,
        organizationId: current.organizationId,
      });
      const slots = await listPinCodes(transaction, device.id);
      const stored = slots.find((slot) => slot.id === id);
      if (!stored?.codeCiphertext) throw notFound(PIN_CODE_NOT_FOUND);
      // An old code that does not open counts as another: a new code replaces it.
      const codeChanged = input.code !== undefined && input.code !== this.codeOf(stored);
      if (codeChanged) {
        refuseTrivial(input.code);
        this.refuseDuplicate(slots, input.code as string, id);
      }
      const statusChanged = input.status !== undefined && input.status !== stored.status;
      const labelChanged = input.label !== undefined && input.label !== stored.label;
      const toLock = codeChanged || statusChanged || stored.sync === 'failed';
      if (!toLock && !labelChanged) return stored;
      const changed = await updatePinCode(transaction, id, {
        ...(codeChanged
          ? {
              codeCiphertext: this.context.secrets.seal(
                input.code as string,
                pinCodeContext(device.id, stored.slot),
              ),
            }
          : {}),
        ...(statusChanged ? { status: input.status } : {}),
        ...(labelChanged ? { label: input.label } : {}),
        ...(toLock ? resent(stored) : {}),
      });
      const logged: LoggedChange[] = [];
      if (codeChanged || labelChanged) logged.push('changed');
      if (statusChanged && input.status) logged.push(input.status);
      await this.log(transaction, caller, device, stored.slot, logged);
      return changed;
    });
    return presentPinCode(row);
  }

  /**
   * Deletes a slot's code: the row stays as a pending clear (no code, a new version) until the
   * gateway has cleared the slot on the lock. Deleting a slot being cleared changes nothing,
   * unless its clearing failed, which sends it again.
   */
  async delete(caller: AccessClaims, id: string) {
    const current = await findPinCode(this.db, id, caller.userId);
    if (!current) throw notFound(PIN_CODE_NOT_FOUND);
    await this.db.transaction(async (transaction) => {
      const device = await this.lockForChange(transaction, caller, {
        id: current.deviceId,
        organizationId: current.organizationId,
      });
      const stored = (await listPinCodes(transaction, device.id)).find((slot) => slot.id === id);
      if (!stored) throw notFound(PIN_CODE_NOT_FOUND);
      if (!stored.codeCiphertext) {
        if (stored.sync === 'failed') await updatePinCode(transaction, id, resent(stored));
        return;
      }
      await updatePinCode(transaction, id, { codeCiphertext: null, ...resent(stored) });
      await this.log(transaction, caller, device, stored.slot, ['deleted']);
    });
  }
}
