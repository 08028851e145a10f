// The crash test of issues 13 and 16, for one database: the real server, killed with SIGKILL 30
// times while a gateway sends readings, a site manager uploads photos, exports are built and
// apartments are created in bulk, all at once; restarted each time. Afterwards every write it
// acknowledged is there and nothing half-written is (test/crash/*-workload.ts). Each database's
// run is a test file of its own (server-crash.*.test.ts), so the two run on separate workers side
// by side instead of one after the other on one.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseDriver } from '@portal/contracts/system';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { AccessTokens } from '../../modules/auth/tokens';
import { createTestDatabase, type TestDatabase } from '../database';
import { bearer, createOrganization, createUser } from '../factories';
import { cleanUp, startServer, temporaryFolder, waitUntilRunning } from '../server-process';
import { AreaWorkload } from './area-workload';
import { ExportWorkload } from './export-workload';
import { GatewayWorkload } from './gateway-workload';
import { ImageWorkload } from './image-workload';
import { type CallLoop, type CrashWorkload, pause, type ServerLife } from './workload';

/** How many times the server is killed (issues 13 and 16). */
const CRASHES = 30;

/** A small generator, seeded: the same kill times on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The crash test on one database, as a test file's only test. */
export function describeCrashTest(driver: DatabaseDriver) {
  let testDatabase: TestDatabase | undefined;
  afterEach(async () => {
    cleanUp();
    await testDatabase?.drop();
    testDatabase = undefined;
  });

  describe(`the server through kill -9 on ${driver}`, () => {
    it(`keeps every acknowledged write through ${CRASHES} kills, and nothing half-written`, {
      timeout: 300_000,
    }, async () => {
      const jwtSecret = randomBytes(32).toString('base64');
      // The test signs its site managers' tokens itself: a sign-in each is a scrypt each.
      const environment: Record<string, string> = { JWT_SECRET: jwtSecret };
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

      // The organization, its properties, gateway and meters, and a site manager for each of
      // the server's lives (each has at most five exports under way), before the first start.
      let database = await open();
      const organization = await createOrganization(database.db);
      const gateway = await GatewayWorkload.create(database.db, organization.id);
      const areas = await AreaWorkload.create(database.db, organization.id);
      const managers: string[] = [];
      for (let life = 0; life <= CRASHES; life++) {
        const manager = await createUser(database.db, {
          role: 'site-manager',
          organizationIds: [organization.id],
        });
        managers.push(manager.id);
      }
      await database.close();
      const workloads: CrashWorkload[] = [
        gateway,
        await ImageWorkload.create(gateway.meterIds),
        new ExportWorkload(gateway.property.id),
        areas,
      ];
      const tokens = new AccessTokens(jwtSecret, 3600, async () => true);
      let together = () => {};
      const lifeOf = async (index: number, url: string): Promise<ServerLife> => ({
        url,
        headers: bearer({
          accessToken: await tokens.sign({
            userId: managers[index] as string,
            role: 'site-manager',
          }),
        }),
        killed: false,
        together: new Promise<void>((resolve) => {
          together = resolve;
        }),
      });

      const killsDuring = new Map(workloads.map((workload) => [workload.name, 0]));
      const pick = random(13);
      for (let crash = 0; crash < CRASHES; crash++) {
        const server = startServer(environment);
        const life = await lifeOf(crash, await waitUntilRunning(server));
        const loops = workloads.map((workload) => workload.start(life));
        // Killed once the gateway and one other client in turn have had a write acknowledged
        // (the first after a start is slow: cold caches), at a random point after: the gateway
        // mostly inside a batch's transaction, sometimes after its commit before the answer is
        // read (sent again, then duplicates); the client in turn in its second call or past it;
        // the others wherever they are, often still in their first.
        const inTurn = loops[1 + (crash % (loops.length - 1))] as CallLoop;
        await Promise.race([
          Promise.all([loops[0]?.firstAcknowledged, inTurn.firstAcknowledged]),
          ...loops.map((loop) => loop.done),
        ]);
        together();
        await pause(pick() * 60);
        for (const [index, loop] of loops.entries()) {
          const name = workloads[index]?.name as string;
          if (loop.inFlight) killsDuring.set(name, (killsDuring.get(name) ?? 0) + 1);
        }
        life.killed = true;
        server.child.kill('SIGKILL');
        await server.exited;
        await Promise.all(loops.map((loop) => loop.done));
      }

      database = await open();
      try {
        for (const workload of workloads) await workload.checkStored(database.db);
      } finally {
        await database.close();
      }

      // Once more without a kill: what the kills cut off is finished (the gateway's last batch,
      // the exports' builds) and every write is served; then a clean stop.
      const server = startServer(environment);
      const life = await lifeOf(CRASHES, await waitUntilRunning(server));
      together();
      await Promise.all(workloads.map((workload) => workload.finish(life)));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(killsDuring.get(gateway.name)).toBeGreaterThan(CRASHES / 2);

      const during = workloads
        .map((workload) => `${workload.name} ${killsDuring.get(workload.name)}`)
        .join(', ');
      const checked = workloads.map((workload) => workload.summary()).join('; ');
      // biome-ignore lint/suspicious/noConsole: the one line a run reports (issue 16)
      console.log(`crash test on ${driver}: ${CRASHES} kills, during ${during}; ${checked}`);
    });
  });
}
