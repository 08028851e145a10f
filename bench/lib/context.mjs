// What a workload gets to work with: prepared databases, running portals and baselines, a
// browser — each made the first time a workload asks for it and shared after that, and all of it
// stopped and removed by close(), whatever happened.
import path from 'node:path';
import { startBaseline } from './baseline.mjs';
import { launchChromium } from './chromium.mjs';
import { prepareEnvironment } from './environments.mjs';
import { signIn, startPortal } from './portal.mjs';
import { POSTGRES_ADMIN_URL } from './settings.mjs';

/**
 * @typedef {'pglite' | 'postgres'} Driver
 * @typedef {import('./processes.mjs').RunningProcess} RunningProcess
 * @typedef {import('./environments.mjs').Environment} Environment
 * @typedef {import('./environments.mjs').SqlCapture} SqlCapture
 * @typedef {import('./environments.mjs').DemoIds} DemoIds
 * @typedef {{ process: RunningProcess, environment: Environment,
 *   session: { accessToken: string, refreshToken: string, id: string } }} RunningPortal
 *
 * @typedef {object} Context
 * @property {number} repeats how many times each measurement is repeated
 * @property {string} workDirectory this run's scratch space (removed at the end)
 * @property {(line: string) => void} log
 * @property {Driver[]} drivers the databases to measure on (PostgreSQL only when asked for)
 * @property {<T>(key: string, make: () => Promise<T>) => Promise<T>} shared one result for
 *   every workload that asks with the same key (M1 and M2 read the same fresh starts)
 * @property {(driver: Driver) => Promise<Environment | null>} environment null: no PostgreSQL
 * @property {(driver: Driver) => Promise<RunningPortal | null>} portal signed in as the demo's
 *   site manager
 * @property {(driver: Driver) => Promise<RunningProcess | null>} baseline bare Fastify with the
 *   SQL the portal ran for the captured calls
 * @property {() => Promise<RunningProcess>} helloWorld bare Fastify, no database
 * @property {(process: RunningProcess) => RunningProcess} track stop it when the run ends
 * @property {(cleanup: () => Promise<void>) => void} onClose run it when the run ends, after
 *   every process has stopped (a workload's own database or directory)
 * @property {() => Promise<import('puppeteer-core').Browser>} chromium
 * @property {() => Promise<void>} close
 */

/**
 * @param {{ repeats: number, drivers: Driver[], workDirectory: string,
 *   captures: (ids: DemoIds) => SqlCapture[], log: (line: string) => void }} options
 * @returns {Context}
 */
export function createContext(options) {
  /** @type {Map<string, Promise<unknown>>} */
  const memo = new Map();
  /** @type {RunningProcess[]} */
  const processes = [];
  /** @type {(() => Promise<void>)[]} */
  const cleanups = [];

  /** @type {Context['shared']} */
  const shared = (key, make) => {
    if (!memo.has(key)) memo.set(key, make());
    return /** @type {Promise<any>} */ (memo.get(key));
  };
  /** @param {RunningProcess} running */
  const track = (running) => {
    processes.push(running);
    return running;
  };

  /** @param {string} name @param {Omit<import('./baseline-server.mjs').BaselineConfig, 'port'>} config */
  const startTrackedBaseline = async (name, config) =>
    track(await startBaseline(name, config, options.workDirectory));

  /** @type {Context} */
  const context = {
    repeats: options.repeats,
    workDirectory: options.workDirectory,
    log: options.log,
    drivers: options.drivers,
    shared,
    track,
    onClose: (cleanup) => {
      cleanups.push(cleanup);
    },
    environment: (driver) =>
      shared(`environment:${driver}`, async () => {
        if (!options.drivers.includes(driver)) return null;
        const environment = await prepareEnvironment({
          driver,
          directory: path.join(options.workDirectory, driver),
          postgresAdminUrl: POSTGRES_ADMIN_URL,
          captures: options.captures,
          log: options.log,
        });
        if (environment) cleanups.push(environment.remove);
        return environment;
      }),
    portal: (driver) =>
      shared(`portal:${driver}`, async () => {
        const environment = await context.environment(driver);
        if (!environment) return null;
        const running = track(await startPortal({ ...environment.place }));
        return { process: running, environment, session: await signIn(running.url) };
      }),
    baseline: (driver) =>
      shared(`baseline:${driver}`, async () => {
        const environment = await context.environment(driver);
        if (!environment) return null;
        return startTrackedBaseline(`baseline (${driver})`, {
          driver,
          ...(driver === 'postgres' && environment.place.driver === 'postgres'
            ? { databaseUrl: environment.place.databaseUrl }
            : { dataDir: environment.baselineDataDir }),
          routes: Object.values(environment.captured),
        });
      }),
    helloWorld: () =>
      shared('hello-world', () =>
        startTrackedBaseline('hello-world', { driver: 'none', routes: [] }),
      ),
    chromium: () =>
      shared('chromium', async () => {
        const browser = await launchChromium(path.join(options.workDirectory, 'chromium'));
        cleanups.unshift(() => browser.close());
        return browser;
      }),
    close: async () => {
      for (const running of processes.splice(0)) await running.stop();
      for (const cleanup of cleanups.splice(0)) {
        try {
          await cleanup();
        } catch (error) {
          options.log(`cleanup failed: ${error instanceof Error ? error.message : error}`);
        }
      }
    },
  };
  return context;
}
