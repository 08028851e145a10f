// W6: a page of 200 areas of a property with 5 000 (GET /api/properties/{id}/areas?limit=200),
// one request at a time as one phone asks: p50 ≤ 20 ms on PostgreSQL (PGlite for information).
// Written against the paging contract (?limit 1..500, an opaque ?cursor, `Link: <…>; rel="next"`
// while there is more): the first page, and — once the API pages — a page from the middle of
// the list reached by following the next links, since a cursor that scans from the start would
// be fast on page 1 only. What the API answers (how many areas, how many bytes, a next link or
// not) is recorded beside the time, so a figure from before paging is never read as one after.
import { failedFigure, limitFigure } from '../lib/figures.mjs';
import { sampleLatency, timedGet } from '../lib/latency.mjs';

const PAGE_SIZE = 200;
/** Page 13 of 25: areas 2 401–2 600. */
const PAGES_TO_MIDDLE = 12;
const BUDGET_MS = 20;
/** What a phone's browser sends: the page is measured as it travels. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const DRIVER_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const SAMPLING = { warmUp: 3, minimum: 5, maximum: 40, seconds: 3 };

/** @param {import('../lib/context.mjs').DemoIds} ids */
const firstPagePath = (ids) => `/api/properties/${ids.bigPropertyId}/areas?limit=${PAGE_SIZE}`;

/**
 * The rel="next" target of a Link header (RFC 8288), resolved against the page's URL.
 * @param {string | undefined} header
 * @param {string} pageUrl
 */
export function nextLink(header, pageUrl) {
  for (const link of (header ?? '').split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (
      match?.[1] !== undefined &&
      /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:[\s";,]|$)/i.test(match[2] ?? '')
    ) {
      return new URL(match[1], pageUrl).toString();
    }
  }
  return null;
}

/**
 * What one page holds: the count says whether ?limit is honoured yet.
 * @param {string} url
 * @param {Record<string, string>} headers
 */
async function describePage(url, headers) {
  const answer = await timedGet(url, headers);
  if (answer.status !== 200) {
    throw new Error(`${url} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
  }
  const items = JSON.parse(answer.body.toString());
  const link = answer.headers.link;
  return {
    areas: Array.isArray(items) ? items.length : null,
    limitHonoured: Array.isArray(items) && items.length <= PAGE_SIZE,
    jsonBytes: answer.body.length,
    transferBytes: answer.transferBytes,
    contentEncoding: answer.headers['content-encoding'] ?? 'identity',
    next: nextLink(typeof link === 'string' ? link : undefined, url),
  };
}

/**
 * Follows next links from the first page; null when the API does not page (yet).
 * @param {string} firstUrl
 * @param {Record<string, string>} headers
 */
async function middlePageUrl(firstUrl, headers) {
  let url = firstUrl;
  for (let hop = 0; hop < PAGES_TO_MIDDLE; hop++) {
    const next = (await describePage(url, headers)).next;
    if (!next) return null;
    url = next;
  }
  return url;
}

/**
 * @param {import('../lib/context.mjs').Context} context
 * @param {'pglite' | 'postgres'} driver
 * @returns {Promise<import('../lib/figures.mjs').Figure[]>}
 */
async function measure(context, driver) {
  const name = DRIVER_NAMES[driver];
  const id = (/** @type {string} */ figure) => `W6.${figure}.${driver}`;
  const label = `first page of ${PAGE_SIZE} of 5 000 areas on ${name}, p50 at 1 connection`;
  const portal = await context.portal(driver);
  const baseline = await context.baseline(driver);
  if (!portal || !baseline) {
    const error = `no ${name} database to measure on`;
    return [failedFigure({ id: id('page.p50'), workload: 'W6', label, unit: 'ms', error })];
  }
  context.log(`  ${label}`);
  const path = firstPagePath(portal.environment.ids);
  const headers = {
    authorization: `Bearer ${portal.session.accessToken}`,
    'accept-encoding': BROWSER_ENCODINGS,
  };
  const firstUrl = `${portal.process.url}${path}`;
  const page = await describePage(firstUrl, headers);
  const middleUrl = await middlePageUrl(firstUrl, headers);

  /** @type {Record<'first' | 'firstP95' | 'reference' | 'middle', number[]>} */
  const times = { first: [], firstP95: [], reference: [], middle: [] };
  let failed = 0;
  for (let round = 0; round < context.repeats; round++) {
    const first = await sampleLatency({ url: firstUrl, headers, ...SAMPLING });
    const reference = await sampleLatency({
      url: `${baseline.url}${path}`,
      headers: {},
      ...SAMPLING,
    });
    times.first.push(first.p50);
    times.firstP95.push(first.p95);
    times.reference.push(reference.p50);
    failed += first.failed;
    if (middleUrl) {
      const middle = await sampleLatency({ url: middleUrl, headers, ...SAMPLING });
      times.middle.push(middle.p50);
      failed += middle.failed;
    }
  }

  // DESIGN §7 sets the budget on PostgreSQL; on PGlite the figures are for information.
  const limit = driver === 'postgres' ? { limit: BUDGET_MS } : {};
  const { next, ...answered } = page;
  const figures = [
    limitFigure({
      id: id('page.p50'),
      workload: 'W6',
      label,
      unit: 'ms',
      values: times.first,
      ...limit,
      baseline: { label: 'bare Fastify, the same SQL, uncompressed', values: times.reference },
      details: {
        ...answered,
        nextLink: next !== null,
        pagesFollowedToMiddle: middleUrl ? PAGES_TO_MIDDLE : 0,
        failedRequests: failed,
        acceptEncoding: BROWSER_ENCODINGS,
        sql: portal.environment.captured['W6.page']?.queries.map((query) => query.text),
      },
    }),
    limitFigure({
      id: id('page.p95'),
      workload: 'W6',
      label: 'the same, p95',
      unit: 'ms',
      values: times.firstP95,
    }),
    limitFigure({
      id: id('page.bytes'),
      workload: 'W6',
      label: `the same, JSON size (${page.areas} areas, ${next ? 'a next link' : 'no next link'})`,
      unit: 'KB',
      values: [page.jsonBytes / 1000],
      details: { transferKB: page.transferBytes / 1000, contentEncoding: page.contentEncoding },
    }),
  ];
  figures.push(
    middleUrl
      ? limitFigure({
          id: id('middle-page.p50'),
          workload: 'W6',
          label: `page ${PAGES_TO_MIDDLE + 1} by the next links on ${name}, p50`,
          unit: 'ms',
          values: times.middle,
          ...limit,
          details: { path: new URL(middleUrl).pathname + new URL(middleUrl).search },
        })
      : failedFigure({
          id: id('middle-page.p50'),
          workload: 'W6',
          label: `page ${PAGES_TO_MIDDLE + 1} by the next links on ${name}`,
          unit: 'ms',
          error: 'no Link rel="next" on the first page: the API does not page this list yet',
        }),
  );
  if (failed > 0) {
    return figures.map((figure) => ({
      ...figure,
      pass: false,
      error: `${failed} requests failed`,
    }));
  }
  return figures;
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'W6',
  title: 'a page of 200 areas of a property with 5 000',
  sqlCaptures: (ids) => [{ key: 'W6.page', path: firstPagePath(ids) }],
  async run(context) {
    const figures = [];
    for (const driver of context.drivers) figures.push(...(await measure(context, driver)));
    return figures;
  },
};
