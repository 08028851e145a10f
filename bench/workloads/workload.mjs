// The shape every workload module has; the runner knows nothing else about them. A new workload
// (W1 ingest, W4 and W5 statistics) is one more module of this shape in workloads/ and one line
// in run.mjs's list.

/**
 * @typedef {import('../lib/context.mjs').Context} Context
 * @typedef {import('../lib/figures.mjs').Figure} Figure
 *
 * @typedef {object} Workload
 * @property {string} id as in DESIGN §7 (W3, M1, …)
 * @property {string} title one line for the terminal
 * @property {(ids: import('../lib/context.mjs').DemoIds) => import('../lib/context.mjs').SqlCapture[]}
 *   [sqlCaptures] calls whose SQL the environment records for a baseline to replay
 * @property {(context: Context) => Promise<Figure[]>} run
 */

export {};
