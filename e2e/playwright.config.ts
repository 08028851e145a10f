// End-to-end tests: the built portal, started on a free port with a fresh data directory,
// driven by Debian's Chromium (never a downloaded browser).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Beside the other test output (npm test empties it first), never left in the system's /tmp. */
const OUTPUT = path.resolve(import.meta.dirname, '../.test-output');
mkdirSync(OUTPUT, { recursive: true });

// Workers load this file again; the environment carries the first choice to them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(OUTPUT, 'e2e-data-'));
process.env.E2E_SMTP_PORT ??= String(await freePort());
// Known to the specs, so they can make expired tokens the server accepts as its own (support/tokens.ts).
process.env.E2E_JWT_SECRET ??= randomBytes(48).toString('base64');
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(OUTPUT, 'e2e-mail-'));
// The server's stdout and stderr, and the secrets the specs handled: searched after the run.
process.env.E2E_SERVER_LOG ??= path.join(OUTPUT, 'e2e-server.log');
process.env.E2E_SECRETS_FILE ??= path.join(OUTPUT, 'e2e-secrets.jsonl');
const port = Number(process.env.E2E_PORT);

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 as
 * Debian's full Chromium, without the browser's own windowing and UI — what Playwright itself
 * runs for headless Chromium. The suite's Chromium CPU fell from 188 to 98 s with it (browser
 * process 59 → 22 s, renderers 110 → 70 s) and the suite from 2.9 to 2.4 min (docs/timings.md,
 * session 28). The full Chromium when the shell is not installed; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './specs',
  // Also starts and stops the portal (support/portal-server.ts, not a webServer: its log is
  // searched for secrets after it has stopped, support/log-scan.ts).
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three on two cores: a spec waits on the server, its mail or an animation often enough that a
  // third fills the idle time (2.4 → 2.0 min; four were 1.9 min with the cores all but saturated).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  outputDir: '../.test-output/e2e-artifacts',
  use: {
    baseURL,
    // Recording a trace of every test cost the suite a sixth of its time (204 → 171 s), so one is
    // recorded only when CI runs a failed test again; by hand, `npx playwright test --trace on`.
    trace: 'on-first-retry',
    // The portal leaves out its transitions for reduced motion, so no step waits for a dialog to
    // fade in or out (the motion itself is the UI kit's, not ours to test).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
