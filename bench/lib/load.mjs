// Throughput under load with autocannon (16 connections, as DESIGN §7's W3): a candidate and its
// baseline measured in turns, after a warm-up of each, so both see the same machine.
import autocannon from 'autocannon';

/**
 * @typedef {{ url: string, headers?: Record<string, string> }} Target
 * @typedef {{ requestsPerSecond: number, latencyP50Ms: number, latencyP99Ms: number,
 *   failed: number }} LoadRun
 */

export const CONNECTIONS = 16;

/**
 * @param {Target} target
 * @param {number} seconds
 * @returns {Promise<LoadRun>}
 */
export async function measureThroughput(target, seconds) {
  const result = await autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    // Over the time actually taken, not autocannon's per-second samples (a partial last second
    // would pull their mean down).
    requestsPerSecond: result.requests.total / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Warms both up, then measures them in turns: candidate first in even rounds, baseline first in
 * odd ones, so a drift of the machine's speed during the run does not favour either side.
 * @param {{ candidate: Target, baseline: Target, repeats: number, seconds: number,
 *   warmUpSeconds: number }} options
 */
export async function compareThroughput(options) {
  await measureThroughput(options.candidate, options.warmUpSeconds);
  await measureThroughput(options.baseline, options.warmUpSeconds);
  /** @type {LoadRun[]} */
  const candidate = [];
  /** @type {LoadRun[]} */
  const baseline = [];
  for (let round = 0; round < options.repeats; round++) {
    if (round % 2 === 0) {
      candidate.push(await measureThroughput(options.candidate, options.seconds));
      baseline.push(await measureThroughput(options.baseline, options.seconds));
    } else {
      baseline.push(await measureThroughput(options.baseline, options.seconds));
      candidate.push(await measureThroughput(options.candidate, options.seconds));
    }
  }
  return { candidate, baseline };
}
