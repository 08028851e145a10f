// Demo data for a first look: an organization with two properties and their areas, its site
// manager and a board member, so a newcomer can sign in right after `npm start` and find
// something to look at. Seeded only into a database without users.
import { count } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { users } from '../db/schema/accounts';
import { organizations } from '../db/schema/organizations';
import { type AreaFields, insertAreas } from '../modules/areas/areas.repository';
import { replacePrices } from '../modules/prices/prices.repository';
import { insertProperty, type NewPropertyRow } from '../modules/properties/properties.repository';
import { addMembership, findUserByEmail, insertUser } from '../modules/users/users.repository';
import type { SecretBox } from '../secrets/secret-box';
import { seedDemoDevices } from './demo-devices';
import { seedDemoPinCodes } from './demo-pin-codes';
import { registerDemoFeed } from './demo-readings';

export const DEMO_SITE_MANAGER = { email: 'forvaltare@example.se', password: 'Solrosen-demo-2026' };
export const DEMO_MEMBER = { email: 'styrelsen@example.se', password: 'Solrosen-demo-2026' };
/**
 * The demo password, hashed once at PASSWORD_HASH_COST and kept here: the password is printed at
 * every start, so its hash hides nothing, and a first start does not wait a quarter of a second
 * for it. seed-demo.test.ts fails when it stops matching the password or the cost.
 */
export const DEMO_PASSWORD_HASH =
  'scrypt$32768$8$3$RE+7wpHxc9fnnronHDh+9Q==$wqr8f9EgK7aFHKhaTvMKH3ppw2XtjYC45gow7ujgDjg=';

/** The flats of a stairwell floor plan, repeated up the building: one to four rooms (m²), so
 * comparing hot water per m² has sizes to divide by. */
const FLAT_SIZES = [42, 58, 74, 89];

const apartments = (from: number, to: number): AreaFields[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({
    areaType: 'apt',
    number: from + index,
    name: '',
    floorArea: FLAT_SIZES[index % FLAT_SIZES.length] ?? null,
  }));

/** A housing cooperative's block of flats with its shared rooms, and a small commercial building. */
export const DEMO_PROPERTIES: {
  property: Omit<NewPropertyRow, 'organizationId'>;
  areas: AreaFields[];
  /** Its areas get demo-devices.ts's devices. */
  withDevices?: boolean;
}[] = [
  {
    property: {
      name: 'Solrosen 1',
      propertyType: 'multi-dwelling',
      address: 'Solrosvägen 1, 223 50 Lund',
      heatedArea: 2450,
      buildYear: 1962,
      heatingCarrier: 'district-heating',
      geoFactor: 0.9,
    },
    areas: [
      ...apartments(1001, 1012),
      ...apartments(1101, 1112),
      { areaType: 'lau', name: 'Tvättstuga' },
      { areaType: 'bic', name: 'Cykelrum' },
      { areaType: 'ent', name: 'Entré A' },
      { areaType: 'sop', name: 'Soprum' },
      { areaType: 'misc', name: 'Undercentral' },
    ],
    withDevices: true,
  },
  {
    property: {
      name: 'Solrosen 2',
      propertyType: 'commercial',
      address: 'Solrosvägen 3, 223 50 Lund',
      heatedArea: 380,
      buildYear: 1985,
      heatingCarrier: 'heat-pump',
      geoFactor: 0.9,
    },
    areas: [{ areaType: 'misc', name: 'Förråd' }],
  },
];

/**
 * What Solrosen 1 pays, so the usage estimate shows kronor from the start: Lund's district heating
 * and water charges and an electricity contract of 2026, roughly (kr per kWh or m³, kr per month).
 */
export const DEMO_PRICES = [
  { deviceType: 'heat' as const, perUnit: 0.92, fixedPerMonth: 4_850 },
  { deviceType: 'el' as const, perUnit: 1.45, fixedPerMonth: 395 },
  { deviceType: 'hw' as const, perUnit: 68, fixedPerMonth: 0 },
  { deviceType: 'cw' as const, perUnit: 41.5, fixedPerMonth: 1_240 },
];

/** PORTAL_DEMO unset: on for the embedded database, off on PostgreSQL (DESIGN §4.3). */
export function demoWanted(setting: boolean | undefined, database: Database) {
  return setting ?? database.driver === 'pglite';
}

/** Seeds the demo when the database has no users yet; answers whether it did. `secrets` seals
 * the demo's PIN codes as the portal's own (SECRETS_KEY). */
export async function seedDemo(database: Database, secrets: SecretBox): Promise<boolean> {
  const [row] = await database.db.select({ users: count() }).from(users);
  if ((row?.users ?? 0) > 0) return false;
  await database.db.transaction(async (transaction) => {
    const [organization] = await transaction
      .insert(organizations)
      .values({ name: 'Brf Solrosen', address: 'Solrosvägen 1, 223 50 Lund' })
      .returning();
    if (!organization) throw new Error('the demo organization was not created');
    const manager = await insertUser(transaction, {
      email: DEMO_SITE_MANAGER.email,
      name: 'Karin Lund',
      phone: '070-123 45 67',
      invitationStatus: 'accepted',
      passwordHash: DEMO_PASSWORD_HASH,
    });
    const member = await insertUser(transaction, {
      email: DEMO_MEMBER.email,
      name: 'Erik Styrelse',
      invitationStatus: 'accepted',
      passwordHash: DEMO_PASSWORD_HASH,
    });
    await addMembership(transaction, organization.id, manager.id, 'site-manager');
    await addMembership(transaction, organization.id, member.id, 'user');
    await seedProperties(transaction, organization.id, manager, secrets);
  });
  return true;
}

async function seedProperties(
  transaction: Queryable,
  organizationId: string,
  manager: { id: string; email: string },
  secrets: SecretBox,
) {
  for (const demo of DEMO_PROPERTIES) {
    const property = await insertProperty(transaction, { ...demo.property, organizationId });
    const areas = await insertAreas(
      transaction,
      demo.areas.map((area) => ({ ...area, propertyId: property.id, organizationId })),
    );
    if (!demo.withDevices) continue;
    await replacePrices(
      transaction,
      { organizationId, propertyId: property.id },
      DEMO_PRICES,
      manager.id,
    );
    const devices = await seedDemoDevices(transaction, areas, manager);
    await seedDemoPinCodes(transaction, devices, manager, secrets);
    // Its readings are made after the start, in the background (demo-readings.ts).
    await registerDemoFeed(transaction, property);
  }
}

/** The demo's accounts as the start names them. */
const DEMO_ACCOUNTS = [
  { ...DEMO_SITE_MANAGER, label: 'site manager' },
  { ...DEMO_MEMBER, label: 'board member' },
];

/**
 * The demo accounts that can still be signed into with the demo password: one deleted since, or
 * whose password was changed (a new hash), is left out, so the start prints no sign-in that no
 * longer works. Comparing the stored hash with the seeded one costs nothing; verifying the
 * password would cost each start a quarter of a second.
 */
export async function demoSignInsThatWork(database: Database) {
  const stored = await Promise.all(
    DEMO_ACCOUNTS.map((account) => findUserByEmail(database.db, account.email)),
  );
  return DEMO_ACCOUNTS.filter(
    (_account, index) => stored[index]?.passwordHash === DEMO_PASSWORD_HASH,
  );
}
