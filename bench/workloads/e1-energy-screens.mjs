// E1: the energy screens ready on the demo data (issue 14 item 9: "the screen ready in under 1 s
// on the demo data"). A first start's PGlite portal with the demo's year of readings (Solrosen 1,
// 76 meters); in Debian's Chromium, signed in as the demo's site manager, each energy screen is
// opened in a fresh tab and timed from the navigation to its figures shown and its chart drawn —
// the app's code, the screen's chunk, the chart's chunk and the screen's calls, on this machine
// without network throttling (Lighthouse's mobile view of a chart screen is W8's). The median of
// the rounds per screen, against 1 000 ms.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { failedFigure, limitFigure } from '../lib/figures.mjs';
import { callApi, demoYearGenerated, signIn, startPortal } from '../lib/portal.mjs';

const BUDGET_MS = 1000;
const GIVE_UP_MS = 15_000;

/** The 1st of the last July before today: a month of the demo's year with sun in it. */
function summerMonth() {
  const today = new Date();
  const year = today.getUTCMonth() > 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return `${year}-07-01`;
}

/** A chart drawn by uPlot on the screen. */
const CHART_DRAWN = () => document.querySelector('main .energy-chart-plot canvas') !== null;

/**
 * The screens, and when each is ready: what it is opened for is on it.
 * @type {{ key: string, label: string, path: (id: string) => string, ready: () => boolean }[]}
 */
const SCREENS = [
  {
    key: 'overview',
    label: "the property overview's energy (month against last year, class)",
    path: (id) => `/portal/property/${id}/overview`,
    ready: () =>
      /Energiklass [A-G]/.test(document.querySelector('main')?.textContent ?? '') &&
      document.querySelector('main table') !== null,
  },
  {
    key: 'energy-summary',
    label: 'the energy summary (last 12 months)',
    path: (id) => `/portal/property/${id}/energy-summary`,
    ready: () => {
      const text = document.querySelector('main')?.textContent ?? '';
      return text.includes('BBR 29–31') && document.querySelector('main [aria-current]') !== null;
    },
  },
  {
    key: 'solar',
    // A summer month of the demo's year: November's sun gives a note, not a chart.
    label: 'solar panels (a summer month)',
    path: (id) => `/portal/property/${id}/solar-panel?period=month&date=${summerMonth()}`,
    ready: CHART_DRAWN,
  },
  {
    key: 'compare',
    label: "compare (the flats' hot water per m², this month)",
    path: (id) => `/portal/property/${id}/compare?kind=areas&type=hw&areaType=apt`,
    ready: () => /Median/.test(document.querySelector('main')?.textContent ?? ''),
  },
  {
    key: 'usage',
    label: 'usage estimate (this year)',
    path: (id) => `/portal/property/${id}/usage`,
    ready: CHART_DRAWN,
  },
];

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'E1',
  title: 'the energy screens ready on the demo data',
  async run(context) {
    const dataDir = path.join(context.workDirectory, 'energy-screens');
    mkdirSync(dataDir, { recursive: true });
    const portal = context.track(
      await startPortal({
        driver: 'pglite',
        dataDir,
        name: 'portal (energy screens)',
        env: { PORTAL_DEMO_READINGS: 'true', LOG_LEVEL: 'info' },
      }),
    );
    try {
      const generated = await demoYearGenerated(portal);
      context.log(`  the demo's year: ${generated.made} readings in ${generated.seconds} s`);
      const session = await signIn(portal.url);
      /** @type {{ items?: { id: string, name: string }[] } | { id: string, name: string }[]} */
      const answer = await callApi(portal.url, 'GET', '/api/properties', {
        token: session.accessToken,
      });
      const list = Array.isArray(answer) ? answer : (answer.items ?? []);
      const solrosen = list.find((property) => property.name === 'Solrosen 1');
      if (!solrosen) throw new Error('the demo property Solrosen 1 is missing');
      const storage = {
        access: session.accessToken,
        session: session.refreshToken,
        id: session.id,
      };
      const browser = await context.chromium();
      /** @type {Map<string, number[]>} */
      const times = new Map(SCREENS.map((screen) => [screen.key, []]));
      /** @type {Map<string, string>} */
      const errors = new Map();
      // One page warms the browser's cache of the app's shared code, as a user who signed in has.
      const warm = await browser.newPage();
      await warm.goto(`${portal.url}/api/health`);
      await warm.evaluate((entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, Object.entries(storage));
      await warm.goto(`${portal.url}/portal/`, { waitUntil: 'networkidle0' });
      for (let round = 0; round < context.repeats + 1; round++) {
        for (const screen of SCREENS) {
          const page = await browser.newPage();
          try {
            const began = performance.now();
            await page.goto(`${portal.url}${screen.path(solrosen.id)}`);
            await page.waitForFunction(screen.ready, { timeout: GIVE_UP_MS, polling: 'raf' });
            const ms = performance.now() - began;
            // The first round fills the server's and the browser's caches: not counted.
            if (round > 0) times.get(screen.key)?.push(ms);
            context.log(`  ${screen.label} ${round}/${context.repeats}: ${Math.round(ms)} ms`);
          } catch (error) {
            errors.set(screen.key, error instanceof Error ? error.message : String(error));
          } finally {
            await page.close();
          }
        }
      }
      await warm.close();
      return SCREENS.map((screen) => {
        const values = times.get(screen.key) ?? [];
        const error = errors.get(screen.key);
        if (error || values.length === 0)
          return failedFigure({
            id: `E1.${screen.key}`,
            workload: 'E1',
            label: screen.label,
            unit: 'ms',
            error: error ?? 'not measured',
          });
        return limitFigure({
          id: `E1.${screen.key}`,
          workload: 'E1',
          label: `${screen.label}: ready after navigation (PGlite, demo data)`,
          unit: 'ms',
          values,
          limit: BUDGET_MS,
          digits: 0,
        });
      });
    } finally {
      await portal.stop();
    }
  },
};
