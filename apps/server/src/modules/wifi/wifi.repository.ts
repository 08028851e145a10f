// SQL for a property's WiFi networks (wifi_networks), scoped to the caller's memberships. What a
// list or a change answers is read without the password's ciphertext: only the password call
// reads it (findWifiPassword), so no other answer can carry it by mistake.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { wifiNetworks } from '../../db/schema/wifi';

export type NewWifiRow = typeof wifiNetworks.$inferInsert;

const { passwordCiphertext, ...shownColumns } = getTableColumns(wifiNetworks);

/** A network as answers show it: every column but the ciphertext, and whether there is one. */
const shown = {
  ...shownColumns,
  hasPassword: sql<boolean>`${passwordCiphertext} is not null`.mapWith(Boolean),
};

export type WifiRow = {
  [Column in keyof typeof shownColumns]: (typeof wifiNetworks.$inferSelect)[Column];
} & { hasPassword: boolean };

const inScope = (db: Queryable, id: string, userId: string) =>
  and(eq(wifiNetworks.id, id), inCallerOrganizations(db, wifiNetworks.organizationId, userId));

/** The property's networks by name (the property found in the caller's organizations first). */
export async function listWifi(
  db: Queryable,
  scope: { organizationId: string; propertyId: string },
): Promise<WifiRow[]> {
  return db
    .select(shown)
    .from(wifiNetworks)
    .where(
      and(
        eq(wifiNetworks.organizationId, scope.organizationId),
        eq(wifiNetworks.propertyId, scope.propertyId),
      ),
    )
    .orderBy(asc(wifiNetworks.ssid), asc(wifiNetworks.id));
}

/**
 * The network, if it is in the caller's organizations. `lock`: held FOR UPDATE until the
 * transaction ends, so two changes of it take turns (the second keeps what the first stored).
 */
export async function findWifi(
  db: Queryable,
  id: string,
  userId: string,
  { lock = false } = {},
): Promise<WifiRow | undefined> {
  const query = db
    .select(shown)
    .from(wifiNetworks)
    .where(inScope(db, id, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The sealed password of the network, if it is in the caller's organizations (null: open). */
export async function findWifiPassword(db: Queryable, id: string, userId: string) {
  const [row] = await db
    .select({ passwordCiphertext })
    .from(wifiNetworks)
    .where(inScope(db, id, userId));
  return row;
}

export async function insertWifi(db: Queryable, values: NewWifiRow): Promise<WifiRow> {
  const [row] = await db.insert(wifiNetworks).values(values).returning(shown);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the network; `passwordCiphertext` left out keeps the stored one. Undefined when it is
 * gone or not the caller's. */
export async function updateWifi(
  db: Queryable,
  id: string,
  userId: string,
  values: Pick<NewWifiRow, 'ssid' | 'security' | 'hidden' | 'note'> &
    Partial<Pick<NewWifiRow, 'passwordCiphertext'>>,
): Promise<WifiRow | undefined> {
  const [row] = await db
    .update(wifiNetworks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inScope(db, id, userId))
    .returning(shown);
  return row;
}

/** Whether the network was there (and the caller's) to delete. */
export async function deleteWifi(db: Queryable, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(wifiNetworks)
    .where(inScope(db, id, userId))
    .returning({ id: wifiNetworks.id });
  return rows.length > 0;
}
