// `npm test`: every layer a newcomer needs to trust the project, in order, with one closing
// line counting the tests. Runs every layer even when one fails, then exits non-zero.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const OUTPUT = '.test-output';
rmSync(OUTPUT, { recursive: true, force: true });
mkdirSync(OUTPUT, { recursive: true });
// Every temporary file and folder of the run (test databases, data directories, browser
// profiles) goes here and is removed at the end, instead of piling up in the system's /tmp.
const TEMPORARY = path.resolve(OUTPUT, 'tmp');
mkdirSync(TEMPORARY);
const environment = { ...process.env, TMPDIR: TEMPORARY };

// The first layers check the sources and build the portal; they do not depend on each other, so
// they run side by side (on 2 cores, 20 s instead of 35). The build comes before the tests: the
// server tests that start real server processes then copy its migrated database template
// instead of initialising one each (seconds apiece), and Playwright needs it anyway.
const TSC = ['npx', 'tsc', '-p'];
const firstLayers = [
  // One lane per core: the web app's type check is the longest, the others together about as long.
  ['type check (web)', [[...TSC, 'apps/web']]],
  [
    'type check (contracts, server, e2e, bench), lint and format',
    [
      [...TSC, 'packages/contracts'],
      [...TSC, 'apps/server'],
      [...TSC, 'e2e'],
      [...TSC, 'bench'],
      ['npm', 'run', 'lint'],
    ],
  ],
  ['build', [['npm', 'run', 'build']]],
];
const laterLayers = [
  [
    'unit, component and API tests',
    [
      [
        'npx',
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${OUTPUT}/vitest.json`,
      ],
    ],
  ],
  ['end-to-end tests', [['npm', 'test', '-w', 'e2e']]],
];

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
const report = (name, ok, started) =>
  console.log(`━━ ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)} s`);

/** Runs the commands one after another, each even when one before it failed, the output held
 * back and printed whole at the end, so layers running side by side do not interleave. */
function runQuietly(commands) {
  return new Promise((resolve) => {
    let output = '';
    let ok = true;
    const next = (index) => {
      if (index === commands.length) return resolve({ ok, output });
      const [command, ...args] = commands[index];
      const child = spawn(command, args, { env: environment });
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('close', (status) => {
        if (status !== 0) ok = false;
        next(index + 1);
      });
    };
    next(0);
  });
}

const failedSteps = [];
console.log(`\n━━ ${firstLayers.map(([name]) => name).join(' ‖ ')} ━━`);
await Promise.all(
  firstLayers.map(async ([name, commands]) => {
    const started = Date.now();
    const { ok, output } = await runQuietly(commands);
    if (!ok) failedSteps.push(name);
    // Passing layers say only that they passed; a failing one shows what it said.
    if (!ok) process.stdout.write(`\n━━ ${name} ━━\n${output}`);
    report(name, ok, started);
  }),
);

// The tests run side by side too: the unit and API tests leave a core idle about a third of the
// time (waiting on databases, server processes they start and the DOM), which the browser tests
// fill (docs/timings.md, session 29). The unit tests' output streams; the browser tests' is
// printed whole after it.
const [unitLayer, e2eLayer] = laterLayers;
console.log(`\n━━ ${unitLayer[0]} ‖ ${e2eLayer[0]} ━━`);
const runStreaming = ([name, [[command, ...args]]]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: 'inherit', env: environment });
    child.on('close', (status) => resolve({ name, ok: status === 0, started }));
  });
const e2eRun = failedSteps.includes('build')
  ? Promise.resolve(undefined)
  : (async () => {
      const started = Date.now();
      const result = await runQuietly(e2eLayer[1]);
      return { ...result, started };
    })();
const unit = await runStreaming(unitLayer);
if (!unit.ok) failedSteps.push(unit.name);
report(unit.name, unit.ok, unit.started);
const e2eResult = await e2eRun;
if (!e2eResult) failedSteps.push(e2eLayer[0]);
else {
  process.stdout.write(`\n━━ ${e2eLayer[0]} ━━\n${e2eResult.output}`);
  if (!e2eResult.ok) failedSteps.push(e2eLayer[0]);
  report(e2eLayer[0], e2eResult.ok, e2eResult.started);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}
const unitResults = readJson(`${OUTPUT}/vitest.json`);
const e2e = readJson(`${OUTPUT}/e2e.json`);
const passed =
  (unitResults?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (unitResults?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped =
  (unitResults?.numPendingTests ?? 0) +
  (unitResults?.numTodoTests ?? 0) +
  (e2e?.stats?.skipped ?? 0);

rmSync(TEMPORARY, { recursive: true, force: true });

if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
