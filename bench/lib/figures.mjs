// What one line of the results is: a measured figure, the baseline it is compared with, and its
// ratio to the budget of DESIGN §7 — the same shape for every workload, so a table, a results
// file and a later comparison can treat them alike.
import { round, summarize } from './stats.mjs';

/**
 * @typedef {import('./stats.mjs').Summary} Summary
 *
 * @typedef {object} Budget
 * @property {'at-least' | 'at-most'} kind at-least: the ratio must reach `ratio` (throughput
 *   against a baseline); at-most: the measured value must stay under `limit` (ratio ≤ 1).
 * @property {number} ratio the ratio the budget allows
 * @property {number} [limit] for at-most budgets: the absolute limit, in the figure's unit
 * @property {string} text the budget as DESIGN §7 states it
 *
 * @typedef {object} Figure
 * @property {string} id stable across runs, e.g. "W3.user.postgres": how results are compared
 * @property {string} workload W3, W6, …
 * @property {string} label what was measured, for people
 * @property {string} unit of `value` (and of `baseline.value`)
 * @property {Summary} [value] the candidate's measurements
 * @property {{ label: string, value: Summary }} [baseline] measured in the same run
 * @property {Summary} [ratio] one ratio per repeat; its median decides `pass`
 * @property {Budget} [budget] none: recorded for information only
 * @property {boolean | null} pass null: no budget, or nothing measured
 * @property {Record<string, unknown>} [details] what a reader needs to interpret the figure
 * @property {string} [error] why nothing (or not everything) was measured
 */

/** @param {Summary} summary @param {number} digits */
function rounded(summary, digits) {
  return {
    median: round(summary.median, digits),
    min: round(summary.min, digits),
    max: round(summary.max, digits),
    q1: round(summary.q1, digits),
    q3: round(summary.q3, digits),
    runs: summary.runs.map((value) => round(value, digits)),
  };
}

/** @param {Summary | undefined} ratio @param {Budget | undefined} budget */
function passes(ratio, budget) {
  if (!ratio || !budget || !Number.isFinite(ratio.median)) return null;
  return budget.kind === 'at-least' ? ratio.median >= budget.ratio : ratio.median <= budget.ratio;
}

/**
 * A throughput compared with a baseline measured in the same run: one ratio per repeat, each
 * from a candidate run and the baseline run next to it, so a slow minute on a shared machine
 * hits both sides of a ratio instead of one side of the median.
 * @param {{ id: string, workload: string, label: string, unit: string,
 *   candidate: number[], baseline: number[], baselineLabel: string,
 *   minimumRatio?: number, budgetText?: string, details?: Record<string, unknown> }} input
 * @returns {Figure}
 */
export function comparedFigure(input) {
  const ratios = input.candidate.map(
    (value, index) => value / (input.baseline[index] ?? Number.NaN),
  );
  const ratio = summarize(ratios);
  /** @type {Budget | undefined} */
  const budget =
    input.minimumRatio === undefined
      ? undefined
      : {
          kind: 'at-least',
          ratio: input.minimumRatio,
          text: input.budgetText ?? `≥ ${input.minimumRatio}× the baseline`,
        };
  return {
    id: input.id,
    workload: input.workload,
    label: input.label,
    unit: input.unit,
    value: rounded(summarize(input.candidate), 1),
    baseline: { label: input.baselineLabel, value: rounded(summarize(input.baseline), 1) },
    ratio: rounded(ratio, 3),
    ...(budget ? { budget } : {}),
    pass: passes(ratio, budget),
    ...(input.details ? { details: input.details } : {}),
  };
}

/**
 * A measurement against an absolute limit of DESIGN §7 (milliseconds, megabytes, bytes): the
 * ratio is value ÷ limit, so 1.0 is the budget and lower is better. `baseline` is a reference
 * measured in the same run (what the machine does for the least possible work), shown beside it.
 * @param {{ id: string, workload: string, label: string, unit: string, values: number[],
 *   limit?: number, budgetText?: string, digits?: number,
 *   baseline?: { label: string, values: number[] }, details?: Record<string, unknown> }} input
 * @returns {Figure}
 */
export function limitFigure(input) {
  const digits = input.digits ?? 1;
  const limit = input.limit;
  const ratio =
    limit === undefined ? undefined : summarize(input.values.map((value) => value / limit));
  /** @type {Budget | undefined} */
  const budget =
    limit === undefined
      ? undefined
      : { kind: 'at-most', ratio: 1, limit, text: input.budgetText ?? `≤ ${limit} ${input.unit}` };
  return {
    id: input.id,
    workload: input.workload,
    label: input.label,
    unit: input.unit,
    value: rounded(summarize(input.values), digits),
    ...(input.baseline
      ? {
          baseline: {
            label: input.baseline.label,
            value: rounded(summarize(input.baseline.values), digits),
          },
        }
      : {}),
    ...(ratio ? { ratio: rounded(ratio, 3) } : {}),
    ...(budget ? { budget } : {}),
    pass: passes(ratio, budget),
    ...(input.details ? { details: input.details } : {}),
  };
}

/**
 * A figure that could not be measured: it stays in the results (with the reason) so a missing
 * number is never mistaken for a passing one.
 * @param {{ id: string, workload: string, label: string, unit?: string, error: unknown }} input
 * @returns {Figure}
 */
export function failedFigure(input) {
  const error = input.error instanceof Error ? input.error.message : String(input.error);
  return {
    id: input.id,
    workload: input.workload,
    label: input.label,
    unit: input.unit ?? '',
    pass: null,
    error,
  };
}

/**
 * Figures that must not count — requests failed, or the answer timed was wrong: kept with the
 * reason, and never passing.
 * @param {Figure[]} figures
 * @param {string} error
 * @returns {Figure[]}
 */
export function notCounting(figures, error) {
  return figures.map((figure) => ({ ...figure, pass: false, error }));
}
