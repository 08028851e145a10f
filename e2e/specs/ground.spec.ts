// The ground under the next features (the items 7 and 8, beside members.spec.ts): the
// language is one setting across browsers; every screen has its own title; a property that does
// not exist gets no property menu; and deleting an area or a property fetches nothing again (no
// 404 from the API, no error in the console).
import type { Page } from '@playwright/test';
import { registerThroughApi, uniqueAddress } from '../support/accounts';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { watchSecrets } from '../support/secrets-seen';
import { openSession } from '../support/session';

const PASSWORD = 'Ett långt eget lösenord';

/** A newly registered site manager (not signed in anywhere yet) and their session. */
async function newSiteManager(page: Page, prefix: string) {
  const account = { email: uniqueAddress(prefix), password: PASSWORD, name: 'Sara Språk' };
  return { account, session: await registerThroughApi(page.request, account) };
}

/** Signs in through the sign-in screen, in Swedish labels. */
async function signInOnScreen(page: Page, account: { email: string; password: string }) {
  await page.goto('/portal/login');
  await field(page, 'E-postadress').fill(account.email);
  await field(page, 'Lösenord').fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

test("the profile's language follows the user to another browser", async ({ page, browser }) => {
  const { account } = await newSiteManager(page, 'sprak');

  // Signed out, the switch changes this browser only: no call saves it.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/user/'))
      saves.push(request.postData() ?? '');
  });
  await page.goto('/portal/login');
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByText('SV', { exact: true }).click();
  expect(saves).toEqual([]);

  // Signed in, switching to English saves it to the profile.
  await signInOnScreen(page, account);
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect.poll(() => saves.length).toBe(1);
  expect(JSON.parse(saves[0] ?? '{}')).toMatchObject({ email: account.email, language: 'en' });

  // Another browser, Swedish until the user signs in; then English, and kept there.
  const other = await (await browser.newContext()).newPage();
  watchSecrets(other);
  await signInOnScreen(other, account);
  await expect(other.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  expect(await other.evaluate(() => localStorage.getItem('language'))).toBe('en');
  await expect(other).toHaveTitle('Home · Property Portal');
  await other.reload();
  await expect(other.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await other.context().close();
});

test('each screen has its own title, with the names of what it shows', async ({ page }) => {
  await page.goto('/portal/login');
  await expect(page).toHaveTitle('Logga in · Fastighetsportalen');
  await page.goto('/portal/reset-password-email');
  await expect(page).toHaveTitle('Återställ lösenordet · Fastighetsportalen');

  const { session } = await newSiteManager(page, 'titel');
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const organization = (await (
    await page.request.post('/api/organizations', {
      headers,
      data: { name: `Brf Titel ${Date.now()}` },
    })
  ).json()) as { id: string };
  const property = (await (
    await page.request.post('/api/properties', {
      headers,
      data: { name: 'Solrosen 1', organizationId: organization.id, propertyType: 'multi-dwelling' },
    })
  ).json()) as { id: string };
  await openSession(page, session);
  await page.goto(`/portal/property/${property.id}/overview`);
  await expect(page).toHaveTitle('Solrosen 1 · Översikt · Fastighetsportalen');
  await page.goto('/portal/organizations/users');
  await expect(page).toHaveTitle('Användare · Fastighetsportalen');
  await page.goto('/portal/no/such/page');
  await expect(page).toHaveTitle('Sidan finns inte · Fastighetsportalen');
});

test('a property that does not exist gets no property menu', async ({ page }) => {
  const { session } = await newSiteManager(page, 'saknas');
  await openSession(page, session);
  await page.goto('/portal/property/00000000-0000-4000-8000-000000000099/overview');
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Fastigheten finns inte' }),
  ).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expect(menu.getByRole('link', { name: 'Fastigheter' })).toBeVisible();
  for (const label of [
    'Utrymmen',
    'Jämför',
    'Uppskatta förbrukning',
    'Exportera data',
    'Solceller',
    'WiFi',
  ])
    await expect(menu.getByRole('link', { name: label })).toHaveCount(0);
});

test('deleting an area and then its property fetches neither again', async ({ page }) => {
  const { session } = await newSiteManager(page, 'radera');
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const organization = (await (
    await page.request.post('/api/organizations', {
      headers,
      data: { name: `Brf Radera ${Date.now()}` },
    })
  ).json()) as { id: string };
  const property = (await (
    await page.request.post('/api/properties', {
      headers,
      data: {
        name: 'Rivningen 1',
        organizationId: organization.id,
        propertyType: 'multi-dwelling',
      },
    })
  ).json()) as { id: string };
  await page.request.post(`/api/properties/${property.id}/areas/bulk`, {
    headers,
    data: { areaType: 'apt', from: 1, to: 2 },
  });
  await openSession(page, session);

  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/'))
      notFound.push(`${response.request().method()} ${response.url()}`);
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  const main = page.getByRole('main');
  await page.goto(`/portal/property/${property.id}/area`);
  await main.getByRole('link', { name: 'Lägenhet 2' }).click();
  await main.getByRole('button', { name: 'Ta bort utrymme' }).click();
  await page
    .getByRole('dialog', { name: 'Ta bort utrymmet?' })
    .getByRole('button', { name: 'Ta bort' })
    .click();
  await expect(
    main.getByRole('status').filter({ hasText: 'Borttagningen lyckades' }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Lägenhet 2' })).toHaveCount(0);

  await page.goto(`/portal/property/${property.id}/overview`);
  await main.getByRole('button', { name: 'Ta bort fastighet' }).click();
  await page
    .getByRole('dialog', { name: 'Ta bort fastigheten?' })
    .getByRole('button', { name: 'Ta bort fastighet' })
    .click();
  await expect(page).toHaveURL(/\/portal\/properties$/);
  await expect(
    main.getByRole('status').filter({ hasText: 'Borttagningen lyckades' }),
  ).toBeVisible();
  // Time for anything that would fetch the deleted items again.
  await page.waitForTimeout(1_000);
  expect(notFound).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
