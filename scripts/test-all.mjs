// `npm test`: every layer a newcomer needs to trust the project, in order, with one closing
// line counting the tests. Runs every layer even when one fails, then exits non-zero.
import { spawnSync } from 'node:child_process';
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

const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint and format', 'npm', ['run', 'lint']],
  [
    'unit, component and API tests',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${OUTPUT}/vitest.json`,
    ],
  ],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end tests', 'npm', ['test', '-w', 'e2e']],
];

const failedSteps = [];
for (const [name, command, args] of steps) {
  if (name === 'end-to-end tests' && failedSteps.includes('build')) {
    failedSteps.push(name);
    continue;
  }
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: environment });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failedSteps.push(name);
  console.log(`━━ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
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
