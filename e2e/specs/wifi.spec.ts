// WiFi against the built portal and a real database, on a phone-sized screen (360 × 740) in both
// languages: a site manager adds the laundry room's network ('Updated'), opens its QR code, and
// the code as the browser draws it — screenshot, decoded with jsQR — says exactly the contract's
// `WIFI:` text of what was typed, special characters escaped; printed, the card is all there is.
// A member with role user sees the network, its password on request, and no way to change it.

import type { Page } from '@playwright/test';
import { wifiQrText } from '@portal/contracts/wifi';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { inviteThroughApi, registerThroughApi, uniqueAddress } from '../support/accounts';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { callApi, PASSWORD, siteManagerWithProperty } from '../support/places';
import { rememberSecret } from '../support/secrets-seen';
import { signInThroughApi } from '../support/session';

const PHONE = { width: 360, height: 740 };

const WORDS = {
  sv: {
    add: 'Lägg till nätverk',
    addTitle: 'Lägg till WiFi-nätverk',
    ssid: 'Nätverksnamn (SSID)',
    security: 'Säkerhet',
    password: 'Lösenord',
    hidden: 'Dolt nätverk',
    note: 'Anteckning',
    save: 'Spara',
    updated: 'Uppdaterat',
    showQr: 'Visa QR-kod',
    showPassword: 'Visa lösenord',
    qrTitle: 'Anslut till',
    qrAlt: 'QR-kod för att ansluta till nätverket',
    print: 'Skriv ut',
    close: 'Klar',
    edit: 'Ändra',
    delete: 'Ta bort',
  },
  en: {
    add: 'Add network',
    addTitle: 'Add WiFi network',
    ssid: 'Network name (SSID)',
    security: 'Security',
    password: 'Password',
    hidden: 'Hidden network',
    note: 'Note',
    save: 'Save',
    updated: 'Updated',
    showQr: 'Show QR code',
    showPassword: 'Show password',
    qrTitle: 'Join',
    qrAlt: 'QR code for joining the network',
    print: 'Print',
    close: 'Done',
    edit: 'Edit',
    delete: 'Delete',
  },
} as const;

/** Each language its own network: a name and password with every character the `WIFI:` format
 * escapes, WPA2 hidden in one and WPA3 ('R:1') in the other. */
const NETWORKS = {
  sv: {
    ssid: 'Vallmon;Tvätt:1',
    password: 'Tvatt,rum;42:"ok"\\',
    security: 'WPA2',
    hidden: true,
  },
  en: { ssid: 'Vallmon "Laundry"', password: 'Wash;day,2026:ok', security: 'WPA3', hidden: false },
} as const;

const useLanguage = (page: Page, language: 'sv' | 'en') =>
  language === 'en'
    ? page.addInitScript(() => window.localStorage.setItem('language', 'en'))
    : Promise.resolve();

/** What the QR code on the screen says: its image as the browser draws it, read by jsQR. */
async function readQrCode(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  const png = PNG.sync.read(await image.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return code?.data;
}

for (const language of ['sv', 'en'] as const) {
  const words = WORDS[language];
  const network = NETWORKS[language];

  test(`a site manager adds a WiFi network and its QR code joins it, on a phone (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    await useLanguage(page, language);
    const { manager, property } = await siteManagerWithProperty(page);
    // Networks enough that the list is longer than a sheet of paper (the card prints alone).
    for (let floor = 1; floor <= 8; floor++)
      await callApi(page.request, manager, 'POST', `/api/properties/${property.id}/wifi`, {
        ssid: `Trapphus ${floor}`,
        password: `trapphus-${floor}-2026`,
        security: 'WPA2',
        hidden: false,
        note: 'Teknikrummet i källaren, för gateways och tekniker. Lösenordet byts varje år i mars.',
      });
    const main = page.getByRole('main');

    await page.goto(`/portal/property/${property.id}/wifi`);
    await expect(main.getByRole('heading', { level: 1, name: 'Vallmon 3' })).toBeVisible();
    await main.getByRole('button', { name: words.add }).click();
    const form = page.getByRole('dialog', { name: words.addTitle });
    await expect(form).toBeVisible();
    await field(page, words.ssid).fill(network.ssid);
    await field(page, words.security).selectOption(network.security);
    const password = field(page, words.password);
    // Masked, yet not a password field a browser would offer to save as the portal's.
    await expect(password).not.toHaveAttribute('type', 'password');
    await expect(password).toHaveCSS('-webkit-text-security', 'disc');
    rememberSecret(network.password, 'WiFi password');
    await password.fill(network.password);
    if (network.hidden) await form.getByRole('switch', { name: words.hidden }).check();
    await field(page, words.note).fill('Tvättstugan, boende');
    await expectNoSeriousAccessibilityProblems(page, `'Add network' (${language})`);
    await expectNoSidewaysOverflow(page, `'Add network' at 360 px (${language})`);
    await form.getByRole('button', { name: words.save }).click();

    await expect(main.getByRole('status').filter({ hasText: words.updated })).toBeVisible();
    await expect(form).toBeHidden();
    const card = main.getByRole('article', { name: network.ssid });
    await expect(card).toContainText(network.security);
    await expect(card).not.toContainText(network.password);
    await expectNoSeriousAccessibilityProblems(page, `the WiFi networks (${language})`);
    await expectNoSidewaysOverflow(page, `the WiFi networks at 360 px (${language})`);

    await card.getByRole('button', { name: `${words.showQr}: ${network.ssid}` }).click();
    const qr = page.getByRole('dialog', { name: `${words.qrTitle} ${network.ssid}` });
    await expect(qr).toBeVisible();
    expect(await readQrCode(page, `${words.qrAlt} ${network.ssid}`)).toBe(wifiQrText(network));
    await expect(qr.getByText(network.password, { exact: true })).toBeVisible();
    await expectNoSeriousAccessibilityProblems(page, `the QR code (${language})`);
    await expectNoSidewaysOverflow(page, `the QR code at 360 px (${language})`);

    // Printed, the card is the page: the code, the name and the password, nothing around them.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await qr.getByRole('button', { name: words.print }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // Hidden things leave the accessibility tree: looked for by their text and tag, not role.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByAltText(`${words.qrAlt} ${network.ssid}`)).toBeVisible();
    await expect(page.getByText(network.password, { exact: true })).toBeVisible();
    await expect(page.locator('button', { hasText: words.print })).toBeHidden();
    await expect(main.locator('h1', { hasText: 'Vallmon 3' })).toBeHidden();
    await expect(page.locator('nav').first()).toBeHidden();
    // One sheet of paper: the card alone, no blank pages of the screen under it.
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
    await qr.getByRole('button', { name: words.close }).click();
    await expect(qr).toBeHidden();
  });
}

// What a user may do does not change with the language: once, in Swedish.
test('a member with role user sees the network, its password on request, and cannot change it (sv)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  const words = WORDS.sv;
  const network = NETWORKS.sv;
  const manager = await registerThroughApi(page.request, {
    email: uniqueAddress('wifi'),
    password: PASSWORD,
    name: 'Maja Nilsson',
  });
  const organization = await callApi<{ id: string }>(
    page.request,
    manager,
    'POST',
    '/api/organizations',
    { name: `Brf Vallmon ${Date.now()}`, address: 'Vallmovägen 4, 224 60 Lund' },
  );
  const property = await callApi<{ id: string }>(page.request, manager, 'POST', '/api/properties', {
    name: 'Vallmon 3',
    organizationId: organization.id,
    propertyType: 'multi-dwelling',
  });
  await callApi(page.request, manager, 'POST', `/api/properties/${property.id}/wifi`, {
    ...network,
    note: 'Tvättstugan, boende',
  });
  const member = { email: uniqueAddress('boende'), password: PASSWORD, name: 'Bo Ende' };
  await inviteThroughApi(page.request, manager, {
    ...member,
    role: 'user',
    organizationId: organization.id,
  });
  await signInThroughApi(page, member);
  const main = page.getByRole('main');

  await page.goto(`/portal/property/${property.id}/wifi`);
  const card = main.getByRole('article', { name: network.ssid });
  await expect(card).toContainText('Tvättstugan, boende');
  await expect(main.getByRole('button', { name: words.add })).toHaveCount(0);
  await expect(card.getByRole('button', { name: new RegExp(`^${words.edit}`) })).toHaveCount(0);
  await expect(card.getByRole('button', { name: new RegExp(`^${words.delete}`) })).toHaveCount(0);
  await card.getByRole('button', { name: `${words.showPassword}: ${network.ssid}` }).click();
  await expect(card.getByText(network.password, { exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityProblems(page, `a member's WiFi networks (sv)`);
  await expectNoSidewaysOverflow(page, `a member's WiFi networks at 360 px (sv)`);
});
