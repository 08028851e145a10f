// Two server processes on one PostgreSQL (DESIGN §2: replicas behind a load balancer) with a dozen
// exports waiting: each export is built exactly once — one build logged for it across both
// processes, one run's chunks in the database, one try each — and every one is ready.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema/exports';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createArea, createOrganization, createProperty, createUser } from '../../test/factories';
import { cleanUp, startServer, waitUntilRunning } from '../../test/server-process';
import { createMeter, hoursBetween, writeUse } from '../statistics/test-rollups';

const EXPORTS = 12;
const METERS = 12;

describe.runIf(process.env.TEST_DATABASE_URL)('exports with two servers on one PostgreSQL', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    cleanUp();
    await database?.drop();
  });

  it('builds every export once, whichever server claims it', { timeout: 120_000 }, async () => {
    database = await createTestDatabase('postgres');
    const db = database.db;
    const user = await createUser(db);
    const organization = await createOrganization(db, 'Brf Tvillingen', [
      { userId: user.id, role: 'site-manager' },
    ]);
    const property = await createProperty(db, organization.id);
    const area = await createArea(db, property, { areaType: 'apt', number: 1001 });
    const hours = hoursBetween('2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z');
    for (let index = 0; index < METERS; index++) {
      const meter = await createMeter(db, area, {
        deviceType: 'hw',
        idNumber: String(66_000_000 + index),
      });
      await writeUse(
        db,
        meter.id,
        'Europe/Stockholm',
        hours.map((hour, at) => ({ hour, use: (at % 7) + index })),
      );
    }
    await db.insert(dataExports).values(
      Array.from({ length: EXPORTS }, (_, index) => ({
        organizationId: organization.id,
        propertyId: property.id,
        areas: [],
        areaTypes: [],
        from: '2026-10-01',
        to: '2026-10-31',
        types: ['hw' as const],
        style: index % 2 === 0 ? ('csv' as const) : ('xlsx' as const),
        resolution: 'hour' as const,
        fields: ['device' as const, 'register' as const],
        language: 'sv' as const,
        userId: user.id,
      })),
    );

    // Both start at once; each builds what is pending as soon as it is up.
    const environment = {
      DATABASE_URL: database.url as string,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
    };
    const servers = [startServer(environment), startServer(environment)];
    await Promise.all(servers.map(waitUntilRunning));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const waiting = await db.execute(
        sql`select count(*)::int as count from data_exports where status <> 'ready'`,
      );
      if ((waiting as unknown as { rows: { count: number }[] }).rows[0]?.count === 0) break;
      if (Date.now() > deadline)
        throw new Error(servers.map((server) => server.output()).join('\n'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const builtBy = servers.map((server) =>
      [...server.output().matchAll(/"exportId":"([0-9a-f-]{36})"[^\n]*"msg":"export built"/g)].map(
        (match) => match[1],
      ),
    );
    const built = builtBy.flat();
    expect(built).toHaveLength(EXPORTS);
    expect(new Set(built).size).toBe(EXPORTS);
    const rows = await db
      .select({
        id: dataExports.id,
        attempts: dataExports.attempts,
        rows: dataExports.rows,
        fileRunId: dataExports.fileRunId,
      })
      .from(dataExports);
    expect(rows.map((row) => [row.attempts, row.rows])).toEqual(rows.map(() => [1, 745 * METERS]));
    const runs = await db.execute(
      sql`select export_id, count(distinct run_id)::int as runs from data_export_chunks group by 1`,
    );
    const runsPerExport = (runs as unknown as { rows: { runs: number }[] }).rows;
    expect(runsPerExport).toHaveLength(EXPORTS);
    expect(runsPerExport.every((row) => row.runs === 1)).toBe(true);
  });
});
