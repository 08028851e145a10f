// Child processes the bench starts and measures: a free port, start until an HTTP path answers,
// resident memory from /proc, and a stop that ends only the process it started.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Last bytes of a child's output kept for error messages: enough for a stack trace. */
const OUTPUT_TAIL_BYTES = 8000;
/** How often a starting process is asked whether it answers: the resolution of M2's figure. */
const POLL_INTERVAL_MS = 20;

/**
 * A port nobody listens on right now. Ports are chosen per process because other work on the
 * same machine runs servers too: a fixed port could measure someone else's process.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * @typedef {object} RunningProcess
 * @property {string} name
 * @property {number} pid
 * @property {number} port
 * @property {string} url http://127.0.0.1:port
 * @property {number} readyMs from spawn to the first successful answer on the ready path
 * @property {() => boolean} alive
 * @property {() => string} output the end of its standard output and error
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL to this process alone if it hangs
 */

/**
 * Starts `node <script>` and resolves once GET readyPath answers 2xx. The clock starts just
 * before spawn, so readyMs includes Node's own start, as an operator would see it.
 * @param {{ name: string, script: string, args?: string[], nodeOptions?: string[],
 *   env: Record<string, string>, port: number, readyPath: string, timeoutMs?: number,
 *   cwd?: string }} options
 * @returns {Promise<RunningProcess>}
 */
export async function startProcess(options) {
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), options.script, ...(options.args ?? [])],
    { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let tail = '';
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-OUTPUT_TAIL_BYTES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  /** @type {number | null} */
  let exitCode = null;
  let exited = false;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code ?? (signal ? 128 : 1);
      resolve(undefined);
    });
  });

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exit;
    }
  };

  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exited) {
      throw new Error(
        `${options.name} stopped before it answered (exit ${exitCode}):\n${tail.trim()}`,
      );
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(
        `${options.name} did not answer ${options.readyPath} in time:\n${tail.trim()}`,
      );
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(POLL_INTERVAL_MS);
  }
  const readyMs = performance.now() - started;
  if (child.pid === undefined) throw new Error(`${options.name} has no process id`);
  return {
    name: options.name,
    pid: child.pid,
    port: options.port,
    url,
    readyMs,
    alive: () => !exited,
    output: () => tail,
    stop,
  };
}

/**
 * Resident memory now and its peak since start (or since resetPeak), in MiB, from the kernel's
 * own account of the process (VmRSS, VmHWM in /proc/<pid>/status).
 * @param {number} pid
 */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  /** @param {string} field */
  const kib = (field) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * Sets the process's peak resident memory (VmHWM) back to its current value, so a later peak
 * belongs to what happened in between. Needs the right to write /proc/<pid>/clear_refs (the
 * process's owner); answers false where that is refused.
 * @param {number} pid
 */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
