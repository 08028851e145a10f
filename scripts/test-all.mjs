// `npm test`: every layer a newcomer needs to trust the project, in order, with one closing
// line counting the tests. Runs every layer even when one fails, then exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
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
// they run side by side. Type checks are TypeScript 7's native compiler (threads of its own; all
// five projects in ~12 s where TypeScript 5 took ~75 s of CPU), so the build is the longest lane. The build comes before the tests: the
// server tests that start real server processes then copy its migrated database template
// instead of initialising one each (seconds apiece), and Playwright needs it anyway.
const TSC = ['npx', 'tsc', '-p'];
const firstLayers = [
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

for (const [name, [[command, ...args]]] of laterLayers) {
  if (name === 'end-to-end tests' && failedSteps.includes('build')) {
    failedSteps.push(name);
    continue;
  }
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: environment });
  if (result.status !== 0) failedSteps.push(name);
  report(name, result.status === 0, started);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}
const unit = readJson(`${OUTPUT}/vitest.json`);
const e2e = readJson(`${OUTPUT}/e2e.json`);
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped =
  (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

rmSync(TEMPORARY, { recursive: true, force: true });

if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
console.log(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
