// The crash test of issue 13, for one database: the real server, killed with SIGKILL 30 times
// while a gateway sends readings, restarted each time; every reading it acknowledged must be
// there at the end, with rollups and series as a full rebuild makes them. Each database's run is
// a test file of its own (modules/telemetry/readings-crash.*.test.ts), so the two run on separate
// workers side by side instead of one after the other on one.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reading } from '@portal/contracts/readings';
import type { DatabaseDriver } from '@portal/contracts/system';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { readings } from '../db/schema/telemetry';
import {
  createMeter,
  createMeterSite,
  expectRollupsAsRebuilt,
  expectSeriesAsWalked,
} from '../modules/telemetry/telemetry-fixtures';
import { createTestDatabase, type TestDatabase } from './database';
import { createOrganization } from './factories';
import {
  bundleServerForThisFile,
  cleanUp,
  startServer,
  temporaryFolder,
  waitUntilRunning,
} from './server-process';

/** How many times the server is killed (issue 13). */
const CRASHES = 30;
const SLOTS_PER_BATCH = 40;
const START = Date.parse('2026-01-01T00:00:00Z');
const METERS = [
  { type: 'heat', id: 'KAM61000001', unit: 'kWh', step: 2.5 },
  { type: 'el', id: 'KAM61000002', unit: 'kWh', step: 0.75 },
  { type: 'hw', id: 'KAM61000003', unit: 'm3', step: 0.01 },
  { type: 'cw', id: 'KAM61000004', unit: 'm3', step: 0.02 },
] as const;

/** A register at a 15-minute slot: rising, with a wobble so that hours differ. */
const registerAt = (step: number, slot: number) =>
  Math.round((1000 + slot * step + Math.sin(slot) * step * 0.4) * 1000) / 1000;

/**
 * Batch k holds the even slots of its 40 and, late, the odd slots of the batch before: a
 * buffering gateway's order, so that each batch fills gaps the one before left (estimated use
 * replaced) as well as adding new readings.
 */
function batch(k: number): Reading[] {
  const slots: number[] = [];
  for (let slot = k * SLOTS_PER_BATCH; slot < (k + 1) * SLOTS_PER_BATCH; slot += 2)
    slots.push(slot);
  if (k > 0)
    for (let slot = (k - 1) * SLOTS_PER_BATCH + 1; slot < k * SLOTS_PER_BATCH; slot += 2)
      slots.push(slot);
  return METERS.flatMap((meter) =>
    slots.map((slot) => ({
      meter: meter.id,
      at: new Date(START + slot * 900_000).toISOString(),
      value: registerAt(meter.step, slot),
      unit: meter.unit,
    })),
  );
}

/** A small generator, seeded: the same kill times on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The crash test on one database, as a test file's only test. */
export function describeReadingsThroughKills(driver: DatabaseDriver) {
  const bundle = bundleServerForThisFile();
  let testDatabase: TestDatabase | undefined;
  afterEach(async () => {
    cleanUp();
    await testDatabase?.drop();
    testDatabase = undefined;
  });

  describe(`readings through kill -9 on ${driver}`, () => {
    it(`keeps every acknowledged reading through ${CRASHES} kills`, {
      timeout: 300_000,
    }, async () => {
      const environment: Record<string, string> = {};
      let open: () => Promise<Database>;
      if (driver === 'postgres') {
        testDatabase = await createTestDatabase('postgres');
        environment.DATABASE_URL = testDatabase.url as string;
        // PostgreSQL needs the key of secrets at rest set, as every server of it shares it.
        environment.SECRETS_KEY = randomBytes(32).toString('base64');
        const url = testDatabase.url as string;
        open = () => openDatabase({ driver: 'postgres', url });
      } else {
        const dataDir = temporaryFolder();
        environment.DATA_DIR = dataDir;
        const directory = path.join(dataDir, 'pgdata');
        const image = new Blob([readFileSync(inject('pgliteImageFile'))]);
        let first = true;
        open = () => {
          const opened = openDatabase({
            driver: 'pglite',
            directory,
            ...(first ? { image } : {}),
          });
          first = false;
          return opened;
        };
      }

      // The property, its gateway and meters, written before the first start.
      let database = await open();
      const organization = await createOrganization(database.db);
      const site = await createMeterSite(database.db, organization.id);
      const meterIds: string[] = [];
      for (const meter of METERS)
        meterIds.push((await createMeter(database.db, site, meter.type, meter.id)).id);
      await database.close();

      const acknowledged: Reading[] = [];
      let next = 0;
      let killsInFlight = 0;
      const pick = random(13);

      /**
       * Sends batches one after the other until the server is killed (or `until` of them are
       * acknowledged): a batch cut off by the kill is sent again to the next server, as a gateway
       * does with a batch it got no answer to.
       */
      const gateway = (url: string, until = Number.POSITIVE_INFINITY) => {
        let acknowledge = () => {};
        const client = {
          killed: false,
          inFlight: false,
          sending: Promise.resolve(),
          /** Resolves at the first batch acknowledged by this server. */
          firstAcknowledged: new Promise<void>((resolve) => {
            acknowledge = resolve;
          }),
        };
        client.sending = (async () => {
          while (!client.killed && next < until) {
            const readingsOfBatch = batch(next);
            client.inFlight = true;
            let response: Response;
            let answer: { accepted: number; duplicates: number; rejected: unknown[] };
            try {
              response = await fetch(`${url}/api/ingest/readings`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  authorization: `Gateway ${site.key}`,
                },
                body: JSON.stringify({ readings: readingsOfBatch }),
              });
              answer = (await response.json()) as typeof answer;
            } catch (error) {
              if (client.killed) return;
              throw error;
            } finally {
              client.inFlight = false;
            }
            expect(response.status, JSON.stringify(answer)).toBe(200);
            expect(answer.rejected).toEqual([]);
            expect(answer.accepted + answer.duplicates).toBe(readingsOfBatch.length);
            acknowledged.push(...readingsOfBatch);
            next += 1;
            acknowledge();
          }
        })();
        return client;
      };

      for (let crash = 0; crash < CRASHES; crash++) {
        const server = startServer(environment, { bundle });
        const url = await waitUntilRunning(server);
        const client = gateway(url);
        // Killed in the batch after the first it acknowledged (the first after a start is slow:
        // cold caches), at a random point of it: mostly inside its transaction, sometimes after
        // the commit before the answer is read (sent again, then duplicates).
        await Promise.race([client.firstAcknowledged, client.sending]);
        await new Promise((resolve) => setTimeout(resolve, pick() * 60));
        if (client.inFlight) killsInFlight += 1;
        client.killed = true;
        server.child.kill('SIGKILL');
        await server.exited;
        await client.sending;
      }
      // Once more without a kill: the batch cut off last goes through, then a clean stop.
      const server = startServer(environment, { bundle });
      const url = await waitUntilRunning(server);
      await gateway(url, next + 1).sending;
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(killsInFlight).toBeGreaterThan(CRASHES / 2);

      database = await open();
      try {
        const stored = await database.db
          .select({ deviceId: readings.deviceId, at: readings.at, value: readings.value })
          .from(readings)
          .where(inArray(readings.deviceId, meterIds));
        const held = new Map(
          stored.map((row) => [`${row.deviceId} ${row.at.toISOString()}`, row.value]),
        );
        const idOf = new Map<string, string | undefined>(
          METERS.map((meter, index) => [meter.id, meterIds[index]]),
        );
        const missing = acknowledged.filter((reading) => {
          const value = held.get(`${idOf.get(reading.meter)} ${reading.at}`);
          const unitFactor = reading.unit === 'kWh' || reading.unit === 'm3' ? 1000 : 1;
          return value === undefined || Math.abs(value - reading.value * unitFactor) > 1e-6;
        });
        expect(missing).toEqual([]);
        await expectSeriesAsWalked(database.db, meterIds);
        await expectRollupsAsRebuilt(database.db, meterIds);
      } finally {
        await database.close();
      }
    });
  });
}
