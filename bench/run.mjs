// `npm run bench`: builds the portal, runs the workloads of DESIGN §7 that exist, writes
// bench/results/<date>-<commit>.json and prints a table. Not part of `npm test`: it measures,
// it does not judge — a figure over budget is reported and the command still succeeds; it fails
// only when a workload could not run at all.
//
//   npm run bench                         everything (about 4 minutes on an idle 2-core machine)
//   npm run bench -- --only W3,W7         some workloads
//   npm run bench -- --skip-build         use the build that is there
//   npm run bench -- --repeats 5          more runs per measurement (default 3)
//   npm run bench -- --no-postgres        PGlite only, even when PostgreSQL answers
//   npm run bench -- --note "…"           kept in the results (e.g. what else ran on the machine)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createContext } from './lib/context.mjs';
import { createPostgresDatabase } from './lib/environments.mjs';
import { failedFigure } from './lib/figures.mjs';
import { codeVersion, formatTable, machine, RESULTS_FORMAT, writeResults } from './lib/results.mjs';
import {
  POSTGRES_ADMIN_URL,
  REPOSITORY,
  RESULTS_DIRECTORY,
  SERVER_SCRIPT,
  WEB_INDEX,
  WORK_DIRECTORY,
} from './lib/settings.mjs';
import demoYear from './workloads/demo-year.mjs';
import e1 from './workloads/e1-energy-screens.mjs';
import m1 from './workloads/m1-memory.mjs';
import m2 from './workloads/m2-start.mjs';
import w1 from './workloads/w1-ingest.mjs';
import w3 from './workloads/w3-small-calls.mjs';
import w4 from './workloads/w4-statistics-load.mjs';
import w5 from './workloads/w5-statistics-raw.mjs';
import w6 from './workloads/w6-area-page.mjs';
import w7 from './workloads/w7-sign-in-bytes.mjs';
import w8 from './workloads/w8-lighthouse.mjs';
import x1 from './workloads/x1-export.mjs';

/**
 * In the order they run: first starts and memory while nothing else runs, then bytes, load and
 * latency, Lighthouse last (its Chromium is the heaviest neighbour). W4 and W5 share a property
 * of 285 meters with a year of use (lib/statistics-data.mjs), which X1 exports. W1 joins here.
 * @type {import('./workloads/workload.mjs').Workload[]}
 */
const WORKLOADS = [m2, m1, demoYear, w7, w3, w6, w1, w4, w5, x1, e1, w8];

/** @param {string} line */
const log = (line) => process.stdout.write(`${line}\n`);

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    repeats: { type: 'string', default: '3' },
    'no-postgres': { type: 'boolean', default: false },
    note: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  log('npm run bench [-- --only W3,W7] [--skip-build] [--repeats N] [--no-postgres] [--note …]');
  log('Measures the budgets of DESIGN §7; see docs/performance.md.');
  process.exit(0);
}
const repeats = Number(options.repeats);
if (!Number.isInteger(repeats) || repeats < 1) {
  process.stderr.write('--repeats must be a whole number of at least 1\n');
  process.exit(2);
}
const wanted = options.only?.split(',').map((id) => id.trim().toUpperCase());
const unknown = wanted?.filter((id) => !WORKLOADS.some((workload) => workload.id === id)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown workload ${unknown.join(', ')}; known: ${WORKLOADS.map((w) => w.id).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = WORKLOADS.filter((workload) => !wanted || wanted.includes(workload.id));

const began = performance.now();
const startedAt = new Date().toISOString();
const code = codeVersion();
const machineAtStart = machine();

if (options['skip-build']) {
  if (!existsSync(SERVER_SCRIPT) || !existsSync(WEB_INDEX)) {
    process.stderr.write(
      'The bench needs a build of the portal and there is none: run `npm run build`, or leave out --skip-build.\n',
    );
    process.exit(2);
  }
  log('Using the existing build (--skip-build).');
} else {
  log('Building the portal (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPOSITORY, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(
      `${build.stdout}\n${build.stderr}\nThe build failed; nothing was measured.\n`,
    );
    process.exit(1);
  }
}

// PostgreSQL is measured when one answers; the run says so either way.
/** @type {('pglite' | 'postgres')[]} */
const drivers = ['pglite'];
if (!options['no-postgres']) {
  const probe = await createPostgresDatabase(POSTGRES_ADMIN_URL, `bench_probe_${process.pid}`);
  if (probe) {
    await probe.drop();
    drivers.push('postgres');
  } else {
    log(`No PostgreSQL answers at ${new URL(POSTGRES_ADMIN_URL).host}: measuring on PGlite only.`);
  }
}

const workDirectory = path.join(WORK_DIRECTORY, String(process.pid));
mkdirSync(workDirectory, { recursive: true });
const context = createContext({
  repeats,
  drivers,
  workDirectory,
  captures: (ids) => selected.flatMap((workload) => workload.sqlCaptures?.(ids) ?? []),
  log,
});

const cleanUp = async () => {
  await context.close();
  rmSync(workDirectory, { recursive: true, force: true });
};
// Ctrl-C still stops every process the bench started and drops its database.
process.once('SIGINT', () => {
  log('\nInterrupted: stopping what the bench started…');
  void cleanUp().finally(() => process.exit(130));
});

/** @type {import('./lib/figures.mjs').Figure[]} */
const figures = [];
/** @type {Record<string, number>} */
const workloadSeconds = {};
/** @type {string[]} */
const crashed = [];
try {
  for (const workload of selected) {
    log(`\n${workload.id}: ${workload.title}`);
    const workloadBegan = performance.now();
    try {
      figures.push(...(await workload.run(context)));
    } catch (error) {
      log(`  failed: ${error instanceof Error ? error.message : error}`);
      crashed.push(workload.id);
      figures.push(
        failedFigure({ id: workload.id, workload: workload.id, label: workload.title, error }),
      );
    }
    workloadSeconds[workload.id] = Math.round((performance.now() - workloadBegan) / 100) / 10;
  }
} finally {
  await cleanUp();
}

const results = {
  format: RESULTS_FORMAT,
  startedAt,
  durationSeconds: Math.round((performance.now() - began) / 1000),
  workloadSeconds,
  code,
  machine: { ...machineAtStart, loadAverageAtEnd: machine().loadAverageAtStart },
  ...(options.note ? { note: options.note } : {}),
  settings: { repeats, drivers, workloads: selected.map((workload) => workload.id) },
  figures,
};
const file = writeResults(RESULTS_DIRECTORY, results);
log(`\n${formatTable(figures)}\n`);
log(
  `Ratios: throughput ÷ baseline (higher is better) or measured ÷ budget (1.0 is the budget, lower is better).`,
);
log(`Written to ${path.relative(REPOSITORY, file)} in ${results.durationSeconds} s.`);
if (crashed.length > 0) log(`Could not run: ${crashed.join(', ')} (see above).`);
process.exit(crashed.length > 0 ? 1 : 0);
