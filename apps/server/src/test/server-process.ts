// The server as a child process, for tests of what an operator sees when starting and stopping
// it: src/server.ts bundled as `npm run build` bundles it, once for the whole run
// (test/server-bundle.ts, made by the global set-up). Every process and folder made here is
// removed by cleanUp().
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const running: ChildProcess[] = [];
const folders: string[] = [];

export type ServerProcess = {
  child: ChildProcess;
  /** Everything written to standard output and error so far. */
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts the server. Bundled: a start costs a third of the CPU of one through tsx, which the
 * crash tests' 62 starts notice.
 */
export function startServer(environment: Record<string, string>): ServerProcess {
  const args = [
    // WebAssembly (PGlite's PostgreSQL) compiled by V8's baseline compiler only: the optimising
    // tier recompiles the functions a start runs hot, about 1.5 s of CPU in a background thread
    // per start, for processes these tests stop within seconds (docs/timings.md, 2026-11-24).
    // The server's code and what it does are the same; only how fast its WebAssembly runs later.
    '--liftoff-only',
    // Likewise for JavaScript: no optimising compiles (about 0.4 s of CPU a start), and a young
    // generation large enough that a start is not interrupted by a dozen scavenges (0.1 s).
    '--no-opt',
    '--max-semi-space-size=16',
    inject('serverBundle'),
  ];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PORTAL_DEMO: 'false',
      // The demo's year of readings is half a minute of CPU beside the test: not what these test.
      PORTAL_DEMO_READINGS: 'false',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

export async function waitForOutput(started: ServerProcess, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (Date.now() > deadline || started.child.exitCode !== null) {
      throw new Error(`expected ${pattern} in the server's output:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return started.output();
}

/** Waits for the start banner and answers the server's address (http://host:port). */
export async function waitUntilRunning(started: ServerProcess) {
  const banner = await waitForOutput(
    started,
    /The portal is running: open (http:\/\/\S+)\/portal\//,
  );
  return /open (http:\/\/\S+)\/portal\//.exec(banner)?.[1] as string;
}

/** A data directory of its own, removed by cleanUp(). */
export function temporaryFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-'));
  folders.push(folder);
  return folder;
}

/** Kills what is still running and removes the folders; for afterEach. */
export function cleanUp() {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}
