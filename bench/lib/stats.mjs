// Summaries of repeated measurements: the median and the spread (min, max, quartiles) that every
// figure in a results file carries, so a reader sees how much a number can be trusted.

/**
 * @typedef {object} Summary
 * @property {number} median
 * @property {number} min
 * @property {number} max
 * @property {number} q1 lower quartile
 * @property {number} q3 upper quartile
 * @property {number[]} runs every measurement, in the order taken
 */

/**
 * The value below which `fraction` of the sorted values lie, interpolated between neighbours
 * (the same rule as numpy's default, so figures can be checked with any tool).
 * @param {number[]} sorted ascending
 * @param {number} fraction 0..1
 */
export function quantile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = /** @type {number} */ (sorted[below]);
  const high = /** @type {number} */ (sorted[above]);
  return low + (high - low) * (position - below);
}

/** @param {number[]} values */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    runs: values,
  };
}

/**
 * Rounds for the results file: enough digits to compare runs, not the float noise.
 * @param {number} value
 * @param {number} [digits]
 */
export function round(value, digits = 3) {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
