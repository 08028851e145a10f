// The energy summary and the overview's energy against the built portal and a real database
// (issue 14 items 3, 4): a site manager's property with district heating, Fgeo 0.9, Atemp 2 000 m²
// and 13 months of hourly readings sent by its gateway; the overview shows this month against the
// same days last year and the energy class, which leads to the summary with its figures, the
// rule set and the class scale, in Swedish and English, on a phone, without accessibility problems.
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { meteredProperty } from '../support/metered-property';

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

test('the overview leads to the energy summary of a metered property, in Swedish and English', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { property } = await meteredProperty(page);
  await page.goto(`/portal/property/${property.id}/overview`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Energi', exact: false }).first()).toBeVisible();
  await main.getByRole('link', { name: /Energiklass [A-G]/ }).first().click();
  await expect(page).toHaveURL(/energy-summary/);
  await expect(main.getByText('BBR 29–31').first()).toBeVisible();
  await expect(main.getByText('Primärenergital').first()).toBeVisible();
  await expectNoSidewaysOverflow(page);
  await expectNoSeriousAccessibilityProblems(page, 'energy summary');
});
