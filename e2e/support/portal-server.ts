// The built portal for the run, started by support/global-setup.ts rather than Playwright's
// webServer: its output (every log line, at `trace`) goes straight into a file, and it is stopped
// before the file is searched for secrets (support/log-scan.ts) — Playwright stops a webServer
// only after the global teardown, with lines of the shutdown still to come.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../../apps/server/dist/server.js');
const STARTS_WITHIN_MS = 60_000;
/** The server's own deadline is 10 s (apps/server/src/server.ts); then it is killed. */
const STOPS_WITHIN_MS = 15_000;

export function portalEnvironment(baseURL: string): Record<string, string> {
  const url = new URL(baseURL);
  return {
    PORT: url.port,
    HOST: url.hostname,
    DATA_DIR: process.env.E2E_DATA_DIR as string,
    PUBLIC_URL: baseURL,
    // Every line the server can write, so the scan after the run sees them all: 6 200 lines in the
    // whole suite, nearly all one per request, and no measurable cost (docs/timings.md, session 30).
    LOG_LEVEL: 'trace',
    PORTAL_DEMO: 'true',
    // A year of simulated readings is half a minute of both cores: the specs that need readings
    // send their own through the gateway API.
    PORTAL_DEMO_READINGS: 'false',
    JWT_SECRET: process.env.E2E_JWT_SECRET as string,
    // Every spec signs in from 127.0.0.1; the limits themselves are tested in the API tests.
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_MAIL: '1000',
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
  };
}

/** The log's last lines, for a start that failed. */
function tail(logFile: string, lines = 30) {
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

async function ready(baseURL: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + STARTS_WITHIN_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(
        `the portal stopped with ${server.exitCode ?? server.signalCode} at its start:\n${tail(logFile)}`,
      );
    try {
      if ((await fetch(`${baseURL}/api/ready`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal was not ready within ${STARTS_WITHIN_MS} ms:\n${tail(logFile)}`);
}

/**
 * Starts the portal with its stdout and stderr appended to `logFile`, and waits until it is ready.
 * Returns its stop: SIGTERM, its graceful shutdown, and the exit code.
 */
export async function startPortal(baseURL: string, logFile: string) {
  const output = openSync(logFile, 'a');
  const server = spawn(process.execPath, [SERVER], {
    env: { ...process.env, ...portalEnvironment(baseURL) },
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    await ready(baseURL, server, logFile);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return async function stopPortal(): Promise<number | null> {
    if (server.exitCode === null) server.kill('SIGTERM');
    const killer = setTimeout(() => server.kill('SIGKILL'), STOPS_WITHIN_MS);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
}
