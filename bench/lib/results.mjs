// The record of a run: bench/results/<YYYY-MM-DD>-<short commit>.json (committed, so figures can
// be compared over time) and the short table printed on the terminal.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPOSITORY } from './settings.mjs';

/** Bumped when the file's shape changes, so a comparison knows what it reads. */
export const RESULTS_FORMAT = 1;

/** @typedef {import('./figures.mjs').Figure} Figure */

/** @param {string[]} args */
const git = (args) => execFileSync('git', args, { cwd: REPOSITORY, encoding: 'utf8' }).trim();

/** Which code was measured: the commit, and whether the working tree differed from it. */
export function codeVersion() {
  try {
    const changed = git(['status', '--porcelain', '--untracked-files=no'])
      .split('\n')
      .filter(Boolean)
      // A results file written by an earlier run changes nothing that is measured.
      .filter((line) => !line.slice(3).startsWith('bench/results/'));
    return {
      commit: git(['rev-parse', 'HEAD']),
      shortCommit: git(['rev-parse', '--short', 'HEAD']),
      branch: git(['rev-parse', '--abbrev-ref', 'HEAD']),
      uncommittedChanges: changed.length > 0,
    };
  } catch {
    return {
      commit: 'unknown',
      shortCommit: 'unknown',
      branch: 'unknown',
      uncommittedChanges: true,
    };
  }
}

/** The machine, so a figure from a faster one is not read as an improvement. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    /** Over 1, 5 and 15 minutes: above the number of cores, other work competed for them. */
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/**
 * Writes the results; a second run of the same commit on the same day gets -2, -3, … rather than
 * replacing the first.
 * @param {string} directory
 * @param {{ startedAt: string, code: { shortCommit: string } }} results
 */
export function writeResults(directory, results) {
  mkdirSync(directory, { recursive: true });
  const stem = `${results.startedAt.slice(0, 10)}-${results.code.shortCommit}`;
  let file = path.join(directory, `${stem}.json`);
  for (let index = 2; existsSync(file); index++)
    file = path.join(directory, `${stem}-${index}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  // Committed files pass `npm run lint`, which checks JSON formatting too: Biome lays it out.
  const biome = spawnSync(
    path.join(REPOSITORY, 'node_modules/.bin/biome'),
    ['format', '--write', file],
    {
      encoding: 'utf8',
    },
  );
  if (biome.status !== 0) {
    process.stderr.write(
      `Biome could not format ${file}; run \`npm run format\` before committing it.\n`,
    );
  }
  return file;
}

/** @param {number} value */
function number(value) {
  if (!Number.isFinite(value)) return '–';
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

/** @param {import('./stats.mjs').Summary | undefined} summary @param {string} [unit] */
function spread(summary, unit = '') {
  if (!summary) return '';
  const suffix = unit ? ` ${unit}` : '';
  if (summary.runs.length < 2) return `${number(summary.median)}${suffix}`;
  return `${number(summary.median)}${suffix} (${number(summary.min)}–${number(summary.max)})`;
}

/** @param {Figure} figure */
function verdict(figure) {
  if (figure.error && figure.pass === null) return 'not measured';
  if (figure.pass === null) return 'info';
  return figure.pass ? 'ok' : 'OVER BUDGET';
}

/**
 * A fixed-width table: figure, measured median (min–max), baseline, ratio, budget, verdict.
 * @param {Figure[]} figures
 */
export function formatTable(figures) {
  const header = ['figure', 'measured, median (min–max)', 'baseline', 'ratio', 'budget', ''];
  const rows = figures.map((figure) => [
    figure.id,
    spread(figure.value, figure.unit),
    figure.baseline ? spread(figure.baseline.value, figure.unit) : '',
    figure.ratio ? `${spread(figure.ratio)}×` : '',
    figure.budget?.text ?? '',
    verdict(figure),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  /** @param {string[]} cells */
  const line = (cells) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const notes = figures
    .filter((figure) => figure.error)
    .map((figure) => `  ${figure.id}: ${figure.error}`);
  return [
    line(header),
    line(widths.map((width) => '─'.repeat(width))),
    ...rows.map(line),
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}
