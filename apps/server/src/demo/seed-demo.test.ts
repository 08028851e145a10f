import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceLogs, devices } from '../db/schema/devices';
import { pinCodes } from '../db/schema/pin-codes';
import { propertyPrices } from '../db/schema/prices';
import { listAreas } from '../modules/areas/areas.repository';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from '../modules/auth/password';
import { pinCodeContext } from '../modules/pin-codes/pin-codes.service';
import { countAreasAndDevices, listProperties } from '../modules/properties/properties.repository';
import { countsByProperty } from '../modules/properties/property-presenter';
import { findUserByEmail, membershipsOf, updateUserRow } from '../modules/users/users.repository';
import { SecretBox } from '../secrets/secret-box';
import { createTestDatabase, type TestDatabase, testDrivers } from '../test/database';
import { createUser } from '../test/factories';
import {
  DEMO_MEMBER,
  DEMO_PRICES,
  DEMO_SITE_MANAGER,
  demoSignInsThatWork,
  demoWanted,
  seedDemo,
} from './seed-demo';

const secrets = new SecretBox(randomBytes(32));

describe.each(testDrivers)('demo data on %s', (driver) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('seeds an organization with a site manager and a member who can sign in', async () => {
    database = await createTestDatabase(driver);
    expect(await seedDemo(database, secrets)).toBe(true);
    const manager = await findUserByEmail(database.db, DEMO_SITE_MANAGER.email);
    const member = await findUserByEmail(database.db, DEMO_MEMBER.email);
    expect(manager).toMatchObject({ invitationStatus: 'accepted' });
    expect(await verifyPassword(DEMO_SITE_MANAGER.password, manager?.passwordHash ?? '')).toBe(
      true,
    );
    expect(await verifyPassword(DEMO_MEMBER.password, member?.passwordHash ?? '')).toBe(true);
    // Hashed at the portal's own cost, so signing in does not rewrite it at once.
    const [, N, r, p] = (manager?.passwordHash ?? '').split('$').map(Number);
    expect({ N, r, p }).toEqual(PASSWORD_HASH_COST);
    const memberships = await membershipsOf(database.db, [manager?.id ?? '', member?.id ?? '']);
    const roles = memberships.map(({ userId, organizationName, role }) => ({
      userId,
      organizationName,
      role,
    }));
    expect(roles).toHaveLength(2);
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: manager?.id, organizationName: 'Brf Solrosen', role: 'site-manager' },
        { userId: member?.id, organizationName: 'Brf Solrosen', role: 'user' },
      ]),
    );
    expect((await demoSignInsThatWork(database)).map((account) => account.email)).toEqual([
      DEMO_SITE_MANAGER.email,
      DEMO_MEMBER.email,
    ]);
  });

  it('names for the start only the demo sign-ins that still work', async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database, secrets);
    const manager = await findUserByEmail(database.db, DEMO_SITE_MANAGER.email);
    // The site manager chose a password of their own: the demo one no longer opens the account.
    await updateUserRow(database.db, manager?.id ?? '', {
      passwordHash: await hashPassword('A-password-of-my-own-2026'),
    });
    expect((await demoSignInsThatWork(database)).map((account) => account.email)).toEqual([
      DEMO_MEMBER.email,
    ]);
  });

  it('gives the organization two properties with their areas, once', async () => {
    database = await createTestDatabase(driver);
    expect(await seedDemo(database, secrets)).toBe(true);
    expect(await seedDemo(database, secrets)).toBe(false);
    const manager = await findUserByEmail(database.db, DEMO_SITE_MANAGER.email);
    const userId = manager?.id ?? '';
    const properties = await listProperties(database.db, userId, { limit: 10 });
    expect(properties).toMatchObject([
      {
        name: 'Solrosen 1',
        organizationName: 'Brf Solrosen',
        propertyType: 'multi-dwelling',
        address: 'Solrosvägen 1, 223 50 Lund',
        heatedArea: 2450,
        buildYear: 1962,
        heatingCarrier: 'district-heating',
        geoFactor: 0.9,
      },
      {
        name: 'Solrosen 2',
        propertyType: 'commercial',
        address: 'Solrosvägen 3, 223 50 Lund',
        heatedArea: 380,
        buildYear: 1985,
        heatingCarrier: 'heat-pump',
        geoFactor: 0.9,
      },
    ]);
    const [first, second] = properties.map((property) => property.id);
    const counts = countsByProperty(
      await countAreasAndDevices(
        database.db,
        userId,
        properties.map((property) => property.id),
      ),
    );
    expect(counts.get(first ?? '')?.areas).toEqual({
      apt: 24,
      bic: 1,
      ent: 1,
      sop: 1,
      lau: 1,
      misc: 1,
    });
    expect(counts.get(second ?? '')?.areas).toEqual({
      apt: 0,
      bic: 0,
      ent: 0,
      sop: 0,
      lau: 0,
      misc: 1,
    });
    const apartments = await listAreas(database.db, first ?? '', userId, {
      areaType: 'apt',
      limit: 100,
    });
    expect(apartments.map((area) => area.number)).toEqual([
      ...Array.from({ length: 12 }, (_, index) => 1001 + index),
      ...Array.from({ length: 12 }, (_, index) => 1101 + index),
    ]);
    expect(new Set(apartments.map((area) => area.name))).toEqual(new Set(['']));
    // Every flat has a size, for hot water per m² on the compare screen.
    expect(apartments.slice(0, 5).map((area) => area.floorArea)).toEqual([42, 58, 74, 89, 42]);
    const shared = await listAreas(database.db, first ?? '', userId, { limit: 100 });
    expect(shared.slice(24).map((area) => area.name)).toEqual([
      'Cykelrum',
      'Entré A',
      'Soprum',
      'Tvättstuga',
      'Undercentral',
    ]);
    expect((await listAreas(database.db, second ?? '', userId, { limit: 100 }))[0]?.name).toBe(
      'Förråd',
    );
    // Solrosen 1 has prices for every meter type, so the usage estimate shows kronor; the small
    // commercial building has none (the estimate shows use alone).
    const prices = await database.db.select().from(propertyPrices);
    expect(
      prices.map((price) => [price.propertyId, price.deviceType, price.perUnit]).sort(),
    ).toEqual(DEMO_PRICES.map((price) => [first, price.deviceType, price.perUnit]).sort());
  });

  it("gives Solrosen 1 its devices within the gateway-first rule, each logged as the site manager's", async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database, secrets);
    const all = await database.db.select().from(devices);
    const byArea = new Map<string, typeof all>();
    for (const device of all)
      byArea.set(device.areaId, [...(byArea.get(device.areaId) ?? []), device]);
    // Every flat, the technical room, the laundry room and the entrance; each with one gateway.
    expect(byArea.size).toBe(27);
    for (const inArea of byArea.values())
      expect(inArea.filter((device) => device.deviceType === 'gw')).toHaveLength(1);
    const count = (type: string, role?: string) =>
      all.filter((device) => device.deviceType === type && (!role || device.role === role)).length;
    expect([count('hw'), count('cw'), count('el', 'household')]).toEqual([24, 25, 24]);
    expect(
      all
        .filter((device) => device.main)
        .map((device) => device.deviceType)
        .sort(),
    ).toEqual(['cw', 'el', 'heat']);
    expect([count('el', 'production'), count('door'), count('keypad')]).toEqual([1, 1, 1]);
    expect(all.find((device) => device.main && device.deviceType === 'heat')?.idNumber).toBe(
      'KAM70112233',
    );
    const log = await database.db.select().from(deviceLogs);
    const created = log.filter((entry) => entry.action === 'created');
    expect(created).toHaveLength(all.length);
    expect(new Set(created.map((entry) => entry.userEmail))).toEqual(
      new Set([DEMO_SITE_MANAGER.email]),
    );
  });

  it('gives the laundry-room door and the entrance keypad codes sealed with the key, one still waiting for the lock', async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database, secrets);
    const all = await database.db.select().from(devices);
    const codes = await database.db.select().from(pinCodes);
    const door = all.find((device) => device.idNumber === 'TVATT-DORR-1');
    const onTheDoor = codes.filter((code) => code.deviceId === door?.id);
    expect(onTheDoor.map(({ slot, label, sync }) => ({ slot, label, sync }))).toEqual(
      expect.arrayContaining([{ slot: 1, label: 'Tvättstugan – lgh 1102', sync: 'applied' }]),
    );
    const first = onTheDoor.find((code) => code.slot === 1);
    expect(secrets.open(first?.codeCiphertext as Buffer, pinCodeContext(door?.id ?? '', 1))).toBe(
      '480213',
    );
    expect(first?.codeCiphertext?.includes(Buffer.from('480213'))).toBe(false);
    expect(codes.map((code) => code.sync).sort()).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'pending',
    ]);
    // Each code logged as added by the site manager, naming its slot and never the code.
    const log = await database.db.select().from(deviceLogs);
    const added = log.filter((entry) => entry.pinChange === 'added');
    expect(added).toHaveLength(codes.length);
    expect(new Set(added.map((entry) => entry.userEmail))).toEqual(
      new Set([DEMO_SITE_MANAGER.email]),
    );
  });

  it('leaves a database that already has users alone', async () => {
    database = await createTestDatabase(driver);
    await createUser(database.db);
    expect(await seedDemo(database, secrets)).toBe(false);
    expect(await demoSignInsThatWork(database)).toEqual([]);
  });
});

describe('demoWanted', () => {
  it('defaults to on for the embedded database and off on PostgreSQL, unless set', () => {
    expect(demoWanted(undefined, { driver: 'pglite' } as TestDatabase)).toBe(true);
    expect(demoWanted(undefined, { driver: 'postgres' } as TestDatabase)).toBe(false);
    expect(demoWanted(false, { driver: 'pglite' } as TestDatabase)).toBe(false);
    expect(demoWanted(true, { driver: 'postgres' } as TestDatabase)).toBe(true);
  });
});
