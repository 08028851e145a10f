// The energy summary and the overview's energy against the built portal and a real database
// (issue 14 items 3, 4): a site manager's property with district heating, Fgeo 0.9, Atemp 2 000 m²
// and 13 months of hourly readings sent by its gateway; the overview shows this month against the
// same days last year and the energy class, which leads to the summary with its figures, the
// rule set and the class scale, in Swedish and then English, on a phone, without accessibility
// problems. The dashboard shows the same class on the property's card.
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { meteredProperty } from '../support/metered-property';

test.use({ viewport: { width: 360, height: 740 } });

test('the overview and the dashboard lead to the energy summary of a metered property, in Swedish and English', async ({
  page,
}) => {
  const { property } = await meteredProperty(page);
  const main = page.getByRole('main');

  await page.goto(`/portal/property/${property.id}/overview`);
  // This month against the same days last year. The profiles repeat every year to the hour, and
  // both windows end at the same local time: the month so far is last year's (a part of today
  // against a whole day a year earlier would read as a fall); an hour apart at most, around the
  // days the two years' clocks change on different dates. Heat is in MWh from 10 000 kWh, which
  // the month reaches after about a week in winter.
  const energy = main.getByRole('region', { name: 'Energi' });
  await expect(
    energy.getByRole('row', { name: /^Värme [\d ,]+ (k|M)Wh [\d ,]+ (k|M)Wh [+−]?0(,\d)? %$/ }),
  ).toBeVisible();
  await expect(
    energy.getByRole('row', { name: /^El [\d ,]+ kWh [\d ,]+ kWh [+−]?0(,\d)? %$/ }),
  ).toBeVisible();
  // The class the profiles give (metered-property.ts), worked out: heat 297 840 kWh a year, of it
  // hot water 427 m³ × 55 = 23 488 kWh; heating 274 352 / 0,9 × 0,7 = 213 385; hot water × 0,7 =
  // 16 442; electricity 52 560 less the solar it covers (6 kWh × 6 hours × 245 days = 8 820) =
  // 43 740 × 1,8 = 78 732. EP = 308 559 / 2 000 m² ≈ 154, 2,06 × the requirement of 75 → F.
  const energyClass = 'F';
  const badge = energy.getByRole('link', { name: /Energiklass [A-G]/ });
  await expect(badge).toHaveAccessibleName(/^Energiklass F/);
  await expectNoSeriousAccessibilityProblems(page, 'the overview with its energy');
  await badge.click();

  await expect(page).toHaveURL(/energy-summary/);
  await expect(main.getByText('BBR 29–31').first()).toBeVisible();
  await expect(main.getByText('2 000 m²').first()).toBeVisible();
  await expect(main.getByText('Primärenergital').first()).toBeVisible();
  await expect(main.locator('[aria-current]')).toContainText(energyClass);
  await expect(main.getByText(/^15\d(,\d+)?\skWh\/m²$/).first()).toBeVisible();
  await expect(
    main.getByText('De är inte normalårskorrigerade och är ingen energideklaration.', {
      exact: false,
    }),
  ).toBeVisible();
  await expectNoSidewaysOverflow(page, 'the energy summary at 360 px');
  await expectNoSeriousAccessibilityProblems(page, 'the energy summary');

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(main.getByText('Primary energy number').first()).toBeVisible();
  await expect(main.getByText('2,000 m²').first()).toBeVisible();
  await expect(main.getByText('BBR 29–31').first()).toBeVisible();

  await page.goto('/portal/');
  await expect(
    main.getByRole('link', { name: new RegExp(`Energy class ${energyClass}`) }),
  ).toBeVisible();
});
