// Devices against the built portal and a real database, on a phone-sized screen (360 × 740) in
// both languages: a new site manager's flat has no gateway, so the gateway comes first and its key
// is shown once; a hot water meter with an id that does not fit its type is added after SPEC §5's
// confirmation; both are in the area's list and the property's device log; one is deleted after
// its confirmation. A member with role user sees the demo's devices read-only and is stopped at
// 'Add device'. Every device screen without serious accessibility problems and fitting a phone.
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { callApi, demoProperty, siteManagerWithFlat } from '../support/places';
import { rememberSecret, watchSecrets } from '../support/secrets-seen';
import { DEMO_MEMBER, DEMO_SITE_MANAGER, signInThroughApi } from '../support/session';

const PHONE = { width: 360, height: 740 };

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name });

/** What the walk-through reads and presses, in each language. */
const WORDS = {
  sv: {
    noGateways: 'Det finns inga gatewayer i det här utrymmet.',
    addGateway: 'Lägg till en gateway',
    macAddress: 'MAC-adress',
    savedAs: 'Sparas som AA:BB:CC:DD:EE:01',
    add: 'Lägg till enhet',
    keyLabel: 'Nyckel för mätvärden',
    keyWarning: /Den visas inte igen/,
    keySaved: 'Jag har sparat nyckeln',
    backToDevices: 'Tillbaka till utrymmets enheter',
    hotWater: 'Varmvattenmätare',
    meterId: 'M-Bus-adress eller serienummer',
    name: 'Namn',
    mismatch:
      'ID-formatet stämmer inte med enhetstypen. Är du säker på att du vill lägga till enheten?',
    addAnyway: 'Lägg till ändå',
    saved: 'ID:t har sparats',
    devicesOf: 'Enheter i Lgh 1001',
    gateways: 'Gatewayer',
    log: 'Enhetslogg',
    added: 'Tillagd',
    delete: 'Ta bort enhet',
    deleteTitle: 'Ta bort enheten?',
    confirmDelete: 'Ta bort',
    deleted: 'Enheten har tagits bort',
  },
  en: {
    noGateways: 'There are no gateways in this area.',
    addGateway: 'Add a gateway',
    macAddress: 'MAC address',
    savedAs: 'Saved as AA:BB:CC:DD:EE:01',
    add: 'Add device',
    keyLabel: 'Ingestion key',
    keyWarning: /It will not be shown again/,
    keySaved: 'I have saved the key',
    backToDevices: "Back to the area's devices",
    hotWater: 'Hot water meter',
    meterId: 'M-Bus address or serial number',
    name: 'Name',
    mismatch: 'ID format does not match device type. Are you sure you want to add this device?',
    addAnyway: 'Add anyway',
    saved: 'Successfully saved ID',
    devicesOf: 'Devices in Lgh 1001',
    gateways: 'Gateways',
    log: 'Device log',
    added: 'Added',
    delete: 'Delete device',
    deleteTitle: 'Delete device?',
    confirmDelete: 'Delete',
    deleted: 'Device successfully deleted',
  },
} as const;

for (const language of ['sv', 'en'] as const) {
  const words = WORDS[language];
  test(`a site manager adds a gateway, then a meter whose id does not fit, and deletes it, on a phone (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    if (language === 'en')
      await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const { property, flat } = await siteManagerWithFlat(page, 1001);
    const main = page.getByRole('main');
    const devicesUrl = `/portal/property/${property.id}/area/apt/${flat.id}/devices`;

    // An empty flat: the gateway comes first.
    await page.goto(devicesUrl);
    await expect(heading(page, words.devicesOf)).toBeVisible();
    await expect(main.getByText(words.noGateways)).toBeVisible();
    await main.getByRole('link', { name: words.addGateway }).click();
    await field(page, words.macAddress).fill('aa-bb-cc-dd-ee-01');
    await expect(main.getByText(words.savedAs)).toBeVisible();
    await main.getByRole('button', { name: words.add }).click();

    // Its key, once.
    const key = main.getByRole('textbox', { name: words.keyLabel });
    await expect(key).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    rememberSecret(await key.inputValue(), 'gateway key');
    await expect(main.getByText(words.keyWarning)).toBeVisible();
    await main.getByRole('button', { name: words.keySaved }).click();
    await expect(heading(page, 'AA:BB:CC:DD:EE:01')).toBeVisible();
    await expect(main.getByRole('textbox', { name: words.keyLabel })).toHaveCount(0);

    // A hot water meter whose id does not fit: SPEC §5 asks, and it is kept when confirmed.
    await main.getByRole('link', { name: words.backToDevices }).click();
    await expect(main.getByText(words.noGateways)).toHaveCount(0);
    await main.getByRole('link', { name: words.add }).click();
    await main.getByRole('link', { name: words.hotWater }).click();
    await field(page, words.meterId).fill('VV-1001');
    await field(page, words.name).fill('Varmvatten 1001');
    await main.getByRole('button', { name: words.add }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(words.mismatch);
    await question.getByRole('button', { name: words.addAnyway }).click();
    await expect(main.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
    await expect(heading(page, 'Varmvatten 1001')).toBeVisible();

    // Both in the area's list and in the property's log, newest first.
    await main.getByRole('link', { name: words.backToDevices }).click();
    await expect(main.getByRole('heading', { level: 2, name: words.gateways })).toBeVisible();
    await expect(main.getByRole('link', { name: /Varmvatten 1001/ })).toBeVisible();
    await expect(main.getByRole('link', { name: /AA:BB:CC:DD:EE:01/ })).toBeVisible();
    await main.getByRole('link', { name: words.log }).click();
    await expect(heading(page, words.log)).toBeVisible();
    const entries = main.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('VV-1001');
    await expect(entries.nth(1)).toContainText('AA:BB:CC:DD:EE:01');
    await expect(entries.nth(0)).toContainText(words.added);
    await expectNoSidewaysOverflow(page, `the device log at 360 px (${language})`);

    // Deleting the meter asks first, then the list says so.
    await page.goBack();
    await main.getByRole('link', { name: /Varmvatten 1001/ }).click();
    await main.getByRole('button', { name: words.delete }).click();
    const confirm = page.getByRole('dialog', { name: words.deleteTitle });
    await confirm.getByRole('button', { name: words.confirmDelete }).click();
    await expect(main.getByRole('status').filter({ hasText: words.deleted })).toBeVisible();
    await expect(heading(page, words.devicesOf)).toBeVisible();
    await expect(main.getByRole('link', { name: /Varmvatten 1001/ })).toHaveCount(0);
    await expectNoSidewaysOverflow(page, `the area's devices at 360 px (${language})`);
  });
}

test('a site manager imports a file from Excel: every problem first, then all of it, and the overview counts it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  const { property, flat } = await siteManagerWithFlat(page, 1002);
  const main = page.getByRole('main');
  await page.goto(`/portal/property/${property.id}/area/apt/${flat.id}/devices`);
  await main.getByRole('link', { name: 'Importera enheter' }).click();
  await expect(heading(page, 'Importera enheter')).toBeVisible();

  // As Swedish Excel saves it: a BOM, semicolons, Windows line ends; one id that does not fit.
  const file = (lines: string[]) => ({
    name: 'enheter.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${['deviceType;idNumber;name;role', ...lines].join('\r\n')}\r\n`),
  });
  const lines = [
    'gw;AA:BB:CC:DD:EE:02;Gateway;',
    'hw;KAM12345678;Varmvatten;',
    'el;12345679;Hushållsel;household',
  ];
  const input = main.locator('input[type="file"]');
  await input.setInputFiles(file([...lines, 'cw;inte ett id;Kallvatten;']));
  await main.getByRole('button', { name: 'Granska filen' }).click();
  const problems = main.getByRole('table', { name: /^1 problem/ });
  await expect(problems).toContainText('5');
  await expect(main.getByRole('button', { name: /^Lägg till \d+ enhet/ })).toBeDisabled();

  await input.setInputFiles(file(lines));
  await main.getByRole('button', { name: 'Granska filen' }).click();
  await main.getByRole('button', { name: 'Lägg till 3 enheter' }).click();
  await expect(main.getByRole('heading', { name: 'De nya gatewayernas nycklar' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: /^Nyckel för mätvärden/ })).toHaveValue(
    /^[A-Za-z0-9_-]{43}$/,
  );
  await main.getByRole('button', { name: 'Jag har sparat nycklarna' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: '3 enheter har lagts till' }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: /Hushållsel/ })).toBeVisible();
  await expectNoSidewaysOverflow(page, 'the import at 360 px');

  // The property's overview counts them.
  await page.goto(`/portal/property/${property.id}/overview`);
  const devices = main.getByRole('region', { name: 'Enheter' });
  await expect(devices.getByText('3 enheter', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveText([
    /Elmätare\s*1/,
    /Varmvattenmätare\s*1/,
    /Gatewayer\s*1/,
  ]);
});

/** The demo's technical room and its main heat meter. */
async function demoTechnicalRoom(page: Page) {
  const session = await signInThroughApi(page, DEMO_SITE_MANAGER);
  const property = await demoProperty(page.request, session);
  const rooms = await callApi<{ id: string; name: string }[]>(
    page.request,
    session,
    'GET',
    `/api/properties/${property.id}/areas?type=misc`,
  );
  const room = rooms.find((area) => area.name === 'Undercentral');
  if (!room) throw new Error('the demo technical room is missing');
  const devices = await callApi<{ id: string; deviceType: string; main: boolean }[]>(
    page.request,
    session,
    'GET',
    `/api/areas/${room.id}/devices`,
  );
  const heat = devices.find((device) => device.deviceType === 'heat' && device.main);
  if (!heat) throw new Error('the demo main heat meter is missing');
  const roomPath = `/portal/property/${property.id}/area/misc/${room.id}`;
  return { propertyId: property.id, roomPath, heatPath: `${roomPath}/devices/heat/${heat.id}` };
}

test('a member with role user sees the devices read-only and is stopped at adding one', async ({
  page,
  browser,
}) => {
  const { roomPath, heatPath } = await demoTechnicalRoom(page);
  const member = await browser.newPage();
  watchSecrets(member);
  await signInThroughApi(member, DEMO_MEMBER);
  const main = member.getByRole('main');
  await member.goto(`${roomPath}/devices`);
  await expect(heading(member, 'Enheter i Undercentral')).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Värmemätare' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Lägg till enhet' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Importera enheter' })).toHaveCount(0);
  await member.goto(heatPath);
  await expect(main.getByText('KAM70112233')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Redigera enhet' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Ta bort enhet' })).toHaveCount(0);
  await member.goto(`${roomPath}/devices/new`);
  await expect(
    main.getByRole('alert').filter({ hasText: 'Du har inte behörighet att lägga till en enhet' }),
  ).toBeVisible();
  await member.close();
});

/** Every device screen, named, with its heading in Swedish. */
const DEVICE_SCREENS: {
  name: string;
  url: (places: Awaited<ReturnType<typeof demoTechnicalRoom>>) => string;
  heading: string | RegExp;
}[] = [
  {
    name: "the area's devices",
    url: ({ roomPath }) => `${roomPath}/devices`,
    heading: 'Enheter i Undercentral',
  },
  {
    name: "'Add device'",
    url: ({ roomPath }) => `${roomPath}/devices/new`,
    heading: 'Lägg till enhet',
  },
  {
    name: "'Add device' for an electricity meter",
    url: ({ roomPath }) => `${roomPath}/devices/new?type=el`,
    heading: 'Lägg till enhet',
  },
  { name: "a device's page", url: ({ heatPath }) => heatPath, heading: 'Fjärrvärme, huvudmätare' },
  {
    name: 'the import',
    url: ({ roomPath }) => `${roomPath}/devices/import`,
    heading: 'Importera enheter',
  },
  {
    name: 'the device log',
    url: ({ propertyId }) => `/portal/property/${propertyId}/device-log`,
    heading: 'Enhetslogg',
  },
];

// One walk through them all: the sign-in and the look-up of the demo's places are shared, each
// screen still checked on its own, at a desk and on a phone.
test('every device screen has no serious accessibility problems and fits a phone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const places = await demoTechnicalRoom(page);
  for (const screen of DEVICE_SCREENS) {
    await test.step(screen.name, async () => {
      const url = screen.url(places);
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(url);
      await expect(heading(page, screen.heading)).toBeVisible();
      await expect(page.getByRole('main').getByText('Laddar...')).toHaveCount(0);
      await expectNoSeriousAccessibilityProblems(page, url);
      // Opened on a phone, as a phone would (the shell's layout is chosen as the page loads).
      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(heading(page, screen.heading)).toBeVisible();
      await expectNoSidewaysOverflow(page, `${url} at 360 px`);
    });
  }
});
