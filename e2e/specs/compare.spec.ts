// The compare screen against the built portal, a real database and 13 months of readings sent as a
// gateway sends them (support/metered-property.ts), on a phone-sized screen (360 × 740): the flats'
// hot water per m² ranked, flat 1003 first and flagged far above the median, the median shown, the
// ranking as a table; then this month against the same month last year; then the same in English.
// Without serious accessibility problems and never wider than the phone.
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { meteredProperty } from '../support/metered-property';

const PHONE = { width: 360, height: 740 };

test("a site manager ranks the flats' hot water per m² and sets this month against last year's, on a phone (sv, en)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const { property } = await meteredProperty(page);
  const main = page.getByRole('main');

  await page.goto(`/portal/property/${property.id}/compare`);
  await expect(main.getByRole('heading', { level: 1, name: 'Vallmon 3' })).toBeVisible();
  await expect(main.getByRole('radio', { name: 'Utrymmen' })).toBeChecked();
  await main.getByRole('combobox', { name: 'Typ', exact: true }).selectOption('hw');
  await main.getByRole('combobox', { name: 'Utrymmestyp' }).selectOption('apt');
  await expect(page).toHaveURL(/[?&]type=hw(&|$)/);
  await expect(page).toHaveURL(/[?&]areaType=apt(&|$)/);

  const ranking = main.getByRole('region', { name: 'Varmvatten per utrymme', exact: true });
  await expect(ranking.getByText('Per m² golvyta, högst först.')).toBeVisible();
  await expect(ranking.getByText(/^Median: \d+,\d{3}\s+m³\/m²$/)).toBeVisible();
  const entries = ranking.getByRole('listitem');
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText('1. 1003');
  await expect(entries.first()).toContainText('Långt över medianen');
  await expect(ranking.getByText('Långt över medianen')).toHaveCount(1);
  await expectNoSeriousAccessibilityProblems(page, 'compare: the ranking (sv)');
  await expectNoSidewaysOverflow(page, 'compare: the ranking at 360 px (sv)');

  await ranking.getByRole('switch', { name: 'Visa som tabell' }).check();
  const table = ranking.getByRole('table', { name: 'Varmvatten per utrymme' });
  const rows = table.getByRole('row');
  // The header, four flats and the median's row.
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('1003');
  await expect(rows.nth(1)).toContainText('Långt över medianen');
  await expect(table.getByRole('rowheader', { name: 'Median' })).toBeVisible();
  await expectNoSeriousAccessibilityProblems(page, 'compare: the ranking as a table (sv)');
  await expectNoSidewaysOverflow(page, 'compare: the ranking as a table at 360 px (sv)');

  // The kit's radios are hidden behind their labels, which take the click.
  await main
    .getByRole('radiogroup', { name: 'Vad som jämförs' })
    .getByText('Perioder', { exact: true })
    .click();
  await expect(page).toHaveURL(/[?&]kind=periods(&|$)/);
  await expect(main.getByText(/^Avser .+ mot .+$/)).toBeVisible();
  const heat = main.getByRole('region', { name: 'Värme', exact: true });
  await expect(heat.getByText('Den här perioden')).toBeVisible();
  await expect(heat.getByText('Förra året')).toBeVisible();
  // The profiles repeat every year to the hour, and the month so far meets last year's month as
  // far in (the same day and hour): no change. Against the whole of last year's month it read as
  // a fall every day but the last.
  await expect(main.getByText(/^Båda perioderna jämförs lika långt in: till /)).toBeVisible();
  // Heat's figures come first, below its chart's region. In a month's first two days an hour
  // turning between the readings sent and this request is a change of a few per cent (at 00:xx on
  // the 1st nothing is counted yet either year): the exact figure is left to the API tests then.
  const dayInStockholm = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Stockholm', day: 'numeric' }).format(
      new Date(),
    ),
  );
  if (dayInStockholm > 2)
    await expect(
      main
        .locator('dt', { hasText: 'Förändring' })
        .first()
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(/^[+−]?0(,\d)?\s%$/);
  await expectNoSeriousAccessibilityProblems(page, 'compare: the periods (sv)');
  await expectNoSidewaysOverflow(page, 'compare: the periods at 360 px (sv)');

  // The same view in English: what is compared stays in the address.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(main.getByRole('radio', { name: 'Periods' })).toBeChecked();
  await expect(main.getByText(/^Covers .+ against .+$/)).toBeVisible();
  const heatEn = main.getByRole('region', { name: 'Heat', exact: true });
  await expect(heatEn.getByText('This period')).toBeVisible();
  await expect(heatEn.getByText('Last year')).toBeVisible();
  await main
    .getByRole('radiogroup', { name: 'What to compare' })
    .getByText('Areas', { exact: true })
    .click();
  const rankingEn = main.getByRole('region', { name: 'Hot water per area', exact: true });
  await expect(rankingEn.getByRole('listitem').first()).toContainText('Far above the median');
  await expectNoSeriousAccessibilityProblems(page, 'compare: the ranking (en)');
  await expectNoSidewaysOverflow(page, 'compare: the ranking at 360 px (en)');
});
