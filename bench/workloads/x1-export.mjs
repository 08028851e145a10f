// X1: an export of 10 M rows (issue 15): the 285 meters of lib/statistics-data.mjs (a year of
// 15-minute readings, on PostgreSQL) per hour over four years and a day, 2022-01-01 – 2026-01-01, as Swedish CSV with every
// optional field (registers from the 10 M readings of 2025; the three years before are empty
// buckets, written all the same), built by the portal as a job and then downloaded. Measured: the
// portal's peak resident memory while it builds (limit 500 MiB, M1's under load) and while it
// sends the file, rows per second, and the file's size. Then a year of the same as XLSX (2.5 M
// rows, three sheets), whose writer is the one that needed care (docs/export.md).
import { failedFigure, limitFigure } from '../lib/figures.mjs';
import { callApi } from '../lib/portal.mjs';
import { memoryOf, resetPeak } from '../lib/processes.mjs';
import { statisticsEnvironment } from '../lib/statistics-data.mjs';

const PEAK_LIMIT_MIB = 500;
const POLL_MS = 500;
const GIVE_UP_MS = 900_000;

/**
 * Asks for an export, follows it until ready, downloads it; the portal's peak memory of each part.
 * @param {import('../lib/statistics-data.mjs').StatisticsEnvironment} environment
 * @param {Record<string, unknown>} body
 */
async function exportAndDownload(environment, body) {
  const { portal, accessToken: token, propertyId } = environment;
  const idleMiB = memoryOf(portal.pid).rssMiB;
  const canReset = resetPeak(portal.pid);
  let sampledPeak = idleMiB;
  const began = performance.now();
  const asked = await callApi(portal.url, 'POST', `/api/properties/${propertyId}/exports`, {
    token,
    body,
  });
  let done = asked;
  while (done.status !== 'ready') {
    if (done.status === 'failed') throw new Error(`the export failed: ${JSON.stringify(done)}`);
    if (performance.now() - began > GIVE_UP_MS) throw new Error('the export took too long');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    sampledPeak = Math.max(sampledPeak, memoryOf(portal.pid).rssMiB);
    done = await callApi(portal.url, 'GET', `/api/exports/${asked.id}`, { token });
  }
  const buildSeconds = (performance.now() - began) / 1000;
  const buildPeakMiB = canReset ? memoryOf(portal.pid).peakMiB : sampledPeak;

  resetPeak(portal.pid);
  const downloadBegan = performance.now();
  const response = await fetch(`${portal.url}${done.url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`the download answered ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    bytes += value.length;
  }
  const downloadSeconds = (performance.now() - downloadBegan) / 1000;
  const downloadPeakMiB = memoryOf(portal.pid).peakMiB;
  if (bytes !== done.size) throw new Error(`downloaded ${bytes} bytes of ${done.size}`);
  return {
    rows: done.rows,
    bytes,
    idleMiB,
    buildPeakMiB,
    downloadPeakMiB,
    buildSeconds,
    downloadSeconds,
  };
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'X1',
  title: 'an export of 10 M rows: memory and speed',
  async run(context) {
    const label = 'portal peak RSS building a 10 M-row CSV export, PostgreSQL';
    const environment = await statisticsEnvironment(context, 'postgres');
    if (!environment) {
      return [
        failedFigure({
          id: 'X1.csv.peak',
          workload: 'X1',
          label,
          unit: 'MiB',
          error: 'needs PostgreSQL',
        }),
      ];
    }
    const fields = ['area', 'device', 'register', 'estimated', 'simulated'];
    const base = {
      types: ['heat', 'el', 'hw', 'cw', 'solar'],
      resolution: 'hour',
      fields,
      language: 'sv',
    };
    context.log(`  ${label}`);
    const csv = await exportAndDownload(environment, {
      ...base,
      style: 'csv',
      from: '2022-01-01',
      // 1 462 days × 24 hours × 285 meters: 10 000 080 rows.
      to: '2026-01-01',
    });
    context.log(`  a year as XLSX`);
    const xlsx = await exportAndDownload(environment, {
      ...base,
      style: 'xlsx',
      from: '2025-01-01',
      to: '2025-12-31',
    });
    const details = (/** @type {typeof csv} */ run) => ({
      rows: run.rows,
      megabytes: Math.round(run.bytes / 1e6),
      rowsPerSecond: Math.round(run.rows / run.buildSeconds),
      buildSeconds: Math.round(run.buildSeconds),
      downloadSeconds: Math.round(run.downloadSeconds * 10) / 10,
      idleMiB: Math.round(run.idleMiB),
      downloadPeakMiB: Math.round(run.downloadPeakMiB),
    });
    return [
      limitFigure({
        id: 'X1.csv.peak',
        workload: 'X1',
        label,
        unit: 'MiB',
        values: [csv.buildPeakMiB],
        limit: PEAK_LIMIT_MIB,
        details: details(csv),
      }),
      limitFigure({
        id: 'X1.xlsx.peak',
        workload: 'X1',
        label: 'portal peak RSS building a year (2.5 M rows) as XLSX, PostgreSQL',
        unit: 'MiB',
        values: [xlsx.buildPeakMiB],
        limit: PEAK_LIMIT_MIB,
        details: details(xlsx),
      }),
    ];
  },
};
