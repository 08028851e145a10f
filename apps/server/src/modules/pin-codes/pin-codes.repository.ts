// SQL for PIN code slots, scoped to the caller's memberships (people) or the gateway's area
// (gateways).
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { pinCodes } from '../../db/schema/pin-codes';

export type PinCodeRow = typeof pinCodes.$inferSelect;
export type NewPinCodeRow = typeof pinCodes.$inferInsert;

/** The device, if it is the caller's; in a transaction locked FOR NO KEY UPDATE, so the PIN
 * changes of one device take turns (its slots and codes read stay as read until commit), while
 * rows that merely reference it (images) are not held up. */
export async function lockDevice(db: Queryable, deviceId: string, userId: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, deviceId), inCallerOrganizations(db, devices.organizationId, userId)))
    .for('no key update');
  return row;
}

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

export async function deletePinCode(db: Queryable, id: string) {
  await db.delete(pinCodes).where(eq(pinCodes.id, id));
}

/** The highest slot of the device that holds a code or is being cleared (0: none). */
export async function highestOccupiedSlot(db: Queryable, deviceId: string): Promise<number> {
  const [row] = await db
    .select({ slot: max(pinCodes.slot) })
    .from(pinCodes)
    .where(eq(pinCodes.deviceId, deviceId));
  return row?.slot ?? 0;
}

/** The doors and keypads a gateway serves: those of its area. */
const servedBy = (areaId: string) =>
  and(eq(devices.areaId, areaId), inArray(devices.deviceType, ['door', 'keypad']));

/** The pending changes of the locks of the gateway's area, by lock and slot (the partial index
 * pin_codes_pending keeps this off the applied rows). */
export async function pendingChangesOfArea(db: Queryable, areaId: string) {
  return db
    .select({ pin: pinCodes, idNumber: devices.idNumber, deviceType: devices.deviceType })
    .from(pinCodes)
    .innerJoin(devices, eq(devices.id, pinCodes.deviceId))
    .where(and(eq(pinCodes.sync, 'pending'), servedBy(areaId)))
    .orderBy(asc(devices.idNumber), asc(pinCodes.slot));
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
export async function recordSync(db: Queryable, id: string, sync: 'applied' | 'failed') {
  await db.update(pinCodes).set({ sync, syncedAt: sql`now()` }).where(eq(pinCodes.id, id));
}
