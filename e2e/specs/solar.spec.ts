// The solar screen against the built portal and a real database, on a phone-sized screen (360 ×
// 740), in Swedish and then English (issue 14 items 1, 2, 5 and 8): a property whose array
// produces 12 kWh an hour from 09 to 15 UTC, March to October, sent hour by hour through the
// gateway API (support/metered-property.ts), shows a sunny month's production, own use and share
// computed by the portal, its numbers in the chart's table, the month before it one step back,
// and the same in English — without serious accessibility problems, sideways scrolling or a
// Content-Security-Policy violation (uPlot draws on a canvas through the CSSOM only).
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { meteredProperty } from '../support/metered-property';

const PHONE = { width: 360, height: 740 };

/** 12 kWh in each of the six sunny hours: 72 kWh a day. */
const SOLAR_KWH_A_DAY = 72;

type Month = { year: number; month: number };

const firstDay = ({ year, month }: Month) => `${year}-${String(month + 1).padStart(2, '0')}-01`;
const daysIn = ({ year, month }: Month) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const before = ({ year, month }: Month): Month =>
  month === 0 ? { year: year - 1, month: 11 } : { year, month: month - 1 };

/**
 * The latest whole month from April to October, so that it and the month before it are sunny
 * whatever day the suite runs. Its figures compare it with the same month a year earlier, which
 * from November to March lies further back than the 400 days of readings a metered property has
 * by default (on 6 December, October a year ago begins 431 days back).
 */
function sunnyMonth(now = new Date()): Month {
  let month = before({ year: now.getUTCFullYear(), month: now.getUTCMonth() });
  while (month.month < 3 || month.month > 9) month = before(month);
  return month;
}

test('solar production at 360 px: figures, the table, the month before, in Swedish and English', async ({
  page,
}) => {
  // A year of hourly readings for nine meters goes in through the ingest API first.
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const month = sunnyMonth();
  const earlier = before(month);
  // From a day before the month a year earlier begins: its local start is an hour or two before
  // the UTC one.
  const { property } = await meteredProperty(page, {
    readingsFrom: new Date(Date.UTC(month.year - 1, month.month, 0)),
  });
  const production = (shown: Month) => SOLAR_KWH_A_DAY * daysIn(shown);
  // Every day of a sunny month alike: 2 232 kWh in October, 72 kWh the best day, and the
  // building's 6 kWh an hour covered in the six sunny hours: a quarter of its electricity.
  const swedishKwh = (kwh: number) => `${kwh.toLocaleString('sv-SE')}\u00a0kWh`;

  await page.goto(
    `/portal/property/${property.id}/solar-panel?period=month&date=${firstDay(month)}`,
  );
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Vallmon 3' })).toBeVisible();
  const figures = main.getByRole('region', { name: 'Nyckeltal', exact: true });
  const figure = (label: string) =>
    figures.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Produktion')).toHaveText(swedishKwh(production(month)));
  await expect(figures).toContainText('Täckte 25\u00a0% av fastighetens el');
  await expect(figures).toContainText('72\u00a0kWh producerades');
  await expect(figures).toContainText('mot i fjol');
  // The chart in its own chunk, drawn without breaking the policy; then its numbers as a table.
  const chart = main.getByRole('region', { name: 'Produktion jämfört med i fjol', exact: true });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expectNoSeriousAccessibilityProblems(page, 'solar, chart (sv)');
  await chart.getByRole('switch', { name: 'Visa som tabell' }).check();
  const table = chart.getByRole('table', { name: /per dag/ });
  await expect(table.getByRole('row')).toHaveCount(daysIn(month) + 2);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('72,0');
  await expect(table.getByRole('row').last()).toContainText(
    production(month).toLocaleString('sv-SE', { minimumFractionDigits: 1 }),
  );
  await expectNoSeriousAccessibilityProblems(page, 'solar, table (sv)');
  await expectNoSidewaysOverflow(page, 'solar with the table at 360 px (sv)');

  // One month back: the address and the figures follow.
  await main.getByRole('button', { name: 'Föregående period' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${firstDay(earlier)}`));
  await expect(figure('Produktion')).toHaveText(swedishKwh(production(earlier)));

  // English, from the header's switch: the same figures in English words and numbers.
  await page.getByRole('banner').getByText('EN', { exact: true }).click();
  const english = main.getByRole('region', { name: 'Key figures', exact: true });
  await expect(
    english.locator('dt', { hasText: 'Production' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(`${production(earlier).toLocaleString('en-GB')}\u00a0kWh`);
  await expect(english).toContainText("Covered 25% of the building's electricity");
  await expect(english).toContainText('72\u00a0kWh produced');
  await expect(
    main.getByRole('region', { name: 'Production against last year', exact: true }),
  ).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Period' })).toHaveValue('month');
  await expectNoSeriousAccessibilityProblems(page, 'solar (en)');
  await expectNoSidewaysOverflow(page, 'solar at 360 px (en)');
});
