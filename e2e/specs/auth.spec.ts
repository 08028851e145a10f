// The public account screens against the built portal: signing in, the guard of the shell,
// registering and recovering a password by real e-mail, and sessions whose token expires or ends.

import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { registerThroughApi, uniqueAddress } from '../support/accounts';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { hasPortalLink, portalLinkIn, waitForMail } from '../support/mailbox';
import { DEMO_SITE_MANAGER, signInThroughApi } from '../support/session';
import { expiredAccessToken } from '../support/tokens';

const KARIN_GREETING = /^God (morgon|eftermiddag|kväll), Karin$/;

/** Fills the sign-in form (Swedish) and submits it. */
async function signInOnScreen(page: Page, account: { email: string; password: string }) {
  await field(page, 'E-postadress').fill(account.email);
  await field(page, 'Lösenord').fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('access'),
    session: localStorage.getItem('session'),
    id: localStorage.getItem('id'),
  }));

test('the demo site manager signs in on the sign-in screen and is greeted by name', async ({
  page,
}) => {
  await page.goto('/portal/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  await signInOnScreen(page, DEMO_SITE_MANAGER);
  await expect(page).toHaveURL(/\/portal\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KARIN_GREETING);
  const stored = await storedSession(page);
  expect(stored.access).toBeTruthy();
  expect(stored.session).toBeTruthy();
  expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);

  // Signed in, the sign-in address leads to the dashboard.
  await page.goto('/portal/login');
  await expect(page).toHaveURL(/\/portal\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KARIN_GREETING);
});

test('a wrong password is refused in Swedish', async ({ page }) => {
  await page.goto('/portal/login');
  await signInOnScreen(page, { email: DEMO_SITE_MANAGER.email, password: 'not the password' });
  await expect(page.getByRole('alert')).toHaveText('Fel e-postadress eller lösenord.');
  await expect(page).toHaveURL(/\/portal\/login$/);
  expect((await storedSession(page)).access).toBeNull();
});

test('a signed-out visit to a page leads to sign-in and back to that page', async ({ page }) => {
  await page.goto('/portal/properties');
  await expect(page).toHaveURL(/\/portal\/login\?next=%2Fproperties$/);
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toHaveCount(0);
  await signInOnScreen(page, DEMO_SITE_MANAGER);
  await expect(page).toHaveURL(/\/portal\/properties$/);
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
});

test('a visitor registers by e-mail and the mailed link leads through signup to profile/new', async ({
  page,
}) => {
  const address = uniqueAddress('ny');
  await page.goto('/portal/login');
  await page.getByRole('link', { name: 'Skapa konto' }).click();
  await expect(page).toHaveURL(/\/portal\/signup$/);
  await field(page, 'E-postadress').fill(address);
  await page.getByRole('button', { name: 'Skicka länk' }).click();
  await expect(page.getByRole('status')).toContainText('Kolla din inkorg');
  await expect(page.getByRole('status')).toContainText(address);

  const link = portalLinkIn(await waitForMail(address, 15_000, hasPortalLink('signup')), 'signup');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Skapa ditt konto' })).toBeVisible();
  const email = field(page, 'E-postadress');
  await expect(email).toHaveValue(address);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(
    page.getByText('Minst 8 tecken, inte ett vanligt lösenord och inte din e-postadress.'),
  ).toBeVisible();
  await field(page, 'Namn').fill('Nora Nyström');
  await field(page, 'Telefon (valfritt)').fill('070-765 43 21');
  await field(page, 'Lösenord').fill('Mitt eget långa lösenord');
  await field(page, 'Upprepa lösenordet').fill('Mitt eget långa lösenord');
  await page.getByRole('button', { name: 'Skapa konto' }).click();

  await expect(page).toHaveURL(/\/portal\/profile\/new$/);
  expect((await storedSession(page)).access).toBeTruthy();

  // The link did its job: opened again, it says the account exists before any form, and leads
  // to sign-in with the address filled in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontot finns redan' })).toBeVisible();
  await expect(
    page.getByText(`${address} har redan ett konto i portalen.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skapa konto' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
  await expect(field(page, 'E-postadress')).toHaveValue(address);
});

test('an invitation link that is not valid says so before the form, with a way to a new one', async ({
  page,
}) => {
  await page.goto('/portal/signup/not-a-key/anna%40example.se');
  await expect(page.getByRole('alert')).toContainText('Länken är ogiltig eller har gått ut.');
  await expect(
    page.getByRole('alert').getByRole('link', { name: 'Begär en ny länk' }),
  ).toBeVisible();
  await expect(page.getByLabel('Namn')).toHaveCount(0);
});

test('a forgotten password is reset by e-mail, end to end', async ({ page }) => {
  const account = {
    email: uniqueAddress('glomsk'),
    password: 'Det gamla lösenordet',
    name: 'Gustav Glömsk',
  };
  await registerThroughApi(page.request, account);

  await page.goto('/portal/login');
  await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
  await expect(page).toHaveURL(/\/portal\/reset-password-email$/);
  await field(page, 'E-postadress').fill(account.email);
  await page.getByRole('button', { name: 'Skicka länk' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Om ${account.email} har ett konto är en länk för att välja nytt lösenord på väg.`,
  );

  const mail = await waitForMail(account.email, 15_000, hasPortalLink('reset-password-email'));
  await page.goto(portalLinkIn(mail, 'reset-password-email'));
  await expect(field(page, 'E-postadress')).toHaveValue(account.email);
  await field(page, 'Nytt lösenord').fill('Ett helt nytt lösenord');
  await field(page, 'Upprepa lösenordet').fill('Ett helt nytt lösenord');
  await page.getByRole('button', { name: 'Byt lösenord' }).click();

  await expect(page).toHaveURL(/\/portal\/login$/);
  await expect(
    page.getByText('Lösenordet är ändrat. Logga in med det nya lösenordet.'),
  ).toBeVisible();
  await expect(field(page, 'E-postadress')).toHaveValue(account.email);
  await field(page, 'Lösenord').fill('Ett helt nytt lösenord');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^God (morgon|eftermiddag|kväll), Gustav$/,
  );

  const old = await page.request.post('/api/auth/login/', {
    data: { email: account.email, password: account.password },
  });
  expect(old.status()).toBe(401);
});

test('an access token that expires while the portal is open goes unnoticed', async ({ page }) => {
  // Signed in by the API: the sign-in screen has its own tests above.
  await signInThroughApi(page, DEMO_SITE_MANAGER);
  await page.goto('/portal/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KARIN_GREETING);

  const { id } = await storedSession(page);
  const expired = await expiredAccessToken(id as string, 'site-manager');
  await page.evaluate((token) => localStorage.setItem('access', token), expired);
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/(user|auth\/refresh)\//.test(response.url())) statuses.push(response.status());
  });
  const refreshed = page.waitForResponse(/\/api\/auth\/refresh\/$/);
  await page.reload();

  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KARIN_GREETING);
  await expect(page).toHaveURL(/\/portal\/?$/);
  // The user was asked for with the expired token (418), refreshed, and asked for again.
  expect(statuses).toEqual([418, 200, 200]);
  const stored = await storedSession(page);
  expect(stored.access).toBeTruthy();
  expect(stored.access).not.toBe(expired);
});

test('a session ended elsewhere leads to sign-in with local storage emptied', async ({ page }) => {
  const session = await signInThroughApi(page, DEMO_SITE_MANAGER);
  await page.goto('/portal/properties');
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();

  // Signed out on another device (the refresh token is revoked), and the access token runs out.
  const ended = await page.request.post('/api/auth/logout/', {
    data: { refreshToken: session.refreshToken },
  });
  expect(ended.status()).toBe(204);
  const expired = await expiredAccessToken(session.id, 'site-manager');
  await page.evaluate((token) => localStorage.setItem('access', token), expired);
  const refused = page.waitForResponse(/\/api\/auth\/refresh\/$/);
  await page.reload();
  // SPEC §8: the expired token (418) leads to one refresh, which the ended session fails.
  expect((await refused).status()).toBe(401);

  await expect(page).toHaveURL(/\/portal\/login\?next=%2Fproperties$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  await expect(
    page.getByText('Din inloggning har gått ut. Logga in igen för att fortsätta.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await signInOnScreen(page, DEMO_SITE_MANAGER);
  await expect(page).toHaveURL(/\/portal\/properties$/);
});

const PUBLIC_SCREENS = [
  {
    url: '/portal/login',
    swedish: { heading: 'Logga in', labels: ['E-postadress', 'Lösenord'], button: 'Logga in' },
    english: { heading: 'Sign in', labels: ['E-mail address', 'Password'], button: 'Sign in' },
  },
  {
    url: '/portal/signup',
    swedish: { heading: 'Skapa konto', labels: ['E-postadress'], button: 'Skicka länk' },
    english: { heading: 'Create an account', labels: ['E-mail address'], button: 'Send link' },
  },
  {
    // A link the API does not know: checked on arrival, it offers a new one instead of the form
    // (the form itself: the registration test above).
    url: '/portal/signup/a-key/anna%40example.se',
    swedish: { heading: 'Skapa ditt konto', labels: [], button: '' },
    english: { heading: 'Create your account', labels: [], button: '' },
  },
  {
    url: '/portal/reset-password-email',
    swedish: { heading: 'Återställ lösenordet', labels: ['E-postadress'], button: 'Skicka länk' },
    english: { heading: 'Reset your password', labels: ['E-mail address'], button: 'Send link' },
  },
  {
    url: '/portal/reset-password-email/a-key/anna%40example.se',
    swedish: {
      heading: 'Välj ett nytt lösenord',
      labels: ['E-postadress', 'Nytt lösenord', 'Upprepa lösenordet'],
      button: 'Byt lösenord',
    },
    english: {
      heading: 'Choose a new password',
      labels: ['E-mail address', 'New password', 'Repeat the password'],
      button: 'Change password',
    },
  },
];

test.describe('every public screen, on a phone (360 px wide)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const { url, swedish, english } of PUBLIC_SCREENS) {
    test(`${url} speaks Swedish and English, fits and has no serious accessibility problems`, async ({
      page,
    }) => {
      await page.goto(url);
      for (const [language, texts] of [
        ['sv', swedish],
        ['en', english],
      ] as const) {
        if (language === 'en') await page.getByText('EN', { exact: true }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
        for (const label of texts.labels) await expect(field(page, label)).toBeVisible();
        if (texts.button)
          await expect(page.getByRole('button', { name: texts.button })).toBeVisible();
        await expectNoSidewaysOverflow(page, `${url} (${language})`);
        await expectNoSeriousAccessibilityProblems(page, `${url} (${language})`);
      }
    });
  }
});
