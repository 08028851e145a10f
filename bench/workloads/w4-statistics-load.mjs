// W4: a property's statistics, a year by month (every type, one series per type), as requests at
// 16 connections: p50 ≤ 10 ms, p99 ≤ 50 ms. On the 285-meter property with a year of use of
// lib/statistics-data.mjs, on PostgreSQL and, for information, PGlite: PGlite runs its queries
// one at a time on the server's own thread, so at 16 connections even the smallest signed-in call
// waits for fifteen others (W3's GET /api/user/{id} has a p50 near 15 ms there), and no answer
// could keep these budgets. Asked with the encodings a browser accepts, as the web app asks. The
// answer is checked first (twelve months, a series per type, use in them), so a fast error or an
// empty answer is never timed as a statistic.
import { failedFigure, limitFigure, notCounting } from '../lib/figures.mjs';
import { CONNECTIONS, measureThroughput } from '../lib/load.mjs';
import { callApi } from '../lib/portal.mjs';
import { statisticsEnvironment, YEAR_BY_MONTH } from '../lib/statistics-data.mjs';

const SECONDS = 3;
const WARM_UP_SECONDS = 1;
const P50_BUDGET_MS = 10;
const P99_BUDGET_MS = 50;
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const DRIVER_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const SERIES = ['heat', 'el', 'hw', 'cw', 'solar'];

/**
 * What the answer holds, or an error naming what is missing.
 * @param {import('../lib/statistics-data.mjs').StatisticsAnswer} answer
 */
export function describeYearByMonth(answer) {
  /** @type {{ type: string, total: number, buckets: unknown[] }[]} */
  const series = answer.series;
  const types = series.map((one) => one.type);
  const months = series.map((one) => one.buckets.length);
  const empty = series.filter((one) => !(one.total > 0));
  if (JSON.stringify(types) !== JSON.stringify(SERIES) || months.some((count) => count !== 12)) {
    throw new Error(`the year by month answered ${JSON.stringify({ types, months })}`);
  }
  if (empty.length > 0) throw new Error('a series of the year by month has no use');
  return { series: types.length, months: 12, totalEnergyWh: answer.totalEnergyWh };
}

/**
 * @param {import('../lib/context.mjs').Context} context
 * @param {'pglite' | 'postgres'} driver
 * @returns {Promise<import('../lib/figures.mjs').Figure[]>}
 */
async function measure(context, driver) {
  const name = DRIVER_NAMES[driver];
  const id = (/** @type {string} */ figure) => `W4.year.${figure}.${driver}`;
  const label = `year by month of ${name}'s 285-meter property, ${CONNECTIONS} connections`;
  const environment = await statisticsEnvironment(context, driver);
  if (!environment) {
    const error = `no ${name} database to measure on`;
    return [failedFigure({ id: id('p50'), workload: 'W4', label, unit: 'ms', error })];
  }
  const path = YEAR_BY_MONTH(environment.propertyId);
  const token = environment.accessToken;
  const answer = describeYearByMonth(await callApi(environment.portal.url, 'GET', path, { token }));
  context.log(`  ${label}`);
  const target = {
    url: `${environment.portal.url}${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ENCODINGS },
  };
  await measureThroughput(target, WARM_UP_SECONDS);
  /** @type {import('../lib/load.mjs').LoadRun[]} */
  const runs = [];
  for (let round = 0; round < context.repeats; round++) {
    runs.push(await measureThroughput(target, SECONDS));
  }
  const failed = runs.reduce((sum, run) => sum + run.failed, 0);
  const details = {
    path,
    connections: CONNECTIONS,
    secondsPerRun: SECONDS,
    acceptEncoding: BROWSER_ENCODINGS,
    requestsPerSecond: runs.map((run) => Math.round(run.requestsPerSecond)),
    failedRequests: failed,
    meters: environment.meters,
    readings: environment.readings,
    preparedSeconds: environment.seconds,
    answer,
  };
  const figures = [
    limitFigure({
      id: id('p50'),
      workload: 'W4',
      label: `${label}, p50`,
      unit: 'ms',
      values: runs.map((run) => run.latencyP50Ms),
      ...(driver === 'postgres' ? { limit: P50_BUDGET_MS } : {}),
      details,
    }),
    limitFigure({
      id: id('p99'),
      workload: 'W4',
      label: 'the same, p99',
      unit: 'ms',
      values: runs.map((run) => run.latencyP99Ms),
      ...(driver === 'postgres' ? { limit: P99_BUDGET_MS } : {}),
    }),
  ];
  // Latencies of error answers would flatter the portal: such figures do not count.
  return failed > 0 ? notCounting(figures, `${failed} requests failed`) : figures;
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'W4',
  title: 'property statistics, a year by month, 16 connections',
  async run(context) {
    const figures = [];
    for (const driver of context.drivers) figures.push(...(await measure(context, driver)));
    return figures;
  },
};
