// The only place the bench reads its own environment: where PostgreSQL is, and the few variables
// a child process needs to run at all. Everything else a child sees is set by the bench, so a
// developer's SMTP_URL or DATABASE_URL never leaks into a measurement.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_SCRIPT = path.join(REPOSITORY, 'apps/server/dist/server.js');
export const WEB_INDEX = path.join(REPOSITORY, 'apps/web/dist/index.html');
export const RESULTS_DIRECTORY = path.join(REPOSITORY, 'bench/results');
/** Data directories, captured SQL and browser profiles of one run; removed when it ends. */
export const WORK_DIRECTORY = path.join(REPOSITORY, 'bench/.work');

/** A PostgreSQL server the bench may create (and drop) its own database on. */
export const POSTGRES_ADMIN_URL =
  // biome-ignore lint/style/noProcessEnv: the bench's one setting, read in its one settings module
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Debian's Chromium: the project never downloads a browser (DESIGN §6). */
export const CHROMIUM_PATH =
  // biome-ignore lint/style/noProcessEnv: the same override the end-to-end tests take
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What any child process needs from ours: where programs are, a home, a locale. */
export function baseEnvironment() {
  /** @type {Record<string, string>} */
  const environment = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TZ']) {
    // biome-ignore lint/style/noProcessEnv: copies only these few, on purpose
    const value = process.env[name];
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}
