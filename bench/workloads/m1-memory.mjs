// M1: resident memory (VmRSS) of the portal's process: idle after ready on PGlite (≤ 300 MB) and
// on PostgreSQL (≤ 150 MB), and its peak while eight people sign in at once on PGlite (≤ 500 MB).
// MB here are MiB, as the kernel counts them. The reference is a bare Node process (an HTTP
// server, nothing else) measured in the same run.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { failedFigure, limitFigure } from '../lib/figures.mjs';
import { CONCURRENT_SIGN_INS, probeFreshStarts, SETTLE_MS } from '../lib/fresh-start.mjs';
import { startPortal } from '../lib/portal.mjs';
import { freePort, memoryOf, startProcess } from '../lib/processes.mjs';
import { baseEnvironment } from '../lib/settings.mjs';

/** A Node process with an HTTP server and nothing else: what Node itself costs. */
const BARE_NODE =
  "require('node:http').createServer((q, r) => r.end('ok')).listen(Number(process.argv[1]), '127.0.0.1')";

/**
 * Side by side (they do nothing, so they cannot disturb each other), one per repeat.
 * @param {import('../lib/context.mjs').Context} context
 */
async function bareNodeMiB(context) {
  const processes = await Promise.all(
    Array.from({ length: context.repeats }, async () => {
      const port = await freePort();
      return startProcess({
        name: 'bare Node',
        script: '-e',
        args: [BARE_NODE, String(port)],
        env: baseEnvironment(),
        port,
        readyPath: '/',
      });
    }),
  );
  try {
    await sleep(SETTLE_MS);
    return processes.map((bare) => memoryOf(bare.pid).rssMiB);
  } finally {
    await Promise.all(processes.map((bare) => bare.stop()));
  }
}

/**
 * Idle memory of the portal on the prepared PostgreSQL database, one start per repeat.
 * @param {import('../lib/context.mjs').Context} context
 */
async function postgresIdleMiB(context) {
  const environment = await context.environment('postgres');
  if (!environment) return null;
  const values = [];
  for (let index = 0; index < context.repeats; index++) {
    const portal = await startPortal({ ...environment.place, name: 'portal (PostgreSQL)' });
    try {
      await sleep(SETTLE_MS);
      values.push(memoryOf(portal.pid).rssMiB);
    } finally {
      await portal.stop();
    }
  }
  return values;
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'M1',
  title: 'resident memory: idle, and eight sign-ins at once',
  async run(context) {
    const reference = { label: 'bare Node process', values: await bareNodeMiB(context) };
    const starts = await context.shared('fresh-pglite-starts', () =>
      probeFreshStarts({
        count: context.repeats,
        directory: path.join(context.workDirectory, 'fresh'),
        log: context.log,
      }),
    );
    const figures = [
      limitFigure({
        id: 'M1.idle.pglite',
        workload: 'M1',
        label: 'idle after ready, PGlite (first start)',
        unit: 'MiB',
        values: starts.map((start) => start.idleMiB),
        limit: 300,
        baseline: reference,
        details: { settleMs: SETTLE_MS },
      }),
      limitFigure({
        id: 'M1.sign-ins.pglite',
        workload: 'M1',
        label: `peak during ${CONCURRENT_SIGN_INS} sign-ins at once, PGlite`,
        unit: 'MiB',
        values: starts.map((start) => start.signInPeakMiB),
        limit: 500,
        baseline: reference,
        details: {
          peakFrom: starts.map((start) => start.peakFrom),
          signInsMs: starts.map((start) => Math.round(start.signInsMs)),
        },
      }),
    ];
    if (context.drivers.includes('postgres')) {
      const postgres = await postgresIdleMiB(context);
      figures.push(
        postgres
          ? limitFigure({
              id: 'M1.idle.postgres',
              workload: 'M1',
              label: 'idle after ready, PostgreSQL',
              unit: 'MiB',
              values: postgres,
              limit: 150,
              baseline: reference,
              details: { settleMs: SETTLE_MS },
            })
          : failedFigure({
              id: 'M1.idle.postgres',
              workload: 'M1',
              label: 'idle after ready, PostgreSQL',
              unit: 'MiB',
              error: 'no PostgreSQL answered',
            }),
      );
    }
    return figures;
  },
};
