// SQL for PIN code slots, scoped to the caller's memberships (people) or the gateway's area
// (gateways).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { pinCodes } from '../../db/schema/pin-codes';

export type PinCodeRow = typeof pinCodes.$inferSelect;
export type NewPinCodeRow = typeof pinCodes.$inferInsert;

/** A device's slots, by number. */
export async function listPinCodes(db: Queryable, deviceId: string) {
  return db
    .select()
    .from(pinCodes)
    .where(eq(pinCodes.deviceId, deviceId))
    .orderBy(asc(pinCodes.slot));
}

/** The slot, if its device is in the caller's organizations. */
export async function findPinCode(db: Queryable, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(pinCodes)
    .where(and(eq(pinCodes.id, id), inCallerOrganizations(db, pinCodes.organizationId, userId)));
  return row;
}

export async function insertPinCode(db: Queryable, values: NewPinCodeRow): Promise<PinCodeRow> {
  const [row] = await db.insert(pinCodes).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePinCode(db: Queryable, id: string, values: Partial<NewPinCodeRow>) {
  const [row] = await db
    .update(pinCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(pinCodes.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Removes these slots' rows (clears the lock has applied). */
export async function deletePinCodes(db: Queryable, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(pinCodes).where(inArray(pinCodes.id, ids));
}

/** The highest slot of the device that holds a code or is being cleared, and whether it is being
 * cleared (undefined: none). */
export async function highestOccupiedSlot(db: Queryable, deviceId: string) {
  const [row] = await db
    .select({ slot: pinCodes.slot, clearing: sql<boolean>`${pinCodes.codeCiphertext} is null` })
    .from(pinCodes)
    .where(eq(pinCodes.deviceId, deviceId))
    .orderBy(desc(pinCodes.slot))
    .limit(1);
  return row;
}

/** The doors and keypads a gateway serves: those of its area. */
const servedBy = (areaId: string) =>
  and(eq(devices.areaId, areaId), inArray(devices.deviceType, ['door', 'keypad']));

/** The pending changes of the locks of the gateway's area, by lock, each lock's clears first,
 * then by slot: a gateway applies them in this order, and a Z-Wave lock refuses a code another of
 * its slots still holds, so a code moved to another slot is cleared before it is set (the
 * partial index pin_codes_pending keeps this off the applied rows). */
export async function pendingChangesOfArea(db: Queryable, areaId: string) {
  return db
    .select({ pin: pinCodes, idNumber: devices.idNumber, deviceType: devices.deviceType })
    .from(pinCodes)
    .innerJoin(devices, eq(devices.id, pinCodes.deviceId))
    .where(and(eq(pinCodes.sync, 'pending'), servedBy(areaId)))
    .orderBy(
      asc(devices.idNumber),
      desc(sql`${pinCodes.codeCiphertext} is null`),
      asc(pinCodes.slot),
    );
}

/**
 * The locks of the gateway's area that hold the slots named, held FOR NO KEY UPDATE in id order
 * for the acknowledgement: the same lock, taken first, as a person's change of the device takes
 * (device, then its slots), so an acknowledgement and a change of the same slot take turns.
 */
export async function lockDevicesOfSlots(db: Queryable, areaId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        servedBy(areaId),
        inArray(
          devices.id,
          db
            .selectDistinct({ deviceId: pinCodes.deviceId })
            .from(pinCodes)
            .where(inArray(pinCodes.id, ids)),
        ),
      ),
    )
    .orderBy(asc(devices.id))
    .for('no key update');
}

/** The slots named, of the locks of the gateway's area only, locked for the acknowledgement. */
export async function lockSlotsOfArea(db: Queryable, areaId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ pin: pinCodes })
    .from(pinCodes)
    .innerJoin(devices, eq(devices.id, pinCodes.deviceId))
    .where(and(inArray(pinCodes.id, ids), servedBy(areaId)))
    .orderBy(asc(pinCodes.id))
    .for('update', { of: pinCodes });
  return rows.map((row) => row.pin);
}

/** Marks a slot's version answered by the gateway. */
/** Records where these slots' latest changes stand on the lock. */
export async function recordSync(db: Queryable, ids: string[], sync: 'applied' | 'failed') {
  if (ids.length === 0) return;
  await db.update(pinCodes).set({ sync, syncedAt: sql`now()` }).where(inArray(pinCodes.id, ids));
}
