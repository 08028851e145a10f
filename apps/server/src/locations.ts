// Folders the server reads at run time. This module sits at the same depth as the bundle
// (src/ and dist/ are siblings), so the relative URLs hold for the sources and the build alike.
import { fileURLToPath } from 'node:url';

/** The committed SQL migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * The embedded database's data directory template, made by the server's build (build.mjs) and
 * copied into an empty DATA_DIR at first start (db/data-dir-template.ts).
 */
export const DATA_DIR_TEMPLATE = fileURLToPath(new URL('../dist/pgdata-template', import.meta.url));

/** The built web app (apps/web/dist). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
