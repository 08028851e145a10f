import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password';
import { findUserByEmail, membershipsOf } from '../modules/users/users.repository';
import { createTestDatabase, type TestDatabase, testDrivers } from '../test/database';
import { createUser } from '../test/factories';
import { DEMO_MEMBER, DEMO_SITE_MANAGER, demoWanted, hasDemoAccounts, seedDemo } from './seed-demo';

describe.each(testDrivers)('demo data on %s', (driver) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('seeds an organization with a site manager and a member who can sign in', async () => {
    database = await createTestDatabase(driver);
    expect(await seedDemo(database)).toBe(true);
    const manager = await findUserByEmail(database.db, DEMO_SITE_MANAGER.email);
    const member = await findUserByEmail(database.db, DEMO_MEMBER.email);
    expect(manager).toMatchObject({ role: 'site-manager', invitationStatus: 'accepted' });
    expect(member).toMatchObject({ role: 'user' });
    expect(await verifyPassword(DEMO_SITE_MANAGER.password, manager?.passwordHash ?? '')).toBe(
      true,
    );
    const memberships = await membershipsOf(database.db, [manager?.id ?? '', member?.id ?? '']);
    expect(memberships.map((membership) => membership.organizationName)).toEqual([
      'Brf Solrosen',
      'Brf Solrosen',
    ]);
    expect(await hasDemoAccounts(database)).toBe(true);
  });

  it('leaves a database that already has users alone', async () => {
    database = await createTestDatabase(driver);
    await createUser(database.db);
    expect(await seedDemo(database)).toBe(false);
    expect(await hasDemoAccounts(database)).toBe(false);
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
