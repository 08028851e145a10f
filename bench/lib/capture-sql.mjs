// Loaded into the portal with `node --import` while the bench prepares a database (never while it
// measures): records the SQL each tagged request runs, text, parameters and row mode as the
// driver received them, so the baseline of W3/W6 can run exactly that SQL through the same driver.
// A request is tagged by the header `x-bench-capture: <tag>`; queries outside one are ignored.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

export const CAPTURE_HEADER = 'x-bench-capture';
// biome-ignore lint/style/noProcessEnv: a preload has no other way to receive its setting
const captureFile = process.env.BENCH_SQL_CAPTURE_FILE;

if (captureFile) {
  const serverDirectory = path.resolve(import.meta.dirname, '../../apps/server');
  // The patches must reach the very modules the server loads: a copy of its own under
  // apps/server/node_modules would be another class, and nothing would be recorded.
  for (const name of ['pg', '@electric-sql/pglite']) {
    if (existsSync(path.join(serverDirectory, 'node_modules', name))) {
      throw new Error(`apps/server has its own ${name}: the SQL capture cannot reach it`);
    }
  }
  const requireFromServer = createRequire(path.join(serverDirectory, 'package.json'));

  /** @type {AsyncLocalStorage<string>} */
  const currentTag = new AsyncLocalStorage();

  // Every request runs inside its tag, and so does every query its handler starts.
  const emit =
    /** @type {(this: http.Server, event: string | symbol, ...rest: any[]) => boolean} */ (
      http.Server.prototype.emit
    );
  /** @this {http.Server} @param {string | symbol} event @param {any[]} rest */
  http.Server.prototype.emit = function emitWithTag(event, ...rest) {
    const request = /** @type {http.IncomingMessage | undefined} */ (rest[0]);
    const tag = event === 'request' ? request?.headers[CAPTURE_HEADER] : undefined;
    const forward = () => emit.call(this, event, ...rest);
    return typeof tag === 'string' ? currentTag.run(tag, forward) : forward();
  };

  /** @param {{ text: string, values: unknown[], rowMode?: string, name?: string }} query */
  const record = (query) => {
    const tag = currentTag.getStore();
    if (tag === undefined) return;
    appendFileSync(captureFile, `${JSON.stringify({ tag, ...query })}\n`);
  };

  // node-postgres: the pool runs every query through Client#query(config | text, values).
  const pg = requireFromServer('pg');
  const clientQuery = pg.Client.prototype.query;
  /** @param {any} config @param {any} values @param {any[]} rest */
  pg.Client.prototype.query = function queryWithCapture(config, values, ...rest) {
    const isConfig = typeof config === 'object' && config !== null;
    record({
      text: isConfig ? config.text : config,
      values: (Array.isArray(values) ? values : isConfig ? config.values : undefined) ?? [],
      ...(isConfig && config.rowMode ? { rowMode: config.rowMode } : {}),
      ...(isConfig && config.name ? { name: config.name } : {}),
    });
    return clientQuery.call(this, config, values, ...rest);
  };

  // PGlite: query(text, params, options) lives on a base class of PGlite.
  const { PGlite } = await import('@electric-sql/pglite');
  /** @type {any} */
  let owner = PGlite.prototype;
  while (owner && !Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner);
  if (!owner) throw new Error('PGlite has no query method to capture');
  const pgliteQuery = owner.query;
  /** @this {any} @param {string} text @param {unknown[] | undefined} params @param {any} options */
  owner.query = function queryWithCapture(text, params, options) {
    record({
      text,
      values: params ?? [],
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    });
    return pgliteQuery.call(this, text, params, options);
  };
}
