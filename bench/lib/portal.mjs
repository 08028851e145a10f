// The portal as an operator runs it: `node apps/server/dist/server.js` from the build, on a free
// port, with demo data where the screens need it, and the few API calls the workloads set up with.
import { randomBytes } from 'node:crypto';
import { freePort, startProcess } from './processes.mjs';
import { baseEnvironment, REPOSITORY, SERVER_SCRIPT } from './settings.mjs';

/** The demo's site manager (apps/server/src/demo/seed-demo.ts). */
export const DEMO_SITE_MANAGER = { email: 'forvaltare@example.se', password: 'Solrosen-demo-2026' };
export const DEMO_MEMBER = { email: 'styrelsen@example.se', password: 'Solrosen-demo-2026' };

/**
 * One secret for every portal of a run, so a token signed by one start is accepted by the next
 * start on the same database (the server would otherwise generate one per data directory).
 */
const JWT_SECRET = randomBytes(48).toString('base64');
/** PostgreSQL needs SECRETS_KEY set (config.ts): one for the run, as for JWT_SECRET. */
const SECRETS_KEY = randomBytes(32).toString('base64');

/**
 * @typedef {import('./processes.mjs').RunningProcess} RunningProcess
 * @typedef {{ driver: 'pglite', dataDir: string } | { driver: 'postgres', databaseUrl: string,
 *   dataDir: string }} DatabasePlace
 */

/**
 * Starts the built portal and resolves when /api/ready answers.
 * @param {DatabasePlace & { name?: string, demo?: boolean, preload?: string,
 *   env?: Record<string, string>, secret?: 'shared' | 'own' }} options
 *   demo: PORTAL_DEMO (unset: the portal's default, on for an empty embedded database);
 *   preload: a module for `node --import` (the SQL capture); secret 'own': let the portal make
 *   its own JWT secret, as a first start does.
 * @returns {Promise<RunningProcess>}
 */
export async function startPortal(options) {
  const port = await freePort();
  /** @type {Record<string, string>} */
  const env = {
    ...baseEnvironment(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    // Long enough for the whole run: a token must not expire in the middle of a measurement.
    ACCESS_TOKEN_TTL: '3600',
    ...(options.secret === 'own' ? {} : { JWT_SECRET }),
    ...(options.driver === 'postgres' ? { DATABASE_URL: options.databaseUrl, SECRETS_KEY } : {}),
    ...(options.demo === undefined ? {} : { PORTAL_DEMO: String(options.demo) }),
    // The demo's year of readings is made in the background after a first start: no workload
    // but the one that times it (demo-year.mjs) may have it running beside its measurement.
    PORTAL_DEMO_READINGS: 'false',
    ...options.env,
  };
  return startProcess({
    name: options.name ?? `portal (${options.driver})`,
    script: SERVER_SCRIPT,
    nodeOptions: options.preload ? ['--import', options.preload] : [],
    env,
    cwd: REPOSITORY,
    port,
    readyPath: '/api/ready',
  });
}

/**
 * A JSON call to the portal's API; throws with the status and body when it is not 2xx.
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string, body?: unknown, headers?: Record<string, string> }} [options]
 * @returns {Promise<any>}
 */
export async function callApi(baseUrl, method, path, options = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : undefined;
}

/**
 * Signs in as the web app does (POST /api/auth/login/).
 * @param {string} baseUrl
 * @param {{ email: string, password: string }} [credentials]
 * @returns {Promise<{ accessToken: string, refreshToken: string, id: string }>}
 */
export async function signIn(baseUrl, credentials = DEMO_SITE_MANAGER) {
  const session = await callApi(baseUrl, 'POST', '/api/auth/login/', { body: credentials });
  return { accessToken: session.accessToken, refreshToken: session.refreshToken, id: session.id };
}

/** How long a first start may take to make the demo's year of readings before a workload gives up. */
const DEMO_YEAR_GIVE_UP_MS = 180_000;

/**
 * Resolves when a portal started with PORTAL_DEMO_READINGS has made the demo's year of readings:
 * what its 'demo readings generated' line says (readings made, seconds taken).
 * @param {import('./processes.mjs').RunningProcess} portal
 * @returns {Promise<{ made: number, seconds: number }>}
 */
export async function demoYearGenerated(portal) {
  const began = Date.now();
  while (Date.now() - began < DEMO_YEAR_GIVE_UP_MS) {
    const line = portal
      .output()
      .split('\n')
      .find((text) => text.includes('demo readings generated'));
    if (line) {
      const { made, seconds } = JSON.parse(line);
      return { made, seconds };
    }
    if (!portal.alive()) throw new Error(`the portal stopped: ${portal.output().slice(-500)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 'demo readings generated' line within ${DEMO_YEAR_GIVE_UP_MS / 1000} s`);
}
