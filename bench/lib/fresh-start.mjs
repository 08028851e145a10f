// A first start of the portal as a newcomer makes it (`npm start` on an empty data directory,
// PGlite, the default settings): how long until /api/ready answers, resident memory once idle, and
// its peak while eight people sign in at once. M2 and M1 read the same starts, since each one
// is the slowest thing the bench does.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_MEMBER, DEMO_SITE_MANAGER, signIn, startPortal } from './portal.mjs';
import { memoryOf, resetPeak } from './processes.mjs';

/** After ready, what a start leaves behind settles (garbage collection, timers) before "idle". */
export const SETTLE_MS = 3000;
export const CONCURRENT_SIGN_INS = 8;
/** Memory is also sampled this often during the sign-ins, in case the peak cannot be reset. */
const SAMPLE_INTERVAL_MS = 10;

/**
 * @typedef {{ readyMs: number, idleMiB: number, signInPeakMiB: number,
 *   peakFrom: 'VmHWM' | 'samples', signInsMs: number }} FreshStart
 */

/**
 * @param {{ count: number, directory: string, log: (line: string) => void }} options
 * @returns {Promise<FreshStart[]>}
 */
export async function probeFreshStarts(options) {
  /** @type {FreshStart[]} */
  const starts = [];
  for (let index = 0; index < options.count; index++) {
    const dataDir = path.join(options.directory, `fresh-${index}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    // Nothing but a port, a directory and quiet logs: the first start an operator gets.
    const portal = await startPortal({
      driver: 'pglite',
      dataDir,
      name: 'portal (PGlite, empty data directory)',
      secret: 'own',
    });
    try {
      await sleep(SETTLE_MS);
      const idleMiB = memoryOf(portal.pid).rssMiB;

      const reset = resetPeak(portal.pid);
      let sampledPeak = memoryOf(portal.pid).rssMiB;
      const sampler = setInterval(() => {
        sampledPeak = Math.max(sampledPeak, memoryOf(portal.pid).rssMiB);
      }, SAMPLE_INTERVAL_MS);
      const began = performance.now();
      try {
        // The demo's two people by turns: one account signing in more than five times at once
        // from one address is held back by the sign-in throttle (docs/accounts.md), as a guesser
        // would be.
        await Promise.all(
          Array.from({ length: CONCURRENT_SIGN_INS }, (_, index) =>
            signIn(portal.url, index % 2 ? DEMO_MEMBER : DEMO_SITE_MANAGER),
          ),
        );
      } finally {
        clearInterval(sampler);
      }
      const signInsMs = performance.now() - began;
      const memory = memoryOf(portal.pid);
      const start = {
        readyMs: portal.readyMs,
        idleMiB,
        signInPeakMiB: reset ? memory.peakMiB : Math.max(sampledPeak, memory.rssMiB),
        /** @type {'VmHWM' | 'samples'} */
        peakFrom: reset ? 'VmHWM' : 'samples',
        signInsMs,
      };
      starts.push(start);
      options.log(
        `  start ${index + 1}/${options.count}: ready in ${(start.readyMs / 1000).toFixed(1)} s, ` +
          `idle ${idleMiB.toFixed(0)} MiB, peak during sign-ins ${start.signInPeakMiB.toFixed(0)} MiB`,
      );
    } finally {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return starts;
}
