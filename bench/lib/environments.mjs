// A database prepared for the workloads, on PGlite or PostgreSQL: the demo (Brf Solrosen, its
// site manager, Solrosen 1 with 29 areas), one more property with MAX_AREAS_PER_PROPERTY areas
// made through the API as a site manager would, and the SQL the portal runs for the calls the
// workloads compare with a baseline — all in one start of the portal, before anything is timed.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CAPTURE_HEADER } from './capture-sql.mjs';
import { callApi, signIn, startPortal } from './portal.mjs';

/** contracts MAX_AREAS_PER_PROPERTY and MAX_AREAS_AT_ONCE (packages/contracts/src/areas.ts). */
export const BIG_PROPERTY_AREAS = 5000;
const AREAS_AT_ONCE = 500;
const CAPTURE_PRELOAD = path.join(import.meta.dirname, 'capture-sql.mjs');

/**
 * @typedef {import('./baseline-server.mjs').CapturedQuery} CapturedQuery
 * @typedef {{ key: string, path: string }} SqlCapture a call whose SQL a baseline replays
 * @typedef {{ userId: string, organizationId: string, solrosenId: string,
 *   bigPropertyId: string }} DemoIds
 * @typedef {object} Environment
 * @property {'pglite' | 'postgres'} driver
 * @property {import('./portal.mjs').DatabasePlace} place where the portal's database lives
 * @property {DemoIds} ids
 * @property {Record<string, { path: string, queries: CapturedQuery[] }>} captured by capture key
 * @property {string | undefined} baselineDataDir PGlite: a copy of the data for the baseline's
 *   process, made while no portal runs (two processes on one PGlite directory lose data)
 * @property {() => Promise<void>} remove drops the database, removes the directories
 */

/**
 * Creates a database of its own on the PostgreSQL server at adminUrl; null when none answers.
 * @param {string} adminUrl
 * @param {string} name
 */
export async function createPostgresDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * @param {string} baseUrl
 * @param {string} token
 * @param {string} userId
 * @returns {Promise<DemoIds>}
 */
async function addBigProperty(baseUrl, token, userId) {
  /** @type {{ id: string, name: string, organizationId: string }[]} */
  const properties = await callApi(baseUrl, 'GET', '/api/properties', { token });
  const solrosen = properties.find((property) => property.name === 'Solrosen 1');
  if (!solrosen) throw new Error('the demo property Solrosen 1 is missing: is the demo seeded?');
  const big = await callApi(baseUrl, 'POST', '/api/properties', {
    token,
    body: {
      name: `Bench ${BIG_PROPERTY_AREAS} areas`,
      organizationId: solrosen.organizationId,
      propertyType: 'multi-dwelling',
    },
  });
  for (let from = 1; from <= BIG_PROPERTY_AREAS; from += AREAS_AT_ONCE) {
    await callApi(baseUrl, 'POST', `/api/properties/${big.id}/areas/bulk`, {
      token,
      body: { areaType: 'apt', from, to: from + AREAS_AT_ONCE - 1, namePrefix: 'Lgh ' },
    });
  }
  return {
    userId,
    organizationId: solrosen.organizationId,
    solrosenId: solrosen.id,
    bigPropertyId: big.id,
  };
}

/**
 * Asks once without a tag (so what a first call sets up is not counted), then once tagged, and
 * reads what the tagged call ran.
 * @param {string} baseUrl
 * @param {string} token
 * @param {SqlCapture} capture
 * @param {string} captureFile
 */
async function captureOne(baseUrl, token, capture, captureFile) {
  await callApi(baseUrl, 'GET', capture.path, { token });
  await callApi(baseUrl, 'GET', capture.path, {
    token,
    headers: { [CAPTURE_HEADER]: capture.key },
  });
  const queries = readFileSync(captureFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((line) => line.tag === capture.key)
    .map(({ tag: _tag, ...query }) => /** @type {CapturedQuery} */ (query));
  if (queries.length === 0) {
    throw new Error(`GET ${capture.path} ran no SQL the capture could see`);
  }
  return { path: capture.path, queries };
}

/**
 * @param {{ driver: 'pglite' | 'postgres', directory: string, postgresAdminUrl: string,
 *   captures: (ids: DemoIds) => SqlCapture[], log: (line: string) => void }} options
 * @returns {Promise<Environment | null>} null: PostgreSQL was asked for and none answers
 */
export async function prepareEnvironment(options) {
  mkdirSync(options.directory, { recursive: true });
  const dataDir = path.join(options.directory, 'data');
  /** @type {import('./portal.mjs').DatabasePlace} */
  let place = { driver: 'pglite', dataDir };
  let drop = async () => {};
  if (options.driver === 'postgres') {
    const database = await createPostgresDatabase(
      options.postgresAdminUrl,
      `bench_${process.pid}_${Date.now().toString(36)}`,
    );
    if (!database) return null;
    place = { driver: 'postgres', databaseUrl: database.url, dataDir };
    drop = database.drop;
  }
  const remove = async () => {
    await drop();
    rmSync(options.directory, { recursive: true, force: true });
  };

  try {
    const captureFile = path.join(options.directory, 'captured-sql.jsonl');
    options.log(`preparing ${options.driver}: demo, ${BIG_PROPERTY_AREAS} areas, SQL capture`);
    const portal = await startPortal({
      ...place,
      name: `portal (${options.driver}, preparing)`,
      demo: true,
      preload: CAPTURE_PRELOAD,
      env: { BENCH_SQL_CAPTURE_FILE: captureFile },
    });
    /** @type {Environment['captured']} */
    const captured = {};
    let ids;
    try {
      const session = await signIn(portal.url);
      ids = await addBigProperty(portal.url, session.accessToken, session.id);
      for (const capture of options.captures(ids)) {
        captured[capture.key] = await captureOne(
          portal.url,
          session.accessToken,
          capture,
          captureFile,
        );
      }
    } finally {
      await portal.stop();
    }
    let baselineDataDir;
    if (options.driver === 'pglite') {
      baselineDataDir = path.join(options.directory, 'baseline-pgdata');
      cpSync(path.join(dataDir, 'pgdata'), baselineDataDir, { recursive: true });
    }
    return { driver: options.driver, place, ids, captured, baselineDataDir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
