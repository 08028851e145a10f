// W3: small authenticated JSON calls, as requests per second with 16 connections, against a bare
// Fastify route running the same SQL through the same driver (≥ 0.7×); and /api/health against
// a bare Fastify hello-world (≥ 0.8×). On PGlite and, when one answers, PostgreSQL.
import { comparedFigure, failedFigure } from '../lib/figures.mjs';
import { CONNECTIONS, compareThroughput } from '../lib/load.mjs';

const SECONDS = 3;
const WARM_UP_SECONDS = 1;
const DRIVER_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** @type {{ key: string, label: string, path: (ids: import('../lib/context.mjs').DemoIds) => string }[]} */
const CALLS = [
  { key: 'user', label: 'GET /api/user/{id}', path: (ids) => `/api/user/${ids.userId}` },
  { key: 'properties', label: 'GET /api/properties', path: () => '/api/properties' },
];

/**
 * @param {import('../lib/context.mjs').Context} context
 * @param {{ id: string, label: string, candidate: import('../lib/load.mjs').Target,
 *   baseline: import('../lib/load.mjs').Target, baselineLabel: string, minimumRatio: number,
 *   details?: Record<string, unknown> }} comparison
 */
async function compare(context, comparison) {
  context.log(`  ${comparison.label}`);
  const runs = await compareThroughput({
    candidate: comparison.candidate,
    baseline: comparison.baseline,
    repeats: context.repeats,
    seconds: SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
  });
  const failed = runs.candidate.reduce((sum, run) => sum + run.failed, 0);
  const baselineFailed = runs.baseline.reduce((sum, run) => sum + run.failed, 0);
  const figure = comparedFigure({
    id: comparison.id,
    workload: 'W3',
    label: comparison.label,
    unit: 'req/s',
    candidate: runs.candidate.map((run) => run.requestsPerSecond),
    baseline: runs.baseline.map((run) => run.requestsPerSecond),
    baselineLabel: comparison.baselineLabel,
    minimumRatio: comparison.minimumRatio,
    details: {
      connections: CONNECTIONS,
      secondsPerRun: SECONDS,
      latencyP50Ms: runs.candidate.map((run) => run.latencyP50Ms),
      latencyP99Ms: runs.candidate.map((run) => run.latencyP99Ms),
      baselineLatencyP50Ms: runs.baseline.map((run) => run.latencyP50Ms),
      ...comparison.details,
    },
  });
  // Requests per second of error answers would flatter the portal: such a figure does not count.
  if (failed > 0 || baselineFailed > 0) {
    return {
      ...figure,
      pass: false,
      error: `${failed} candidate and ${baselineFailed} baseline requests failed`,
    };
  }
  return figure;
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'W3',
  title: 'small authenticated calls and /api/health, against bare Fastify',
  sqlCaptures: (ids) => CALLS.map((call) => ({ key: `W3.${call.key}`, path: call.path(ids) })),
  async run(context) {
    /** @type {import('../lib/figures.mjs').Figure[]} */
    const figures = [];
    for (const driver of context.drivers) {
      const name = DRIVER_NAMES[driver];
      const portal = await context.portal(driver);
      const baseline = await context.baseline(driver);
      if (!portal || !baseline) {
        for (const call of CALLS) {
          figures.push(
            failedFigure({
              id: `W3.${call.key}.${driver}`,
              workload: 'W3',
              label: `${call.label} on ${name}`,
              unit: 'req/s',
              error: `no ${name} database to measure on`,
            }),
          );
        }
        continue;
      }
      for (const call of CALLS) {
        const path = call.path(portal.environment.ids);
        const captured = portal.environment.captured[`W3.${call.key}`];
        figures.push(
          await compare(context, {
            id: `W3.${call.key}.${driver}`,
            label: `${call.label} on ${name}`,
            candidate: {
              url: `${portal.process.url}${path}`,
              headers: { authorization: `Bearer ${portal.session.accessToken}` },
            },
            baseline: { url: `${baseline.url}${path}` },
            baselineLabel: `bare Fastify, the same ${captured?.queries.length ?? 0} SQL statement(s)`,
            minimumRatio: 0.7,
            details: { sql: captured?.queries.map((query) => query.text) },
          }),
        );
      }
    }

    // The framework's own cost: no database, no auth. Measured on the embedded-database portal.
    const portal = await context.portal('pglite');
    const helloWorld = await context.helloWorld();
    if (portal) {
      figures.push(
        await compare(context, {
          id: 'W3.health',
          label: 'GET /api/health',
          candidate: { url: `${portal.process.url}/api/health` },
          baseline: { url: `${helloWorld.url}/api/health` },
          baselineLabel: 'bare Fastify hello-world',
          minimumRatio: 0.8,
        }),
      );
    }
    return figures;
  },
};
