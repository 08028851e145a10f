// W5: statistics over 10 M readings (285 meters × a year × 15 minutes): the property's year by
// month through the API, one request at a time (p95 ≤ 20 ms), against the same figures computed
// from the raw readings in the same run, as a portal without rollups would — a lag window over
// every reading of the year, summed per type and local month (≥ 100× faster). The two must agree:
// the rollups are checked against the readings before their speed counts. The raw figure is
// computed once a run, after the API's rounds: it takes tens of seconds, a thousand times the
// API's, and the budget asks only whether it is a hundred.
//
// PostgreSQL only: lib/statistics-data.mjs says why PGlite holds no 10 M readings (W4 measures the
// same call on PGlite).
import pg from 'pg';
import { comparedFigure, failedFigure, limitFigure, notCounting } from '../lib/figures.mjs';
import { sampleLatency } from '../lib/latency.mjs';
import { callApi } from '../lib/portal.mjs';
import { statisticsEnvironment, TIME_ZONE, YEAR, YEAR_BY_MONTH } from '../lib/statistics-data.mjs';
import { summarize } from '../lib/stats.mjs';

const P95_BUDGET_MS = 20;
const MINIMUM_SPEED_UP = 100;
const SAMPLING = { warmUp: 5, minimum: 20, maximum: 400, seconds: 3 };

/**
 * The year by month per series type, from the readings alone: each reading's use is its register
 * less the one before it, counted in the local month its interval starts in.
 */
const RAW_YEAR_BY_MONTH = `
  select case when d.device_type = 'el' and d.role = 'production' then 'solar'
      else d.device_type end as type,
    to_char(date_trunc('month', x.prev_at at time zone $2), 'YYYY-MM-DD') as month,
    sum(x.use) as use
  from (
    select r.device_id, lag(r.at) over w as prev_at, r.value - lag(r.value) over w as use
    from readings r
    where r.device_id in (select id from devices where property_id = $1)
      and r.at >= $3::timestamptz - interval '1 day' and r.at < $4::timestamptz + interval '1 day'
    window w as (partition by r.device_id order by r.at)
  ) as x
  join devices d on d.id = x.device_id
  where x.prev_at >= $3::timestamptz and x.prev_at < $4::timestamptz
  group by 1, 2`;

/**
 * The largest difference between the API's buckets and the raw figures, in Wh or litres.
 * @param {import('../lib/statistics-data.mjs').StatisticsAnswer} answer
 * @param {{ type: string, month: string, use: number }[]} raw
 */
function largestDifference(answer, raw) {
  const rawUse = new Map(raw.map((row) => [`${row.type} ${row.month}`, Number(row.use)]));
  let largest = 0;
  for (const series of answer.series) {
    for (const bucket of series.buckets) {
      const month = `${bucket.start.slice(0, 7)}-01`;
      const expected = rawUse.get(`${series.type} ${month}`) ?? 0;
      largest = Math.max(largest, Math.abs(bucket.value - expected));
    }
  }
  return largest;
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'W5',
  title: 'statistics over 10 M readings, against the raw readings',
  async run(context) {
    const label = 'year by month over 10 M readings on PostgreSQL, p95 at 1 connection';
    const environment = await statisticsEnvironment(context, 'postgres');
    if (!environment?.databaseUrl) {
      const error = 'needs PostgreSQL (PGlite holds no 10 M readings: lib/statistics-data.mjs)';
      return [failedFigure({ id: 'W5.p95.postgres', workload: 'W5', label, unit: 'ms', error })];
    }
    const path = YEAR_BY_MONTH(environment.propertyId);
    const url = `${environment.portal.url}${path}`;
    const headers = { authorization: `Bearer ${environment.accessToken}` };
    const answer = await callApi(environment.portal.url, 'GET', path, {
      token: environment.accessToken,
    });
    const client = new pg.Client({ connectionString: environment.databaseUrl });
    await client.connect();
    context.log(`  ${label}; the same from the raw readings`);
    /** @type {Record<'p50' | 'p95', number[]>} */
    const times = { p50: [], p95: [] };
    let failed = 0;
    for (let round = 0; round < context.repeats; round++) {
      const latency = await sampleLatency({ url, headers, ...SAMPLING });
      times.p50.push(latency.p50);
      times.p95.push(latency.p95);
      failed += latency.failed;
    }
    let rawMs;
    let difference;
    try {
      const began = performance.now();
      const raw = await client.query(RAW_YEAR_BY_MONTH, [
        environment.propertyId,
        TIME_ZONE,
        answer.from,
        answer.to,
      ]);
      rawMs = performance.now() - began;
      difference = largestDifference(answer, raw.rows);
    } finally {
      await client.end();
    }
    const p50 = summarize(times.p50).median;
    // The answer keeps 3 decimals; sums of 3 M doubles may differ in the last bits beyond that.
    const agree = difference < 0.01;
    const details = {
      path,
      readings: environment.readings,
      meters: environment.meters,
      year: YEAR,
      rawSql: RAW_YEAR_BY_MONTH.replace(/\s+/g, ' ').trim(),
      largestDifference: difference,
      failedRequests: failed,
      preparedSeconds: environment.seconds,
    };
    const figures = [
      limitFigure({
        id: 'W5.p95.postgres',
        workload: 'W5',
        label,
        unit: 'ms',
        values: times.p95,
        limit: P95_BUDGET_MS,
        details: { ...details, p50Ms: times.p50 },
      }),
      comparedFigure({
        id: 'W5.speed-up.postgres',
        workload: 'W5',
        label: 'the same (median p50) against computing it from the raw readings (once)',
        unit: 'answers/s',
        candidate: [1000 / p50],
        baseline: [1000 / rawMs],
        baselineLabel: 'lag window over the raw readings, summed by type and local month',
        minimumRatio: MINIMUM_SPEED_UP,
        budgetText: `≥ ${MINIMUM_SPEED_UP}× faster than from the raw readings`,
        details: { apiP50Ms: p50, rawMs: Math.round(rawMs) },
      }),
    ];
    if (failed > 0 || !agree) {
      const error = agree
        ? `${failed} requests failed`
        : `the rollups disagree with the readings by up to ${difference}`;
      return notCounting(figures, error);
    }
    return figures;
  },
};
