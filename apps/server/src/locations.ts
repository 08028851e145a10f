// Folders the server reads at run time. This module sits at the same depth as the bundle
// (src/ and dist/ are siblings), so the relative URLs hold for the sources and the build alike.
import { fileURLToPath } from 'node:url';

/** The committed SQL migrations (apps/server/drizzle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The built web app (apps/web/dist). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
