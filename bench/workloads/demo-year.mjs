// DEMO: a first start's year of simulated readings (issue 13: "generated at first start in under
// 30 seconds"). An empty PGlite data directory with the demo and its readings on, as a newcomer's
// `npm start`: seconds from /api/ready answering to the server's 'demo readings generated' line,
// the readings made, and the server's resident memory afterwards (the memory a year of readings
// leaves behind in PGlite's WebAssembly heap, for M1's budget).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { limitFigure } from '../lib/figures.mjs';
import { demoYearGenerated, startPortal } from '../lib/portal.mjs';
import { memoryOf } from '../lib/processes.mjs';

const BUDGET_SECONDS = 30;
/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'DEMO',
  title: "a first start's year of simulated readings for the demo",
  async run(context) {
    const seconds = [];
    const memory = [];
    let made = 0;
    for (let round = 0; round < context.repeats; round++) {
      const dataDir = path.join(context.workDirectory, `demo-year-${round}`);
      mkdirSync(dataDir, { recursive: true });
      const portal = context.track(
        await startPortal({
          driver: 'pglite',
          dataDir,
          name: 'portal (demo year)',
          env: { PORTAL_DEMO_READINGS: 'true', LOG_LEVEL: 'info' },
        }),
      );
      try {
        const generated = await demoYearGenerated(portal);
        seconds.push(generated.seconds);
        made = generated.made;
        memory.push(memoryOf(portal.pid).rssMiB);
      } finally {
        await portal.stop();
      }
    }
    return [
      limitFigure({
        id: 'DEMO.year.pglite',
        workload: 'DEMO',
        label: 'a year of 15-minute readings for the demo, generated after a first start (PGlite)',
        unit: 's',
        values: seconds,
        limit: BUDGET_SECONDS,
        details: { readings: made, rssMiBAfter: memory.map(Math.round) },
      }),
    ];
  },
};
