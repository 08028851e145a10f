// Stored XSS (issue 16): a new site manager's places carry a corpus of payloads — markup with
// inline handlers, `javascript:` links, a quote-breaking alert, template syntax, an RTL override
// and zero-width characters, a name as long as may be — in every free-text field the API accepts
// (support/xss-places.ts). Every screen that shows them is then opened on a phone (360 × 740): each
// shows the stored text literally where it names the thing, runs none of it (no sentinel, no
// Content-Security-Policy violation, no dialog, no console error), gains no element or
// `javascript:` link from it, and the document's title holds it as text.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { callApi } from '../support/places';
import { openSession } from '../support/session';
import {
  expectNothingRan,
  fitBytes,
  fitLength,
  keptAsId,
  PAYLOAD_NAMES,
  PAYLOADS,
  tally,
  watchForXss,
} from '../support/xss-payloads';
import { importFile, MEMBER_NAMES, stored, type XssPlaces, xssPlaces } from '../support/xss-places';

const PHONE = { width: 360, height: 740 };
/** An empty month's file is built in well under this. */
const READY_WITHIN = { timeout: 20_000 };
const ALL = PAYLOAD_NAMES.map((name) => PAYLOADS[name]);

let places: XssPlaces;

// One set of places for the three walks: they run one after the other in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(60_000);
  const request = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
  });
  const started = Date.now();
  places = await xssPlaces(request);
  console.log(`set-up ${Date.now() - started} ms`);
  await request.dispose();
});

test.afterAll(() => {
  const fields = Object.entries(stored);
  const total = fields.reduce((sum, [, times]) => sum + times, 0);
  console.log(
    `stored XSS: ${PAYLOAD_NAMES.length} payloads, ${total} values in ${fields.length} fields ` +
      `(${fields.map(([field, times]) => `${field} ${times}`).join(', ')}); ` +
      `${tally.screens} screens checked, ${tally.violations} policy violations`,
  );
});

/**
 * Every text is on the screen as it was stored, character for character, in a text node that can
 * be seen: looked for in the page in one go (a locator per text cost the walk seconds), again
 * until the screen has them all.
 */
async function expectLiteral(region: Locator, texts: readonly string[], screen: string) {
  await expect
    .poll(
      () =>
        region.evaluate((root, wanted) => {
          const seen: string[] = [];
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            if (node.parentElement?.checkVisibility({ visibilityProperty: true }))
              seen.push((node as Text).data);
          return wanted.filter((text) => !seen.some((data) => data.includes(text)));
        }, texts),
      { message: `${screen}: stored texts not shown as they are` },
    )
    .toEqual([]);
}

/** An export as the API answers it to the site manager. */
async function exportOf(page: Page, id: string) {
  return callApi<{ status: string; fileName: string | null }>(
    page.request,
    places.manager,
    'GET',
    `/api/exports/${id}`,
  );
}

async function signedIn(page: Page) {
  await page.setViewportSize(PHONE);
  const watch = await watchForXss(page);
  await openSession(page, places.manager);
  return watch;
}

type Screen = {
  name: string;
  url: string;
  /** What the screen names, exactly as stored. */
  shows: readonly string[];
  /** A stored name the document's title starts with. */
  title?: string;
};

async function walk(page: Page, watch: Awaited<ReturnType<typeof watchForXss>>, screens: Screen[]) {
  const main = page.getByRole('main');
  for (const screen of screens)
    await test.step(screen.name, async () => {
      await page.goto(screen.url);
      await expect(main.getByText('Laddar...')).toHaveCount(0);
      await expectLiteral(main, screen.shows, screen.name);
      if (screen.title)
        expect
          .soft(await page.title(), `${screen.name}: title`)
          .toMatch(new RegExp(`^${screen.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
      await expectNothingRan(page, watch, screen.name);
    });
}

test('the organization screens show every stored name as text and run none of it', async ({
  page,
}) => {
  const watch = await signedIn(page);
  await walk(page, watch, [
    { name: 'organizations', url: '/portal/organizations', shows: ALL },
    {
      name: 'members',
      url: `/portal/organizations/users?organization=${places.organization.id}`,
      shows: [PAYLOADS.script, ...MEMBER_NAMES.map((name) => PAYLOADS[name])],
    },
    { name: 'properties', url: '/portal/properties', shows: ALL },
    { name: 'profile', url: '/portal/profile', shows: [PAYLOADS.script] },
  ]);
  // The dashboard greets the site manager by name and shows the first few properties, each named
  // exactly as stored.
  await test.step('dashboard', async () => {
    await page.goto('/portal/');
    await expectLiteral(page.getByRole('main'), [PAYLOADS.script], 'dashboard');
    const shown = page
      .getByRole('region', { name: 'Dina fastigheter' })
      .getByRole('listitem')
      .getByRole('heading');
    await expect(shown.first()).toBeVisible();
    const names = await shown.allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(ALL).toContain(name);
    await expectNothingRan(page, watch, 'dashboard');
  });
});

test('the property screens show every stored name as text and run none of it', async ({ page }) => {
  const watch = await signedIn(page);
  const property = `/portal/property/${places.property.id}`;
  const area = `${property}/area/misc/${places.area.id}`;
  const name = PAYLOADS.titleBreak;
  await walk(page, watch, [
    { name: 'overview', url: `${property}/overview`, shows: [name, PAYLOADS.img], title: name },
    { name: 'areas', url: `${property}/area`, shows: ALL, title: name },
    { name: 'area', url: area, shows: [PAYLOADS.details], title: PAYLOADS.details },
    {
      name: "the area's devices",
      url: `${area}/devices`,
      shows: [...ALL, PAYLOADS.iframe],
      title: PAYLOADS.details,
    },
    {
      name: 'a door with PIN codes and an image',
      url: `${area}/devices/door/${places.door.id}`,
      shows: [
        PAYLOADS.anchor,
        keptAsId(PAYLOADS.anchor),
        ...ALL.map((text) => fitLength(text, 100)),
      ],
      title: PAYLOADS.details,
    },
    {
      name: 'device log',
      url: `${property}/device-log`,
      shows: ALL.map((text) => keptAsId(fitLength(text, 64))),
      title: name,
    },
    { name: 'solar', url: `${property}/solar-panel`, shows: [name], title: name },
    { name: 'compare', url: `${property}/compare`, shows: [name], title: name },
    { name: 'usage', url: `${property}/usage`, shows: [name], title: name },
    { name: 'energy summary', url: `${property}/energy-summary`, shows: [name], title: name },
  ]);

  // The import's preview shows the file's cells as they are.
  await test.step('device import preview', async () => {
    const main = page.getByRole('main');
    await page.goto(`${property}/area/misc/${places.importArea.id}/devices/import`);
    await main
      .locator('input[type="file"]')
      .setInputFiles(importFile('02:00:00:00:00:99', 'PREVIEW'));
    await main.getByRole('button', { name: 'Granska filen' }).click();
    await expectLiteral(main, ALL, 'device import preview');
    await expectNothingRan(page, watch, 'device import preview');
  });
});

test('the WiFi and export screens show every stored name as text and run none of it', async ({
  page,
}) => {
  const watch = await signedIn(page);
  const property = `/portal/property/${places.property.id}`;
  const main = page.getByRole('main');
  await walk(page, watch, [
    {
      name: 'WiFi',
      url: `${property}/wifi`,
      shows: [...ALL, ...ALL.map((text) => fitBytes(text, 32))],
      title: PAYLOADS.titleBreak,
    },
  ]);
  await test.step('WiFi password and QR code', async () => {
    const ssid = fitBytes(PAYLOADS.img, 32);
    const card = main.getByRole('article', { name: ssid });
    await card.getByRole('button', { name: `Visa lösenord: ${ssid}` }).click();
    await expect(
      card.getByText(fitLength(PAYLOADS.img, 63), { exact: true }).first(),
    ).toBeVisible();
    await card.getByRole('button', { name: `Visa QR-kod: ${ssid}` }).click();
    const qr = page.getByRole('dialog', { name: `Anslut till ${ssid}` });
    await expectLiteral(qr, [ssid, fitLength(PAYLOADS.img, 63)], 'QR code');
    await expectNothingRan(page, watch, 'WiFi QR code');
  });
  // The history names the areas and who asked; the file is named by the property, made safe.
  const files = await Promise.all(
    places.exports.map(async (made) => {
      await expect
        .poll(async () => (await exportOf(page, made.id)).status, READY_WITHIN)
        .toBe('ready');
      return (await exportOf(page, made.id)).fileName as string;
    }),
  );
  await walk(page, watch, [
    {
      name: 'export history',
      url: `${property}/data`,
      shows: [...ALL, PAYLOADS.script],
      title: PAYLOADS.titleBreak,
    },
  ]);
  await test.step('an export file named by the property', async () => {
    const [name] = files;
    // '</title><script>…' without the characters a file name may not hold, '/' a '-'.
    expect(name).toBe('-titlescriptwindow.__xss=10-script 2026-01-01 – 2026-01-31.csv');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      main
        .getByRole('button', { name: `Hämta ${name}` })
        .first()
        .click(),
    ]);
    expect(file.suggestedFilename()).toBe(name);
    await expectNothingRan(page, watch, 'export download');
  });
});
