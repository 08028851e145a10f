// Latency at low concurrency (one request at a time, as one person's phone asks): the time from
// sending a GET to its last byte, over a kept-alive connection, for p50 and p95.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { quantile } from './stats.mjs';

/**
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, transferBytes: number,
 *   body: Buffer, milliseconds: number }} Answer body: decoded (uncompressed)
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** @param {Buffer} raw @param {string | undefined} encoding */
function decode(raw, encoding) {
  if (encoding === 'br') return brotliDecompressSync(raw);
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'deflate') return inflateSync(raw);
  return raw;
}

/**
 * One GET, timed to its last byte.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<Answer>}
 */
export function timedGet(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const milliseconds = performance.now() - started;
        const raw = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          transferBytes: raw.length,
          body: decode(raw, response.headers['content-encoding']),
          milliseconds,
        });
      });
    });
    request.on('error', reject);
  });
}

/**
 * Sequential GETs after a few unmeasured ones: at least `minimum` and at most `maximum`
 * requests, stopping once `seconds` have passed (a slow answer must not stretch the run).
 * @param {{ url: string, headers: Record<string, string>, warmUp: number, minimum: number,
 *   maximum: number, seconds: number }} options
 */
export async function sampleLatency(options) {
  for (let index = 0; index < options.warmUp; index++) {
    await timedGet(options.url, options.headers);
  }
  /** @type {number[]} */
  const milliseconds = [];
  let failed = 0;
  const until = performance.now() + options.seconds * 1000;
  while (
    milliseconds.length < options.minimum ||
    (milliseconds.length < options.maximum && performance.now() < until)
  ) {
    const answer = await timedGet(options.url, options.headers);
    if (answer.status >= 400) failed++;
    milliseconds.push(answer.milliseconds);
  }
  const sorted = [...milliseconds].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    requests: milliseconds.length,
    failed,
  };
}
