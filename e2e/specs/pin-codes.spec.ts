// PIN codes against the built portal and a real database, on a phone-sized screen (360 × 740) in
// both languages: a site manager adds a code to the laundry-room door on 'Add PIN code' (the first
// free slot proposed, the number pad), sees it waiting for the lock, the test acknowledges it as
// the area's gateway would (its key, DESIGN §4.4), and the door's screen shows it on the lock; the
// device log names the slot, never the code. The screens without serious accessibility problems
// and fitting a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { callApi, siteManagerWithProperty } from '../support/places';
import { rememberSecret } from '../support/secrets-seen';

const PHONE = { width: 360, height: 740 };

/** A new site manager's laundry room with its gateway (and the gateway's key) and its door. */
async function laundryRoomWithDoor(page: Page) {
  const { manager, property } = await siteManagerWithProperty(page);
  const laundry = await callApi<{ id: string }>(
    page.request,
    manager,
    'POST',
    `/api/properties/${property.id}/areas`,
    { areaType: 'lau', name: 'Tvättstugan' },
  );
  const devices = `/api/areas/${laundry.id}/devices`;
  const gateway = await callApi<{ gatewayKey: string }>(page.request, manager, 'POST', devices, {
    deviceType: 'gw',
    idNumber: `AA:BB:CC:${Date.now()
      .toString(16)
      .slice(-6)
      .replace(/(..)(?=.)/g, '$1:')}`,
  });
  const door = await callApi<{ device: { id: string } }>(page.request, manager, 'POST', devices, {
    deviceType: 'door',
    idNumber: `LOCK-TVATT-${Date.now()}`,
    name: 'Tvättstugans dörr',
  });
  return {
    doorUrl: `/portal/property/${property.id}/area/lau/${laundry.id}/devices/door/${door.device.id}`,
    gatewayKey: gateway.gatewayKey,
  };
}

/** What the gateway does: fetch the pending changes with its key and report each applied. */
async function actAsGateway(request: APIRequestContext, key: string) {
  const headers = { Authorization: `Gateway ${key}` };
  const fetched = await request.get('/api/ingest/pin-codes', { headers });
  expect(fetched.status()).toBe(200);
  const { changes } = (await fetched.json()) as {
    changes: { id: string; version: number; code: string | null; slot: number }[];
  };
  const ack = await request.post('/api/ingest/pin-codes/ack', {
    headers,
    data: { results: changes.map(({ id, version }) => ({ id, version, result: 'applied' })) },
  });
  expect(ack.status()).toBe(200);
  return changes;
}

const WORDS = {
  sv: {
    section: 'PIN-koder',
    add: 'Lägg till PIN-kod',
    slot: 'Plats',
    code: 'Kod',
    label: 'Etikett (valfritt)',
    added: 'PIN-koden har lagts till på plats 1 och skickas till låset.',
    pending: 'Väntar på låset',
    applied: 'Finns i låset',
    log: 'Visa enhetens logg',
    logged: 'PIN-kod tillagd på plats 1',
  },
  en: {
    section: 'PIN codes',
    add: 'Add PIN code',
    slot: 'Slot',
    code: 'Code',
    label: 'Label (optional)',
    added: 'The PIN code was added in slot 1 and is on its way to the lock.',
    pending: 'Waiting for the lock',
    applied: 'On the lock',
    log: "Show the device's log",
    logged: 'PIN code added in slot 1',
  },
} as const;

for (const language of ['sv', 'en'] as const) {
  const words = WORDS[language];
  test(`a site manager adds a PIN code to the laundry-room door, which the gateway applies, on a phone (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    if (language === 'en')
      await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const { doorUrl, gatewayKey } = await laundryRoomWithDoor(page);
    const main = page.getByRole('main');

    await page.goto(doorUrl);
    const section = main.getByRole('region', { name: words.section });
    await expect(section).toBeVisible();
    await section.getByRole('link', { name: words.add }).click();
    await expect(main.getByRole('heading', { level: 1, name: words.add })).toBeVisible();
    await expect(field(page, words.slot)).toHaveValue('1');
    const code = field(page, words.code);
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    // Masked as the browser draws it, yet not a password field a browser would offer to save.
    await expect(code).not.toHaveAttribute('type', 'password');
    await expect(code).toHaveCSS('-webkit-text-security', 'disc');
    await expectNoSeriousAccessibilityProblems(page, `'Add PIN code' (${language})`);
    await expectNoSidewaysOverflow(page, `'Add PIN code' at 360 px (${language})`);
    rememberSecret('480213', 'PIN code');
    await code.fill('480213');
    await field(page, words.label).fill('Tvättstugan – lgh 1102');
    await main.getByRole('button', { name: words.add }).click();

    // Back on the door: slot 1, masked, waiting for the lock.
    await expect(main.getByRole('status').filter({ hasText: words.added })).toBeVisible();
    const slot = section.getByRole('listitem').first();
    await expect(slot).toContainText('••••');
    await expect(slot).toContainText('Tvättstugan – lgh 1102');
    await expect(slot).toContainText(words.pending);
    await expect(main).not.toContainText('480213');
    await expectNoSeriousAccessibilityProblems(page, `the door's PIN codes (${language})`);
    await expectNoSidewaysOverflow(page, `the door's PIN codes at 360 px (${language})`);

    // The gateway fetches the code with its key, sets it on the lock and says so.
    const changes = await actAsGateway(page.request, gatewayKey);
    expect(changes).toEqual([expect.objectContaining({ slot: 1, code: '480213', version: 1 })]);
    // The screen asks again while a change waits: applied without a reload.
    await expect(slot).toContainText(words.applied, { timeout: 15_000 });
    expect(await actAsGateway(page.request, gatewayKey)).toEqual([]);

    // The log names the slot, never the code.
    await main.getByRole('link', { name: words.log }).click();
    await expect(main.getByRole('listitem').first()).toContainText(words.logged);
    await expect(main).not.toContainText('480213');
  });
}
