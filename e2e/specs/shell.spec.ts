// The shell as a signed-in user meets it (the demo site manager, Karin). Visitors and the guard:
// auth.spec.ts.
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { registerThroughApi, uniqueAddress } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { DEMO_SITE_MANAGER, openSession, signInThroughApi } from '../support/session';

const SWEDISH_GREETING = /^(God morgon|God eftermiddag|God kväll), Karin$/;
const ENGLISH_GREETING = /^(Good morning|Good afternoon|Good evening), Karin$/;

test.beforeEach(async ({ page }, testInfo) => {
  if (!testInfo.title.startsWith('switching to English'))
    await signInThroughApi(page, DEMO_SITE_MANAGER);
});

test('the portal opens in Swedish at /portal/', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/portal\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SWEDISH_GREETING);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page).toHaveTitle('Start · Fastighetsportalen');
  const navigation = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expect(navigation.getByRole('link', { name: 'Fastigheter' })).toBeVisible();
});

test('switching to English survives a reload', async ({ page }) => {
  // The switch saves to the profile: an account of its own, so the demo's stays Swedish for the
  // other specs.
  await openSession(
    page,
    await registerThroughApi(page.request, {
      email: uniqueAddress('sprak'),
      password: 'Ett långt eget lösenord',
      name: 'Karin',
    }),
  );
  await page.goto('/portal/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SWEDISH_GREETING);
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ENGLISH_GREETING);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Properties' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ENGLISH_GREETING);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Home · Property Portal');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  await page.getByText('SV', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Fastigheter' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('sv');
});

test('an unknown route shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/portal/no/such/page');
  await expect(page.getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  await page.getByRole('link', { name: 'Till startsidan' }).click();
  await expect(page).toHaveURL(/\/portal\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SWEDISH_GREETING);
});

/** The demo's Solrosen 1 and its first apartment, as Karin's session reads them from the API. */
async function demoApartment(page: Page) {
  const session = await page.evaluate(() => localStorage.getItem('access'));
  const headers = { Authorization: `Bearer ${session}` };
  const properties = (await (await page.request.get('/api/properties', { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const property = properties.find((candidate) => candidate.name === 'Solrosen 1');
  if (!property) throw new Error('no Solrosen 1 in the demo');
  const areas = (await (
    await page.request.get(`/api/properties/${property.id}/areas?type=apt`, { headers })
  ).json()) as { id: string }[];
  if (!areas[0]) throw new Error('no apartment in Solrosen 1');
  return { propertyId: property.id, areaId: areas[0].id };
}

test("a deep link into a property loads the app with the property's navigation", async ({
  page,
}) => {
  await page.goto('/portal/');
  const { propertyId, areaId } = await demoApartment(page);
  const response = await page.goto(`/portal/property/${propertyId}/area/apt/${areaId}/devices`);
  expect(response?.status()).toBe(200);
  const navigation = page.getByRole('navigation', { name: 'Huvudmeny' });
  for (const label of [
    'Utrymmen',
    'Jämför',
    'Uppskatta förbrukning',
    'Exportera data',
    'Solceller',
    'WiFi',
    'Enheter',
  ]) {
    await expect(navigation.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(navigation.getByRole('link', { name: 'Enheter' })).toHaveAttribute(
    'href',
    `/portal/property/${propertyId}/area/apt/${areaId}/devices`,
  );
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Enheter i Lägenhet 1001' }),
  ).toBeVisible();

  await navigation.getByRole('link', { name: 'Uppskatta förbrukning' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/property/${propertyId}/usage$`));
});

test("'Loading...' shows while a lazy screen loads", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/dashboard-[^/.]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/portal/');
  await expect(page.getByRole('status')).toHaveText('Laddar...');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SWEDISH_GREETING);
  await expect(page.getByText('Laddar...')).toHaveCount(0);
});

test('a screen whose code cannot be fetched offers a retry that works', async ({ page }) => {
  let failing = true;
  await page.route(/\/assets\/dashboard-[^/.]+\.js$/, (route) =>
    failing ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/portal/');
  await expect(page.getByRole('alert')).toContainText('Sidan kunde inte laddas');
  failing = false;
  await page.getByRole('button', { name: 'Försök igen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SWEDISH_GREETING);
});

test("the profile menu offers 'Edit Profile' and 'Log out'", async ({ page }) => {
  await page.goto('/portal/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SWEDISH_GREETING);
  await page.getByRole('button', { name: 'Profilmeny' }).click();
  await expect(page.getByRole('menu').getByText('Karin Lund')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Redigera profil' })).toBeVisible();
  const loggedOut = page.waitForResponse(/\/api\/auth\/logout\/$/);
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  expect((await loggedOut).status()).toBe(204);
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('access'),
    session: localStorage.getItem('session'),
    id: localStorage.getItem('id'),
  }));
  expect(stored).toEqual({ access: null, session: null, id: null });

  // Signed out, the shell is closed: its pages lead to sign-in again.
  await page.goto('/portal/');
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test.describe('on a phone (360 px wide)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the navigation opens behind the menu button and nothing overflows', async ({ page }) => {
    await page.goto('/portal/');
    const { propertyId } = await demoApartment(page);
    await page.goto(`/portal/property/${propertyId}/usage`);
    const navigation = page.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(navigation.getByRole('link', { name: 'Jämför' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Visa eller dölj menyn' }).click();
    await navigation.getByRole('link', { name: 'Jämför' }).click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(navigation.getByRole('link', { name: 'Jämför' })).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Profilmeny' })).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysOverflow(page, 'menu closed');
  });
});

test('the dashboard and the not-found page have no serious accessibility problems', async ({
  page,
}) => {
  for (const url of ['/portal/', '/portal/no/such/page']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAccessibilityProblems(page, url);
  }
});
