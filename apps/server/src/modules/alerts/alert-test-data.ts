// For the alert tests: devices made directly in the database, heard from when the test says (what
// the ingest writes: devices.last_seen_at), and hourly use as the ingest's rollups hold it.
import type { DeviceType } from '@portal/contracts/domain';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { useHourly } from '../../db/schema/telemetry';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

let made = 0;

type Area = { id: string; propertyId: string; organizationId: string };

/** A device of the area, added `addedAgo` ms before `now` and last heard `heardAgo` ms before it
 * (undefined: never). */
export async function addDevice(
  db: Queryable,
  area: Area,
  deviceType: DeviceType,
  { now, addedAgo = 30 * 24 * HOUR, heardAgo }: { now: Date; addedAgo?: number; heardAgo?: number },
) {
  made += 1;
  const idNumber = `${deviceType}-${made}`;
  const [row] = await db
    .insert(devices)
    .values({
      organizationId: area.organizationId,
      propertyId: area.propertyId,
      areaId: area.id,
      deviceType,
      idNumber,
      idKey: `test:${idNumber}`,
      slotCount: deviceType === 'door' || deviceType === 'keypad' ? 30 : null,
      createdAt: new Date(now.getTime() - addedAgo),
      lastSeenAt: heardAgo === undefined ? null : new Date(now.getTime() - heardAgo),
    })
    .returning();
  if (!row) throw new Error('no device');
  return row;
}

/** What the ingest does for a device that delivered a reading of time `at`. */
export async function hear(db: Queryable, deviceId: string, at: Date) {
  await db
    .update(devices)
    .set({ lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(devices.id, deviceId));
}

/** Hourly use of the meter, litres per hour (UTC hour starts); `estimated` marks it interpolated. */
export async function useInHours(
  db: Queryable,
  deviceId: string,
  hours: Date[],
  { litres = 6, estimated = false }: { litres?: number; estimated?: boolean } = {},
) {
  if (hours.length === 0) return;
  await db
    .insert(useHourly)
    .values(
      hours.map((hour) => ({
        deviceId,
        hour,
        use: litres,
        estimatedUse: estimated ? litres : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [useHourly.deviceId, useHourly.hour],
      set: { use: sql`excluded.use`, estimatedUse: sql`excluded.estimated_use` },
    });
}

/** The UTC hour starts of `count` hours running from `from`. */
export const hoursFrom = (from: Date, count: number) =>
  Array.from({ length: count }, (_, index) => new Date(from.getTime() + index * HOUR));

/** The start of the UTC hour `at` lies in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);
