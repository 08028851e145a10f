// Organizations, properties and areas against the built portal and a real database: a new site
// manager sets up an organization, a property and apartments 1001–1024 in one go, edits and
// deletes one; a member with role user sees it all read-only and is stopped at the create
// screens, and once made a site manager of another organization may change its property alone
// (roles belong to memberships); every new screen in English, at 360 px and without serious
// accessibility problems.
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { inviteThroughApi, registerThroughApi, uniqueAddress } from '../support/accounts';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { expectKitStylesLoaded } from '../support/kit-styles';
import { callApi, demoProperty, PASSWORD, siteManagerWithProperty } from '../support/places';
import { DEMO_MEMBER, DEMO_SITE_MANAGER, signInThroughApi } from '../support/session';

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name });

test('a new site manager creates an organization and a property through the screens', async ({
  page,
}) => {
  const manager = { email: uniqueAddress('vallmon'), password: PASSWORD, name: 'Maja Nilsson' };
  await registerThroughApi(page.request, manager);
  await signInThroughApi(page, manager);
  const main = page.getByRole('main');
  const organizationName = `Brf Vallmon ${Date.now()}`;

  // A new site manager has nothing yet: the dashboard says so and shows the way.
  await page.goto('/portal/');
  await expect(main.getByText('Inga fastigheter')).toBeVisible();
  await main.getByRole('link', { name: 'Ny organisation' }).click();

  await expect(heading(page, 'Ny organisation')).toBeVisible();
  await field(page, 'Namn').fill(organizationName);
  await field(page, 'Adress').fill('Vallmovägen 4, 224 60 Lund');
  await main.getByRole('button', { name: 'Skapa organisation' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'Organisationen har skapats' }),
  ).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: organizationName })).toBeVisible();
  await expectNoSeriousAccessibilityProblems(page, 'organization created');

  await main
    .getByRole('status')
    .filter({ hasText: 'Organisationen har skapats' })
    .getByRole('link', { name: 'Ny fastighet' })
    .click();
  await expect(heading(page, 'Ny fastighet')).toBeVisible();
  await expect(field(page, 'Organisation')).toHaveValue(/.+/);
  await field(page, 'Namn').fill('Vallmon 3');
  await field(page, 'Adress').fill('Vallmovägen 4, 224 60 Lund');
  await field(page, 'Huvudsaklig uppvärmning').selectOption({ label: 'Värmepump' });
  await field(page, 'Tempererad area, Atemp (m²)').fill('1 840,5');
  await field(page, 'Byggår').fill('1974');
  await field(page, 'Geografisk justeringsfaktor, Fgeo').fill('0,9');
  await main.getByRole('button', { name: 'Skapa fastighet' }).click();
  await expect(page).toHaveURL(/\/portal\/property\/[0-9a-f-]+\/overview$/);
  await expect(
    main.getByRole('status').filter({ hasText: 'Fastigheten har skapats' }),
  ).toBeVisible();
  await expect(heading(page, 'Vallmon 3')).toBeVisible();
  await expect(main.getByText('1 840,5 m²')).toBeVisible();
  await expect(main.getByText('Värmepump')).toBeVisible();
});

test('a site manager creates apartments 1001–1024 in one go, and an overlapping range creates nothing', async ({
  page,
}) => {
  const { property } = await siteManagerWithProperty(page);
  const main = page.getByRole('main');
  await page.goto(`/portal/property/${property.id}/overview`);

  // Apartments 1001–1024 in one go, with a preview of what will be made.
  await main.getByRole('link', { name: 'Flera utrymmen' }).click();
  await expect(heading(page, 'Flera utrymmen')).toBeVisible();
  await field(page, 'Typ').selectOption({ label: 'Lägenhet' });
  await field(page, 'Från').fill('1001');
  await field(page, 'Till').fill('1024');
  await expect(main.getByRole('region', { name: 'Det här skapas' })).toContainText(
    '24 lägenheter: 1001–1024',
  );
  await expectNoSeriousAccessibilityProblems(page, 'several areas');
  await main.getByRole('button', { name: 'Skapa utrymmen' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: '24 utrymmen har skapats' }),
  ).toBeVisible();
  const apartments = main.getByRole('region', { name: 'Lägenheter (24)' });
  await expect(apartments.getByRole('link')).toHaveCount(24);

  // The same range again is refused, naming the numbers, and creates nothing.
  await page.goBack();
  await field(page, 'Från').fill('1023');
  await field(page, 'Till').fill('1025');
  await main.getByRole('button', { name: 'Skapa utrymmen' }).click();
  await expect(main.getByRole('alert')).toContainText('1023, 1024');
  await page.goto(`/portal/property/${property.id}/area`);
  await expect(main.getByRole('region', { name: 'Lägenheter (24)' })).toBeVisible();
});

test('a property with 450 apartments shows 200 at a time, and finds one by its number', async ({
  page,
}) => {
  const { property } = await siteManagerWithProperty(page, { from: 1001, to: 1450 });
  const main = page.getByRole('main');
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/properties/${property.id}/areas`)) pages.push(request.url());
  });
  await page.goto(`/portal/property/${property.id}/area`);
  const apartments = (name: string) => main.getByRole('region', { name });
  await expect(apartments('Lägenheter (200 av 450)').getByRole('link')).toHaveCount(200);
  await main.getByRole('button', { name: 'Visa fler utrymmen' }).click();
  await expect(apartments('Lägenheter (400 av 450)').getByRole('link')).toHaveCount(400);
  await main.getByRole('button', { name: 'Visa fler utrymmen' }).click();
  await expect(apartments('Lägenheter (450)').getByRole('link').last()).toHaveText('Lägenhet 1450');
  await expect(main.getByRole('button', { name: 'Visa fler utrymmen' })).toHaveCount(0);
  expect(pages).toHaveLength(3);
  expect(pages[2]).toContain('cursor=');

  // The API searches: the one apartment comes, not the 200 first.
  await main.getByRole('searchbox', { name: 'Sök på namn eller nummer' }).fill('1449');
  await expect(apartments('Lägenheter (1 av 450)').getByRole('link')).toHaveText(['Lägenhet 1449']);
  expect(pages.at(-1)).toContain('q=1449');
  await expect(page).toHaveURL(/\?q=1449$/);
});

test('a site manager edits one apartment and deletes another; every count follows', async ({
  page,
}) => {
  const { property } = await siteManagerWithProperty(page, { from: 1001, to: 1024 });
  const main = page.getByRole('main');
  await page.goto(`/portal/property/${property.id}/area`);

  // Edit one: its floor area.
  await main.getByRole('link', { name: 'Lägenhet 1005' }).click();
  await expect(heading(page, 'Lägenhet 1005')).toBeVisible();
  await main.getByRole('link', { name: 'Redigera utrymme' }).click();
  await field(page, 'Yta (m²)').fill('72,5');
  await main.getByRole('button', { name: 'Spara' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Uppdaterat' })).toBeVisible();
  await expect(main.getByText('72,5 m²')).toBeVisible();
  await page.reload();
  await expect(main.getByText('72,5 m²')).toBeVisible();

  // Delete one: it asks first, and cancelling keeps it.
  await main.getByRole('link', { name: 'Tillbaka till utrymmena' }).click();
  await main.getByRole('link', { name: 'Lägenhet 1024' }).click();
  await main.getByRole('button', { name: 'Ta bort utrymme' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ta bort utrymmet?' });
  await expect(dialog).toContainText('Lägenhet 1024');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(heading(page, 'Lägenhet 1024')).toBeVisible();
  await main.getByRole('button', { name: 'Ta bort utrymme' }).click();
  dialog = page.getByRole('dialog', { name: 'Ta bort utrymmet?' });
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  await expect(
    main.getByRole('status').filter({ hasText: 'Borttagningen lyckades' }),
  ).toBeVisible();
  await expect(main.getByRole('region', { name: 'Lägenheter (23)' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Lägenhet 1024' })).toHaveCount(0);

  // The overview counts what is left; the property list and the dashboard show it, reached
  // through the menu so that nothing is fetched afresh by a page load.
  await main.getByRole('link', { name: 'Fastighetens översikt' }).click();
  const areasOfProperty = main.getByRole('region', { name: 'Utrymmen' });
  await expect(areasOfProperty.getByText('23 utrymmen', { exact: true })).toBeVisible();
  await expect(areasOfProperty.getByRole('link', { name: 'Lägenheter 23' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
  await menu.getByRole('link', { name: 'Fastigheter' }).click();
  await expect(main.getByRole('link', { name: 'Vallmon 3' })).toBeVisible();
  await expect(main.getByText('23 lägenheter')).toBeVisible();
  await menu.getByRole('link', { name: 'Start' }).click();
  await expect(main.getByRole('link', { name: 'Vallmon 3' })).toBeVisible();
  await expect(main.getByText('Inga fastigheter')).toHaveCount(0);
});

test('a member with role user sees the properties and areas read-only and is stopped at the create screens', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A site manager's organization with a property and three apartments, made through the API.
  const manager = await registerThroughApi(page.request, {
    email: uniqueAddress('granne'),
    password: PASSWORD,
    name: 'Nils Granne',
  });
  const organization = await callApi<{ id: string }>(
    page.request,
    manager,
    'POST',
    '/api/organizations',
    { name: `Brf Grannen ${Date.now()}`, address: 'Grannvägen 2, Lund' },
  );
  const property = await callApi<{ id: string }>(page.request, manager, 'POST', '/api/properties', {
    name: 'Grannen 1',
    organizationId: organization.id,
    propertyType: 'multi-dwelling',
  });
  await callApi(page.request, manager, 'POST', `/api/properties/${property.id}/areas/bulk`, {
    areaType: 'apt',
    from: 1,
    to: 3,
    namePrefix: 'Lgh ',
  });
  const member = { email: uniqueAddress('boende'), password: PASSWORD, name: 'Bo Ende' };
  // Invited first as a user of another organization of the manager's too, with a property: both
  // invitations stand, and the member signs up once.
  const ownName = `Brf Annan ${Date.now()}`;
  const own = await callApi<{ id: string }>(page.request, manager, 'POST', '/api/organizations', {
    name: ownName,
  });
  const ownProperty = await callApi<{ id: string }>(
    page.request,
    manager,
    'POST',
    '/api/properties',
    { name: 'Annan 1', organizationId: own.id, propertyType: 'other' },
  );
  await callApi(page.request, manager, 'POST', '/api/user/', {
    email: member.email,
    role: 'user',
    organizationId: own.id,
  });
  const memberSession = await inviteThroughApi(page.request, manager, {
    ...member,
    role: 'user',
    organizationId: organization.id,
  });
  await signInThroughApi(page, member);
  const main = page.getByRole('main');

  await page.goto('/portal/properties');
  await expect(main.getByRole('link', { name: 'Grannen 1' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Ny fastighet' })).toHaveCount(0);

  await main.getByRole('link', { name: 'Grannen 1' }).click();
  await expect(main.getByRole('region', { name: 'Lägenheter (3)' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Nytt utrymme' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Flera utrymmen' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Lgh 2' }).click();
  await expect(heading(page, 'Lgh 2')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Redigera utrymme' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Ta bort utrymme' })).toHaveCount(0);

  await page.goto(`/portal/property/${property.id}/overview`);
  await expect(heading(page, 'Grannen 1')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Redigera fastighet' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Ta bort fastighet' })).toHaveCount(0);

  // SPEC §6's messages at the create screens, with no form to fill.
  await page.goto('/portal/properties/new');
  await expect(main.getByRole('alert')).toContainText(
    'Du har inte behörighet att skapa en fastighet',
  );
  await expect(field(page, 'Namn')).toHaveCount(0);
  await expectNoSeriousAccessibilityProblems(page, 'no permission for a property');
  for (const url of [
    `/portal/property/${property.id}/overview/new-area`,
    `/portal/property/${property.id}/overview/new-area/multiple`,
  ]) {
    await page.goto(url);
    await expect(main.getByRole('alert')).toContainText(
      'Du har inte behörighet att skapa ett utrymme',
    );
    await expect(main.getByRole('button', { name: /^Skapa/ })).toHaveCount(0);
  }
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/portal/properties/new');
  await expect(main.getByRole('alert')).toContainText(
    "You don't have the permissions to create a property",
  );
  await page.goto(`/portal/property/${property.id}/overview/new-area`);
  await expect(main.getByRole('alert')).toContainText(
    "You don't have the permissions to create an area",
  );

  // The server says the same, whatever the screen shows.
  const refused = await page.request.post('/api/properties', {
    headers: { Authorization: `Bearer ${memberSession.accessToken}` },
    data: { name: 'Not mine', organizationId: organization.id, propertyType: 'other' },
  });
  expect(refused.status()).toBe(403);

  // The manager makes the member a site manager of the other organization: there the member may
  // change its property, in Brf Grannen they still only look, and the new-property form offers
  // the organization they manage alone.
  await callApi(page.request, manager, 'PUT', `/api/user/${encodeURIComponent(member.email)}`, {
    role: 'site-manager',
    organizationId: own.id,
  });
  await page.goto(`/portal/property/${ownProperty.id}/overview`);
  await expect(heading(page, 'Annan 1')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Edit property' })).toBeVisible();
  await page.goto(`/portal/property/${property.id}/overview`);
  await expect(heading(page, 'Grannen 1')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Edit property' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Delete property' })).toHaveCount(0);
  await page.goto(`/portal/property/${property.id}/overview/new-area`);
  await expect(main.getByRole('alert')).toContainText(
    "You don't have the permissions to create an area",
  );
  await page.goto('/portal/properties/new');
  const organizationChoice = field(page, 'Organization');
  await expect(organizationChoice).toHaveValue(own.id);
  await expect(organizationChoice.getByRole('option')).toHaveText([ownName]);
});

type DemoPlaces = { propertyId: string; areaId: string };
/** Found once per worker: the demo's ids do not change during a run. */
let demoPlacesFound: DemoPlaces | undefined;

/** Signs in as the demo site manager; answers the demo's property Solrosen 1 and one of its
 * apartments. */
async function demoPlaces(page: Page): Promise<DemoPlaces> {
  const session = await signInThroughApi(page, DEMO_SITE_MANAGER);
  if (demoPlacesFound) return demoPlacesFound;
  const property = await demoProperty(page.request, session);
  const areas = await callApi<{ id: string; number: number | null }[]>(
    page.request,
    session,
    'GET',
    `/api/properties/${property.id}/areas?type=apt`,
  );
  const apartment = areas.find((area) => area.number === 1001);
  if (!apartment) throw new Error('the demo apartment 1001 is missing');
  demoPlacesFound = { propertyId: property.id, areaId: apartment.id };
  return demoPlacesFound;
}

const propertyPath = ({ propertyId }: DemoPlaces) => `/portal/property/${propertyId}`;
const areaPath = (places: DemoPlaces) => `${propertyPath(places)}/area/apt/${places.areaId}`;

/** Every screen this part of the portal adds, with its heading in Swedish and English. */
const NEW_SCREENS: {
  url: (places: DemoPlaces) => string;
  sv: string | RegExp;
  en: string | RegExp;
}[] = [
  {
    url: () => '/portal/',
    sv: /^God (morgon|eftermiddag|kväll)/,
    en: /^Good (morning|afternoon|evening)/,
  },
  { url: () => '/portal/organizations', sv: 'Organisationer', en: 'Organizations' },
  { url: () => '/portal/organizations/new', sv: 'Ny organisation', en: 'New organization' },
  { url: () => '/portal/properties', sv: 'Fastigheter', en: 'Properties' },
  { url: () => '/portal/properties/new', sv: 'Ny fastighet', en: 'New property' },
  { url: propertyPath, sv: 'Solrosen 1', en: 'Solrosen 1' },
  { url: (places) => `${propertyPath(places)}/area`, sv: 'Solrosen 1', en: 'Solrosen 1' },
  { url: (places) => `${propertyPath(places)}/area/apt`, sv: 'Solrosen 1', en: 'Solrosen 1' },
  { url: (places) => `${propertyPath(places)}/overview`, sv: 'Solrosen 1', en: 'Solrosen 1' },
  {
    url: (places) => `${propertyPath(places)}/overview/new-area`,
    sv: 'Nytt utrymme',
    en: 'New area',
  },
  {
    url: (places) => `${propertyPath(places)}/overview/new-area/multiple`,
    sv: 'Flera utrymmen',
    en: 'Several areas',
  },
  {
    url: (places) => `${propertyPath(places)}/overview/edit-property`,
    sv: 'Redigera fastighet',
    en: 'Edit property',
  },
  { url: areaPath, sv: 'Lägenhet 1001', en: 'Apartment 1001' },
  { url: (places) => `${areaPath(places)}/edit-area`, sv: 'Redigera utrymme', en: 'Edit area' },
];

// Walks through the screens in one tab each: the sign-in, the look-up of the demo's places and
// the app's code are shared, each screen still checked on its own (a step of its own). The Swedish
// walk is split in two, so the two workers share it.
const halfway = Math.ceil(NEW_SCREENS.length / 2);
for (const [part, screens] of [
  ['first', NEW_SCREENS.slice(0, halfway)],
  ['second', NEW_SCREENS.slice(halfway)],
] as const) {
  test(`the ${part} half of the screens speaks Swedish, has no serious accessibility problems and fits a phone`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const places = await demoPlaces(page);
    for (const screen of screens) {
      const url = screen.url(places);
      await test.step(screen.url({ propertyId: ':property', areaId: ':area' }), async () => {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.goto(url);
        await expect(heading(page, screen.sv)).toBeVisible();
        await expect(page.getByRole('main').getByText('Laddar...')).toHaveCount(0);
        await expectNoSeriousAccessibilityProblems(page, `${url} (sv)`);
        await expectKitStylesLoaded(page, url);
        // The same page opened on a phone (360 px): nothing may overflow sideways.
        await page.setViewportSize({ width: 360, height: 740 });
        await page.reload();
        await expect(heading(page, screen.sv)).toBeVisible();
        await expect(page.getByRole('main').getByText('Laddar...')).toHaveCount(0);
        await expectNoSidewaysOverflow(page, `${url} at 360 px`);
      });
    }
  });
}

test('every screen speaks English', async ({ page }) => {
  test.setTimeout(120_000);
  const places = await demoPlaces(page);
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  for (const screen of NEW_SCREENS) {
    await test.step(screen.url({ propertyId: ':property', areaId: ':area' }), async () => {
      await page.goto(screen.url(places));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(heading(page, screen.en)).toBeVisible();
      await expect(page.getByRole('main').getByText('Loading...')).toHaveCount(0);
    });
  }
});

test('numbers follow the language: 2 450 m² in Swedish, 2,450 m² in English', async ({ page }) => {
  const places = await demoPlaces(page);
  await page.goto(`${propertyPath(places)}/overview`);
  await expect(page.getByRole('main').getByText('2 450 m²')).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('main').getByText('2,450 m²')).toBeVisible();
});

test('a user of the demo organization sees its properties on the dashboard', async ({ page }) => {
  await signInThroughApi(page, DEMO_MEMBER);
  await page.goto('/portal/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Dina fastigheter' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Solrosen 1' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Solrosen 2' })).toBeVisible();
});
