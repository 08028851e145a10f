// M2: an empty embedded database (a fresh DATA_DIR, PGlite, default settings, so the demo is
// seeded as on a newcomer's first `npm start`) to /api/ready answering: ≤ 3 s. The reference is
// a bare Fastify hello-world process started the same way: Node's own start on this machine.
import path from 'node:path';
import { startBaseline } from '../lib/baseline.mjs';
import { limitFigure } from '../lib/figures.mjs';
import { probeFreshStarts } from '../lib/fresh-start.mjs';

const BUDGET_SECONDS = 3;

/**
 * @param {import('../lib/context.mjs').Context} context
 * @returns {Promise<number[]>} seconds from spawn to the first answer of each start
 */
async function bareFastifyStarts(context) {
  const seconds = [];
  for (let index = 0; index < context.repeats; index++) {
    const started = await startBaseline(
      'hello-world',
      { driver: 'none', routes: [] },
      context.workDirectory,
    );
    seconds.push(started.readyMs / 1000);
    await started.stop();
  }
  return seconds;
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'M2',
  title: 'an empty embedded database to /api/ready',
  async run(context) {
    const starts = await context.shared('fresh-pglite-starts', () =>
      probeFreshStarts({
        count: context.repeats,
        directory: path.join(context.workDirectory, 'fresh'),
        log: context.log,
      }),
    );
    return [
      limitFigure({
        id: 'M2.ready.pglite',
        workload: 'M2',
        label: 'empty PGlite data directory to /api/ready',
        unit: 's',
        values: starts.map((start) => start.readyMs / 1000),
        limit: BUDGET_SECONDS,
        digits: 2,
        baseline: {
          label: 'bare Fastify process to its first answer',
          values: await bareFastifyStarts(context),
        },
        details: { demo: 'default (seeded into an empty embedded database)' },
      }),
    ];
  },
};
