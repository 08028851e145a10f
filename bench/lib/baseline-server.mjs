// The baseline of W3 and W6, run as its own process like the portal: a bare Fastify with no
// plugins, no logger, no auth and no schemas. Without a database it is the hello-world of
// /api/health; with one, each route runs the SQL the portal ran for the same request (recorded by
// capture-sql.mjs), in the same order, through the same driver with the same options, and sends
// the rows as JSON. The portal's ratio to it is the cost of everything the portal adds.
//
// Usage: node baseline-server.mjs <config.json>
//   { port, driver: 'none' | 'pglite' | 'postgres', dataDir?, databaseUrl?,
//     routes: [{ path, queries: [{ text, values, rowMode?, name? }] }] }
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * @typedef {{ text: string, values: unknown[], rowMode?: string, name?: string }} CapturedQuery
 * @typedef {{ path: string, queries: CapturedQuery[] }} BaselineRoute
 * @typedef {{ port: number, driver: 'none' | 'pglite' | 'postgres', dataDir?: string,
 *   databaseUrl?: string, routes: BaselineRoute[] }} BaselineConfig
 */

/**
 * The portal's driver options (drizzle-orm's sessions) hand timestamps, dates, intervals and their
 * arrays over as text instead of parsing them: the baseline does the same work, no more, no less.
 */
const TEXT_TYPE_IDS = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
/** @param {string} value */
const asText = (value) => value;

/** @param {BaselineConfig} config @returns {Promise<(query: CapturedQuery) => Promise<unknown[]>>} */
async function openDriver(config) {
  if (config.driver === 'postgres') {
    const { default: pg } = await import('pg');
    // As the portal's pool (apps/server/src/db/client.ts).
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const types = {
      /** @param {number} typeId @param {any} format */
      getTypeParser: (typeId, format) =>
        TEXT_TYPE_IDS.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
    };
    return async (query) => {
      const result = await pool.query(
        /** @type {any} */ ({ text: query.text, rowMode: query.rowMode, name: query.name, types }),
        query.values,
      );
      return result.rows;
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir: config.dataDir });
  const parsers = Object.fromEntries([...TEXT_TYPE_IDS].map((typeId) => [typeId, asText]));
  return async (query) => {
    const result = await client.query(query.text, query.values, {
      rowMode: /** @type {'array' | 'object'} */ (query.rowMode ?? 'object'),
      parsers,
    });
    return result.rows;
  };
}

const configFile = process.argv[2];
if (!configFile) throw new Error('usage: node baseline-server.mjs <config.json>');
/** @type {BaselineConfig} */
const config = JSON.parse(readFileSync(configFile, 'utf8'));

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));

if (config.driver !== 'none') {
  const run = await openDriver(config);
  for (const route of config.routes) {
    // The query string is the portal's business (?limit=…): the baseline answers the path.
    app.get(new URL(route.path, 'http://baseline.invalid').pathname, async () => {
      const results = [];
      for (const query of route.queries) results.push(await run(query));
      return results.length === 1 ? results[0] : results;
    });
  }
}

await app.listen({ port: config.port, host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
