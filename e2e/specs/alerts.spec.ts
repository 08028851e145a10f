// Alerts against the built portal and a real database, on a phone-sized screen (360 × 740) in both
// languages (issue 13 item 6): a site manager sets after how long a silent device is offline in
// the property form and sees it on the overview, where the alerts section says all is well for
// devices added just now. Then, where the server takes readings (POST /api/ingest/readings), flat
// 1108's gateway delivers a day of its cold-water meter's readings that stopped 4 hours ago with
// water running all along: after the threshold is set, the overview lists the gateway offline
// with its meter silent with it and the meter as a possible leak; the flat's page flags the area
// and marks both devices; the dashboard lists the property as needing attention. Every
// screen without serious accessibility problems and fitting a phone. State is made through the
// API, as a gateway and a person would: nothing in the server is there for the test.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { callApi, siteManagerWithFlat } from '../support/places';

const PHONE = { width: 360, height: 740 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const WORDS = {
  sv: {
    offlineAfter: 'Offline efter',
    oneHour: '1 timme',
    save: 'Spara',
    updated: 'Uppdaterat',
    details: 'Uppgifter',
    alerts: 'Larm',
    allWell: 'Inga larm. Alla gatewayer och mätare hörs av, och inget tyder på läckage.',
    offline: 'Offline',
    leak: 'Möjligt läckage',
    silentWith: '1 mätare i området tyst med den',
    running: 'vatten utan uppehåll i 24 timmar',
    devices: 'Enheter',
    attention: 'Behöver tillsyn',
    offlineCount: '2 enheter offline',
  },
  en: {
    offlineAfter: 'Offline after',
    oneHour: '1 hour',
    save: 'Save',
    updated: 'Updated',
    details: 'Details',
    alerts: 'Alerts',
    allWell: 'No alerts. Every gateway and meter is being heard, and nothing suggests a leak.',
    offline: 'Offline',
    leak: 'Possible leak',
    silentWith: '1 meter of the area silent with it',
    running: 'water running for 24 hours without a break',
    devices: 'Devices',
    attention: 'Needs attention',
    offlineCount: '2 devices offline',
  },
} as const;

/** A new site manager's flat 1108 with a gateway (and its key) and a cold-water meter. */
async function flatWithMeter(page: Page) {
  const { manager, property, flat } = await siteManagerWithFlat(page, 1108);
  const devices = `/api/areas/${flat.id}/devices`;
  const unique = Date.now().toString().slice(-7);
  const gateway = await callApi<{ gatewayKey: string }>(page.request, manager, 'POST', devices, {
    deviceType: 'gw',
    idNumber: `AA:BB:CC:${unique.slice(-6).replace(/(..)(?=.)/g, '$1:')}`,
  });
  const meterId = `7${unique}`;
  await callApi(page.request, manager, 'POST', devices, { deviceType: 'cw', idNumber: meterId });
  return {
    overviewUrl: `/portal/property/${property.id}/overview`,
    areaUrl: `/portal/property/${property.id}/area/apt/${flat.id}`,
    gatewayKey: gateway.gatewayKey,
    meterId,
  };
}

/** What the gateway sends after a day offline-buffered: the meter every 15 minutes from 29 to
 * 4 hours ago, 10 litres each time, so water ran in every hour. */
async function deliverRunningWater(request: APIRequestContext, key: string, meterId: string) {
  const end = Math.floor((Date.now() - 4 * HOUR) / (15 * MINUTE)) * 15 * MINUTE;
  const readings = Array.from({ length: 101 }, (_, index) => ({
    meter: meterId,
    at: new Date(end - (100 - index) * 15 * MINUTE).toISOString(),
    value: 412_000 + index * 10,
    unit: 'l',
  }));
  const response = await request.post('/api/ingest/readings', {
    headers: { Authorization: `Gateway ${key}` },
    data: { readings },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ accepted: readings.length, rejected: [] });
}

/** Sets the property's offline threshold to one hour in its form, at 360 px, and saves. */
async function setOneHour(page: Page, overviewUrl: string, words: (typeof WORDS)['sv' | 'en']) {
  await page.goto(`${overviewUrl}/edit-property`);
  const offlineAfter = field(page, words.offlineAfter);
  await expect(offlineAfter).toHaveValue('180');
  await offlineAfter.selectOption({ label: words.oneHour });
  await expectNoSeriousAccessibilityProblems(page, `the property form (${words.save})`);
  await expectNoSidewaysOverflow(page, `the property form at 360 px (${words.save})`);
  await page.getByRole('main').getByRole('button', { name: words.save }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('status').filter({ hasText: words.updated })).toBeVisible();
  await expect(main.getByRole('region', { name: words.details })).toContainText(
    `${words.offlineAfter}${words.oneHour}`,
  );
}

for (const language of ['sv', 'en'] as const) {
  const words = WORDS[language];

  test.describe(`alerts (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(PHONE);
      if (language === 'en')
        await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    });

    test('a site manager sets when a silent device is offline; devices heard of late are no news', async ({
      page,
    }) => {
      const { overviewUrl } = await flatWithMeter(page);
      await setOneHour(page, overviewUrl, words);
      const alerts = page.getByRole('main').getByRole('region', { name: words.alerts });
      await expect(alerts).toContainText(words.allWell);
      await expectNoSeriousAccessibilityProblems(page, `the overview without alerts (${language})`);
      await expectNoSidewaysOverflow(page, `the overview at 360 px (${language})`);
    });

    test('a gateway silent with its meter and water running all day are news on the overview, the area and the dashboard', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const { overviewUrl, areaUrl, gatewayKey, meterId } = await flatWithMeter(page);
      await deliverRunningWater(page.request, gatewayKey, meterId);
      // Saving the threshold judges the property's devices at once, whatever the job's pace.
      await setOneHour(page, overviewUrl, words);

      const main = page.getByRole('main');
      const alerts = main.getByRole('region', { name: words.alerts });
      const offline = alerts.getByRole('listitem').filter({ hasText: words.offline });
      await expect(offline).toContainText(`Gateway AA:BB:CC`);
      await expect(offline).toContainText(words.silentWith);
      const leak = alerts.getByRole('listitem').filter({ hasText: words.leak });
      await expect(leak).toContainText(meterId);
      await expect(leak).toContainText(words.running);
      await expectNoSeriousAccessibilityProblems(page, `the overview with alerts (${language})`);
      await expectNoSidewaysOverflow(page, `the overview with alerts at 360 px (${language})`);

      await page.goto(areaUrl);
      await expect(main.getByRole('alert').filter({ hasText: words.leak })).toContainText(meterId);
      await expect(main.getByRole('alert').filter({ hasText: words.silentWith })).toBeVisible();
      const devices = main.getByRole('region', { name: words.devices });
      const meterRow = devices.getByRole('listitem').filter({ hasText: meterId });
      await expect(meterRow.getByText(words.offline, { exact: true })).toBeVisible();
      await expect(meterRow.getByText(words.leak, { exact: true })).toBeVisible();
      await expectNoSeriousAccessibilityProblems(page, `the area with alerts (${language})`);
      await expectNoSidewaysOverflow(page, `the area with alerts at 360 px (${language})`);

      await page.goto('/portal/');
      const attention = main.getByRole('region', { name: words.attention });
      await expect(attention.getByRole('listitem')).toContainText(words.offlineCount);
      await expectNoSeriousAccessibilityProblems(page, `the dashboard with alerts (${language})`);
      await expectNoSidewaysOverflow(page, `the dashboard at 360 px (${language})`);
    });
  });
}
