// The one place the web app reads build-time settings.

/** Where the API lives; same origin by default (DESIGN §2). */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/** The router's basename: every screen lives under /portal (SPEC §2). */
export const BASE_PATH = '/portal';

/** SPEC §9: a screen that has not loaded in this time shows an error with a retry. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

/**
 * How long the first render waits for the address's code and catalogues, so a quick load shows
 * the screen whole; a slower one shows 'Loading...' for what is still missing after this.
 */
export const FIRST_RENDER_WAIT_MS = 800;
