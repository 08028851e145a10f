// Readings and rollups have no foreign key to their device (schema/telemetry.ts, for the ingest's
// speed): the trigger of migration 0012 deletes them with the device — deleted itself, or with its
// area, property or organization — and leaves every other device's rows alone.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../../db/schema/areas';
import { devices } from '../../db/schema/devices';
import { organizations } from '../../db/schema/organizations';
import { properties } from '../../db/schema/properties';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../test/database';
import { createOrganization } from '../../test/factories';
import { createMeter, createMeterSite } from './telemetry-fixtures';

describe.each(testDrivers)('telemetry of deleted devices on %s', (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let serial = 0;

  /** A site with one meter holding a reading and a row at each rollup level. */
  const siteWithData = async (organizationId: string) => {
    const site = await createMeterSite(db(), organizationId);
    serial += 1;
    const meter = await createMeter(db(), site, 'hw', `AXI${String(serial).padStart(8, '0')}`);
    await db().execute(
      sql`insert into readings (device_id, at, value) values (${meter.id}, now(), 1)`,
    );
    await db().execute(
      sql`insert into use_hourly (device_id, hour, use) values (${meter.id}, date_trunc('hour', now()), 1)`,
    );
    await db().execute(
      sql`insert into use_daily (device_id, day, use) values (${meter.id}, current_date, 1)`,
    );
    await db().execute(
      sql`insert into use_monthly (device_id, month, use) values (${meter.id}, date_trunc('month', now())::date, 1)`,
    );
    return { ...site, meter };
  };
  const rowsOf = async (deviceId: string) => {
    const result = (await db().execute(sql`
      select (select count(*) from readings where device_id = ${deviceId})
           + (select count(*) from use_hourly where device_id = ${deviceId})
           + (select count(*) from use_daily where device_id = ${deviceId})
           + (select count(*) from use_monthly where device_id = ${deviceId}) as count`)) as unknown as {
      rows: { count: string | number }[];
    };
    return Number(result.rows[0]?.count);
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.drop());

  it('go with the device, its area, its property or its organization, and no others', async () => {
    const organization = await createOrganization(db());
    const other = await createOrganization(db());
    const kept = await siteWithData(other.id);
    const [byDevice, byArea, byProperty] = [
      await siteWithData(organization.id),
      await siteWithData(organization.id),
      await siteWithData(organization.id),
    ];
    const byOrganization = await siteWithData(organization.id);
    for (const site of [kept, byDevice, byArea, byProperty, byOrganization])
      expect(await rowsOf(site.meter.id)).toBe(4);

    await db().delete(devices).where(eq(devices.id, byDevice.meter.id));
    expect(await rowsOf(byDevice.meter.id)).toBe(0);
    expect(await rowsOf(byArea.meter.id)).toBe(4);
    await db().delete(areas).where(eq(areas.id, byArea.area.id));
    expect(await rowsOf(byArea.meter.id)).toBe(0);
    await db().delete(properties).where(eq(properties.id, byProperty.property.id));
    expect(await rowsOf(byProperty.meter.id)).toBe(0);
    await db().delete(organizations).where(eq(organizations.id, organization.id));
    expect(await rowsOf(byOrganization.meter.id)).toBe(0);
    expect(await rowsOf(kept.meter.id)).toBe(4);
  });
});
