// Meter replacements against the built portal and a real database, on a phone-sized screen
// (360 × 740) in both languages: the demo site manager records the exchange of a flat's hot-water
// meter in Solrosen 1 (the time proposed as now, the readings typed the language's way, m³
// proposed), sees it listed in m³ and in the device's log, the board member sees it without the
// form or a way to delete it, and the site manager deletes it after the confirmation. The screens
// without serious accessibility problems and fitting a phone.
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { callApi, demoProperty } from '../support/places';
import { watchSecrets } from '../support/secrets-seen';
import { DEMO_MEMBER, DEMO_SITE_MANAGER, signInThroughApi } from '../support/session';

const PHONE = { width: 360, height: 740 };

/** The hot-water meter of a demo flat of Solrosen 1, with no replacement recorded (a retry's
 * leftovers deleted through the API). Each language's test has a flat of its own. */
async function demoHotWaterMeter(page: Page, flatNumber: number) {
  const session = await signInThroughApi(page, DEMO_SITE_MANAGER);
  const property = await demoProperty(page.request, session);
  const flats = await callApi<{ id: string; number: number | null }[]>(
    page.request,
    session,
    'GET',
    `/api/properties/${property.id}/areas?type=apt`,
  );
  const flat = flats.find((area) => area.number === flatNumber);
  if (!flat) throw new Error(`the demo flat ${flatNumber} is missing`);
  const devices = await callApi<{ id: string; deviceType: string }[]>(
    page.request,
    session,
    'GET',
    `/api/areas/${flat.id}/devices`,
  );
  const meter = devices.find((device) => device.deviceType === 'hw');
  if (!meter) throw new Error(`the hot-water meter of flat ${flatNumber} is missing`);
  const { replacements } = await callApi<{ replacements: { id: string }[] }>(
    page.request,
    session,
    'GET',
    `/api/devices/${meter.id}/meter-replacements`,
  );
  for (const { id } of replacements)
    await page.request.delete(`/api/meter-replacements/${id}`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    });
  return `/portal/property/${property.id}/area/apt/${flat.id}/devices/hw/${meter.id}`;
}

const WORDS = {
  sv: {
    flat: 1005,
    section: 'Mätarbyten',
    empty: 'Inget mätarbyte har registrerats.',
    record: 'Registrera ett mätarbyte',
    at: 'Datum och tid för bytet',
    oldFinal: 'Gamla mätarens sista avläsning',
    newFirst: 'Nya mätarens första avläsning',
    unit: 'Enhet',
    oldTyped: '412,332',
    newTyped: '0,012',
    save: 'Registrera bytet',
    recorded: 'Mätarbytet har registrerats',
    oldShown: 'Gamla mätarens sista avläsning: 412,332 m³',
    newShown: 'Nya mätarens första avläsning: 0,012 m³',
    by: `Registrerat av ${DEMO_SITE_MANAGER.email}`,
    log: 'Visa enhetens logg',
    logged: /^Mätarbyte registrerat \(/,
    deleteLabel: /^Ta bort bytet /,
    question: 'Ta bort mätarbytet?',
    confirm: 'Ta bort',
    deleted: 'Mätarbytet har tagits bort',
  },
  en: {
    flat: 1006,
    section: 'Meter replacements',
    empty: 'No meter replacement has been recorded.',
    record: 'Record a meter replacement',
    at: 'Date and time of the exchange',
    oldFinal: "Old meter's final reading",
    newFirst: "New meter's first reading",
    unit: 'Unit',
    oldTyped: '1,412.332',
    newTyped: '0.012',
    save: 'Record replacement',
    recorded: 'Meter replacement recorded',
    oldShown: "Old meter's final reading: 1,412.332 m³",
    newShown: "New meter's first reading: 0.012 m³",
    by: `Recorded by ${DEMO_SITE_MANAGER.email}`,
    log: "Show the device's log",
    logged: /^Meter replacement recorded \(at /,
    deleteLabel: /^Delete the replacement of /,
    question: 'Delete the meter replacement?',
    confirm: 'Delete',
    deleted: 'Meter replacement deleted',
  },
} as const;

for (const language of ['sv', 'en'] as const) {
  const words = WORDS[language];
  test(`a site manager records and deletes a hot-water meter's replacement, which a member only reads, on a phone (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    if (language === 'en')
      await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const meterUrl = await demoHotWaterMeter(page, words.flat);
    const main = page.getByRole('main');

    await page.goto(meterUrl);
    const section = main.getByRole('region', { name: words.section });
    await expect(section.getByText(words.empty)).toBeVisible();
    await section.getByRole('button', { name: words.record }).click();
    const form = section.getByRole('form', { name: words.record });
    // Now on the property's clock, and the display unit of a water meter.
    await expect(field(page, words.at)).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expect(field(page, words.unit)).toHaveValue('m3');
    await expectNoSeriousAccessibilityProblems(page, `the replacement form (${language})`);
    await expectNoSidewaysOverflow(page, `the replacement form at 360 px (${language})`);
    await field(page, words.oldFinal).fill(words.oldTyped);
    await field(page, words.newFirst).fill(words.newTyped);
    await form.getByRole('button', { name: words.save }).click();

    await expect(section.getByRole('status').filter({ hasText: words.recorded })).toBeVisible();
    const item = section.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(words.oldShown);
    await expect(item).toContainText(words.newShown);
    await expect(item).toContainText(words.by);
    await expectNoSeriousAccessibilityProblems(page, `the meter's replacements (${language})`);
    await expectNoSidewaysOverflow(page, `the meter's replacements at 360 px (${language})`);

    // The board member sees it, without the form or a way to delete it.
    const member = await browser.newPage({ viewport: PHONE });
    watchSecrets(member);
    if (language === 'en')
      await member.addInitScript(() => window.localStorage.setItem('language', 'en'));
    await signInThroughApi(member, DEMO_MEMBER);
    await member.goto(meterUrl);
    const seen = member.getByRole('main').getByRole('region', { name: words.section });
    await expect(seen.getByRole('listitem')).toContainText(words.oldShown);
    await expect(seen.getByRole('button')).toHaveCount(0);
    await member.close();

    // The device's log says it was recorded.
    await main.getByRole('link', { name: words.log }).click();
    await expect(main.getByRole('listitem').first()).toContainText(words.logged);
    await page.goBack();

    await section.getByRole('button', { name: words.deleteLabel }).click();
    const question = page.getByRole('dialog', { name: words.question });
    // Checked once it is there with its name: a check run as it mounts found it nameless.
    await expect(question).toBeVisible();
    await expectNoSeriousAccessibilityProblems(page, `the delete question (${language})`);
    await question.getByRole('button', { name: words.confirm }).click();
    await expect(section.getByRole('status').filter({ hasText: words.deleted })).toBeVisible();
    await expect(section.getByText(words.empty)).toBeVisible();
  });
}
