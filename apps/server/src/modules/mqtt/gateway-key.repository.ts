// Whether a signed-in MQTT connection's key still opens its gateway: a key renewed in the portal
// (or the gateway deleted) must stop working at once (DESIGN §5), also for a connection that
// signed in with it before.
import { and, eq, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-literal';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';

/** Whether the gateway still exists with the key of this SHA-256 (auth/tokens.ts hashSecret). */
export async function gatewayKeyHolds(
  db: Queryable,
  gatewayId: string,
  keyHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(devices)
    .where(and(eq(devices.id, gatewayId), eq(devices.gatewayKeyHash, keyHash)));
  return row !== undefined;
}

/** The current key hashes of these gateways (a deleted gateway is missing). */
export async function gatewayKeyHashes(
  db: Queryable,
  gatewayIds: string[],
): Promise<Map<string, string | null>> {
  const result = (await db.execute(sql`
    select id, gateway_key_hash as "keyHash" from devices
    where id = any(${arrayParam(gatewayIds)}::uuid[])`)) as unknown as {
    rows: { id: string; keyHash: string | null }[];
  };
  return new Map(result.rows.map((row) => [row.id, row.keyHash]));
}

/** Whether another gateway (of any organization) has this gateway's ID number. */
export async function gatewayIdNumberShared(db: Queryable, gatewayId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select exists (
      select 1 from devices other join devices own on own.id = ${gatewayId}::uuid
      where other.device_type = 'gw' and other.id_key = own.id_key and other.id <> own.id
    ) as shared`)) as unknown as { rows: { shared: boolean }[] };
  return result.rows[0]?.shared === true;
}
