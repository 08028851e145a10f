// SQL for devices and their log, always scoped to the caller's memberships.
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { areas } from '../../db/schema/areas';
import { deviceLogs, devices } from '../../db/schema/devices';
import { properties } from '../../db/schema/properties';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;
export type DeviceLogRow = typeof deviceLogs.$inferSelect;

const scoped = (db: Queryable, userId: string, condition: SQL) =>
  and(condition, inCallerOrganizations(db, devices.organizationId, userId));

/** The area a device goes into, if it is the caller's; locked (FOR NO KEY UPDATE) in a
 * transaction, so whether it has a gateway stays as read until commit. */
export async function lockAreaForDevices(db: Queryable, areaId: string, userId: string) {
  const [row] = await db
    .select({ id: areas.id, propertyId: areas.propertyId, organizationId: areas.organizationId })
    .from(areas)
    .where(and(eq(areas.id, areaId), inCallerOrganizations(db, areas.organizationId, userId)))
    .for('no key update');
  return row;
}

/** The area, if it is the caller's (for reads). */
export async function findArea(db: Queryable, areaId: string, userId: string) {
  const [row] = await db
    .select({ id: areas.id, organizationId: areas.organizationId })
    .from(areas)
    .where(and(eq(areas.id, areaId), inCallerOrganizations(db, areas.organizationId, userId)));
  return row;
}

export async function findProperty(db: Queryable, propertyId: string, userId: string) {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        inCallerOrganizations(db, properties.organizationId, userId),
      ),
    );
  return row;
}

/** Types in SPEC §3's order (gateways among them as listed there), then id. */
const typeOrder = sql`array_position(array['heat','el','hw','cw','gw','door','keypad']::text[], ${devices.deviceType})`;

/** An area's devices, by type and id. An area holds tens of devices, not thousands: one answer. */
export async function listAreaDevices(db: Queryable, areaId: string, userId: string) {
  return db
    .select()
    .from(devices)
    .where(scoped(db, userId, eq(devices.areaId, areaId)))
    .orderBy(typeOrder, asc(devices.idNumber), asc(devices.id));
}

/**
 * The device, if it is the caller's. With `lock`, in a transaction, the row is held FOR NO KEY
 * UPDATE until commit: the PIN changes of one device and its image uploads take turns (what they
 * read of its slots or its image count stays as read), while rows that merely reference it are
 * not held up.
 */
export async function findDevice(
  db: Queryable,
  id: string,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(devices)
    .where(scoped(db, userId, eq(devices.id, id)));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/** How many gateways the area has, and how many other devices need one. */
export async function gatewayNeeds(db: Queryable, areaId: string) {
  const [row] = await db
    .select({
      gateways: sql<number>`count(*) filter (where ${devices.deviceType} = 'gw')`.mapWith(Number),
      others: sql<number>`count(*) filter (where ${devices.deviceType} <> 'gw')`.mapWith(Number),
    })
    .from(devices)
    .where(eq(devices.areaId, areaId));
  return { gateways: row?.gateways ?? 0, others: row?.others ?? 0 };
}

/** The device of the organization with the key (the one an id clashed with). */
export async function findByKey(db: Queryable, organizationId: string, idKey: string) {
  const [row] = await db
    .select({ id: devices.id, areaId: devices.areaId })
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), eq(devices.idKey, idKey)));
  return row;
}

/** Which of the keys the organization's devices have already. */
export async function takenKeys(db: Queryable, organizationId: string, idKeys: string[]) {
  if (idKeys.length === 0) return new Set<string>();
  const rows = await db
    .select({ idKey: devices.idKey })
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), inArray(devices.idKey, idKeys)));
  return new Set(rows.map((row) => row.idKey));
}

/** Many devices in one statement, in the order given. */
export async function insertDevices(db: Queryable, values: NewDeviceRow[]): Promise<DeviceRow[]> {
  return db.insert(devices).values(values).returning();
}

export async function insertDevice(db: Queryable, values: NewDeviceRow): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateDevice(db: Queryable, id: string, values: Partial<NewDeviceRow>) {
  const [row] = await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(devices.id, id))
    .returning();
  return row;
}

export async function deleteDevice(db: Queryable, id: string) {
  await db.delete(devices).where(eq(devices.id, id));
}

/** One entry per device, in one statement; `pin` names the PIN code slot an entry is about
 * (action 'updated') and what was done to it, `meter` what happened to a meter's readings and
 * at which time. */
export async function insertLogEntries(
  db: Queryable,
  changed: DeviceRow[],
  action: DeviceLogRow['action'],
  user: { id: string; email: string },
  pin?: { slot: number; change: NonNullable<DeviceLogRow['pinChange']> },
  meter?: { event: NonNullable<DeviceLogRow['meterEvent']>; at: Date },
) {
  if (changed.length === 0) return;
  await db.insert(deviceLogs).values(
    changed.map((device) => ({
      organizationId: device.organizationId,
      propertyId: device.propertyId,
      deviceId: device.id,
      deviceType: device.deviceType,
      idNumber: device.idNumber,
      action,
      pinSlot: pin?.slot ?? null,
      pinChange: pin?.change ?? null,
      meterEvent: meter?.event ?? null,
      meterEventAt: meter?.at ?? null,
      userId: user.id,
      userEmail: user.email,
    })),
  );
}

/** Where a page of the log starts: after this entry, newest first. The time as the database
 * writes it (microseconds, which a JavaScript Date would round away). */
export type LogKey = readonly [time: string, id: string];

/** A page of the property's log, newest first (one range of device_logs_property_time). */
export async function listLogEntries(
  db: Queryable,
  propertyId: string,
  options: { deviceId?: string; after?: LogKey; limit: number },
) {
  const after = options.after
    ? or(
        sql`${deviceLogs.createdAt} < ${options.after[0]}::timestamptz`,
        and(
          sql`${deviceLogs.createdAt} = ${options.after[0]}::timestamptz`,
          sql`${deviceLogs.id} < ${options.after[1]}::uuid`,
        ),
      )
    : undefined;
  return db
    .select({ entry: deviceLogs, time: sql<string>`${deviceLogs.createdAt}::text` })
    .from(deviceLogs)
    .where(
      and(
        eq(deviceLogs.propertyId, propertyId),
        options.deviceId ? eq(deviceLogs.deviceId, options.deviceId) : undefined,
        after,
      ),
    )
    .orderBy(desc(deviceLogs.createdAt), desc(deviceLogs.id))
    .limit(options.limit);
}
