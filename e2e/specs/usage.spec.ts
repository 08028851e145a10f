// The usage estimate against the built portal and a real database, on a phone-sized screen
// (360 × 740): a new site manager's property with 13 months of hourly readings (support/
// metered-property.ts) shows each type's projection with its band; the site manager sets a heat
// price with a fixed part, sees 'Uppdaterat' and the cost in kronor appear; the chart's table
// view; the same screen in English. Without serious accessibility problems, never wider than the
// phone.
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { meteredProperty } from '../support/metered-property';

const PHONE = { width: 360, height: 740 };

test('a site manager prices heat and sees the projection, its band and its cost in kronor, on a phone (sv, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const { property } = await meteredProperty(page);
  const main = page.getByRole('main');

  await page.goto(`/portal/property/${property.id}/usage`);
  const heat = main.getByRole('region', { name: 'Värme', exact: true });
  const projected = heat.locator('dt', { hasText: 'Prognos för året' }).locator('~ dd');
  await expect(projected.first()).toHaveText(/^\d[\d\s]*(,\d)?\s(MWh|kWh)$/);
  await expect(projected.nth(1)).toHaveText(/^mellan .+ och .+$/);
  await expect(heat.getByRole('note', { name: 'Så är prognosen gjord' })).toContainText(
    'Utifrån förra årets förbrukningsmönster',
  );
  await expect(heat).toContainText('Inget pris är satt för värme');
  await expect(main.getByRole('region', { name: 'Kallvatten', exact: true })).toBeVisible();

  // The heat price with a fixed part, typed the Swedish way.
  const prices = main.getByRole('region', { name: 'Priser' });
  const heatPrice = prices.getByRole('group', { name: 'Värme' });
  await heatPrice.getByRole('textbox', { name: 'Pris, kr/kWh' }).fill('0,95');
  await heatPrice.getByRole('textbox', { name: 'Fast del, kr/månad' }).fill('1 200');
  await prices.getByRole('button', { name: 'Spara priserna' }).click();
  await expect(prices.getByRole('status').filter({ hasText: 'Uppdaterat' })).toBeVisible();
  const costSoFar = heat.locator('dt', { hasText: 'Kostnad hittills' }).locator('~ dd');
  await expect(costSoFar.first()).toHaveText(/^\d{1,3}(\s\d{3})*\skr$/);
  // The year's heat is known from the profile (metered-property.ts): 34 kWh an hour on average,
  // 297 840 kWh, the same last year, so the projection is about that: at 0,95 kr/kWh and 1 200 kr
  // a month, 282 948 + 14 400 = 297 348 kr (±10 % for where in the year the test runs).
  const projectedCost = heat.locator('dt', { hasText: 'Beräknad kostnad' }).locator('~ dd');
  const kronor = Number((await projectedCost.first().textContent())?.replace(/\D/g, ''));
  expect(kronor).toBeGreaterThan(267_000);
  expect(kronor).toBeLessThan(327_000);
  const total = main.getByRole('region', { name: 'Total kostnad' });
  await expect(
    total.locator('dt', { hasText: 'Beräknad kostnad' }).locator('~ dd').nth(1),
  ).toHaveText(/^mellan \d.*\skr och \d.*\skr$/);

  // The chart's numbers as a table: the projection's months with their band.
  const chart = heat.getByRole('region', { name: 'Värme per månad' });
  await chart.getByRole('switch', { name: 'Visa som tabell' }).check({ timeout: 10_000 });
  const table = chart.getByRole('table');
  await expect(table.getByRole('columnheader', { name: /^Prognos \((MWh|kWh)\)$/ })).toBeVisible();
  await expect(table).toContainText('mellan');
  await expectNoSeriousAccessibilityProblems(page, 'usage');
  await expectNoSidewaysOverflow(page, 'the usage estimate at 360 px');

  // In English.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  const heatEn = main.getByRole('region', { name: 'Heat', exact: true });
  await expect(
    heatEn.locator('dt', { hasText: 'Projected for the year' }).locator('~ dd').nth(1),
  ).toHaveText(/^between .+ and .+$/);
  await expect(heatEn.locator('dt', { hasText: 'Cost so far' }).locator('~ dd').first()).toHaveText(
    /^\d{1,3}(,\d{3})*\skr$/,
  );
  await expect(
    main
      .getByRole('region', { name: 'Prices' })
      .getByRole('textbox', { name: 'Price, kr/kWh' })
      .first(),
  ).toHaveValue('0.95');
  await expectNoSeriousAccessibilityProblems(page, 'usage (en)');
  await expectNoSidewaysOverflow(page, 'the usage estimate at 360 px (en)');
});
