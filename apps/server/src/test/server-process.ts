// The server as a child process (src/server.ts through tsx), for tests of what an operator sees
// when starting and stopping it. Every process and folder made here is removed by cleanUp().
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const running: ChildProcess[] = [];
const folders: string[] = [];

export type ServerProcess = {
  child: ChildProcess;
  /** Everything written to standard output and error so far. */
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts src/server.ts through tsx, or `bundle` (a bundled server, a third of the start's CPU). */
export function startServer(
  environment: Record<string, string>,
  { bundle }: { bundle?: string } = {},
): ServerProcess {
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
    ...(bundle ? [bundle] : ['--import', 'tsx', SERVER_ENTRY]),
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

/**
 * Bundles the server as `npm run build` bundles it and beside where it puts it (src/locations.ts
 * finds the migrations from there): a start of the bundle costs a third of the CPU time of a start
 * through tsx, which 31 starts notice. Answers the bundle's path; afterAll removes it.
 */
export function bundleServerForThisFile() {
  // Named per file as well as per process: two files' workers may share a process id (threads).
  const bundle = fileURLToPath(
    new URL(
      `../../dist/crash-test-${process.pid}-${randomBytes(4).toString('hex')}.js`,
      import.meta.url,
    ),
  );
  beforeAll(async () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { dependencies: Record<string, string> };
    await build({
      entryPoints: [fileURLToPath(new URL('../server.ts', import.meta.url))],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]),
      logLevel: 'warning',
    });
  });
  afterAll(() => rmSync(bundle, { force: true }));
  return bundle;
}
