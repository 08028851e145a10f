// W7: what the sign-in screen (/portal/login) costs a phone before it can be used: the JavaScript
// it loads (every script Chromium fetches until the network is idle, lazy chunks included) and
// its render-blocking CSS (stylesheets linked from the page, and inline styles), each gzipped at
// level 9 as the build's .gz copies are. Budgets: 170 KB and 20 KB (1 KB = 1000 bytes, as Vite
// prints them). Byte counts do not depend on the machine, so one measurement is enough.
import { gzipSync } from 'node:zlib';
import { limitFigure } from '../lib/figures.mjs';
import { timedGet } from '../lib/latency.mjs';

const JS_BUDGET_KB = 170;
const CSS_BUDGET_KB = 20;
const SIGN_IN_PATH = '/portal/login';

/** @param {Buffer | string} content */
const gzipKB = (content) => gzipSync(content, { level: 9 }).length / 1000;

/**
 * The attributes of each tag named `tag` in an HTML page (the build's page is regular enough
 * for this; the browser is asked for everything dynamic).
 * @param {string} html
 * @param {string} tag
 */
function tagsOf(html, tag) {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((match) => {
    const attributes = match[1] ?? '';
    /** @param {string} name */
    const attribute = (name) =>
      new RegExp(`\\b${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(attributes)?.[1];
    return {
      attribute,
      has: (/** @type {string} */ name) => new RegExp(`\\b${name}\\b`, 'i').test(attributes),
    };
  });
}

/** @param {string} html @param {string} tag */
const inlineBlocks = (html, tag) =>
  [...html.matchAll(new RegExp(`<${tag}\\b(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'gi'))]
    .map((match) => match[1] ?? '')
    .filter((content) => content.trim() !== '');

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'W7',
  title: 'JavaScript and render-blocking CSS of the sign-in screen',
  async run(context) {
    const portal = await context.portal(context.drivers[0] ?? 'pglite');
    if (!portal) throw new Error('no portal to load the sign-in screen from');
    const origin = portal.process.url;
    const browser = await context.chromium();
    const session = await browser.createBrowserContext();
    /** @type {Set<string>} */
    const scripts = new Set();
    try {
      const page = await session.newPage();
      page.on('response', (response) => {
        const url = response.url();
        if (response.request().resourceType() === 'script' && url.startsWith(`${origin}/portal/`)) {
          scripts.add(url);
        }
      });
      await page.goto(`${origin}${SIGN_IN_PATH}`, { waitUntil: 'networkidle0' });
    } finally {
      await session.close();
    }

    const html = (await timedGet(`${origin}${SIGN_IN_PATH}`, {})).body.toString();
    /** @param {string} url */
    const fileKB = async (url) => {
      const answer = await timedGet(url, {});
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      return {
        path: new URL(url).pathname,
        kB: answer.body.length / 1000,
        gzipKB: gzipKB(answer.body),
      };
    };

    const scriptFiles = await Promise.all([...scripts].map(fileKB));
    const inlineScripts = inlineBlocks(html, 'script');
    const javaScriptKB =
      scriptFiles.reduce((sum, file) => sum + file.gzipKB, 0) +
      inlineScripts.reduce((sum, script) => sum + gzipKB(script), 0);

    const stylesheetUrls = tagsOf(html, 'link')
      .filter((link) => link.attribute('rel')?.toLowerCase() === 'stylesheet')
      .filter((link) => !link.has('disabled') && (link.attribute('media') ?? 'all') !== 'print')
      .map((link) => new URL(link.attribute('href') ?? '', `${origin}${SIGN_IN_PATH}`).toString());
    const stylesheetFiles = await Promise.all(stylesheetUrls.map(fileKB));
    const inlineStyles = inlineBlocks(html, 'style');
    const cssKB =
      stylesheetFiles.reduce((sum, file) => sum + file.gzipKB, 0) +
      inlineStyles.reduce((sum, style) => sum + gzipKB(style), 0);

    /** @param {{ kB: number, gzipKB: number, path: string }[]} files */
    const listed = (files) =>
      files
        .sort((a, b) => b.gzipKB - a.gzipKB)
        .map((file) => ({
          path: file.path,
          kB: Math.round(file.kB * 10) / 10,
          gzipKB: Math.round(file.gzipKB * 10) / 10,
        }));
    return [
      limitFigure({
        id: 'W7.javascript',
        workload: 'W7',
        label: `JavaScript of ${SIGN_IN_PATH}, gzipped`,
        unit: 'KB',
        values: [javaScriptKB],
        limit: JS_BUDGET_KB,
        budgetText: `≤ ${JS_BUDGET_KB} KB gzipped`,
        details: {
          files: listed(scriptFiles),
          inlineScripts: inlineScripts.length,
          uncompressedKB: Math.round(scriptFiles.reduce((sum, file) => sum + file.kB, 0) * 10) / 10,
        },
      }),
      limitFigure({
        id: 'W7.css',
        workload: 'W7',
        label: `render-blocking CSS of ${SIGN_IN_PATH}, gzipped`,
        unit: 'KB',
        values: [cssKB],
        limit: CSS_BUDGET_KB,
        budgetText: `≤ ${CSS_BUDGET_KB} KB gzipped`,
        details: { files: listed(stylesheetFiles), inlineStyles: inlineStyles.length },
      }),
    ];
  },
};
