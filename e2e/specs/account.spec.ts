// The profile and organization-users screens against the built portal and a real database:
// inviting (and the mail it sends), the pending member, removing them, what a user may not do,
// editing the profile (surviving a reload) and its language, English, phones and accessibility.
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { uniqueAddress } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { portalLinkIn, waitForMail } from '../support/mailbox';
import { DEMO_MEMBER, DEMO_SITE_MANAGER, signInThroughApi } from '../support/session';

/** The member list's entry for `text` (a name or an address). */
const memberItem = (page: Page, text: string) =>
  page.getByRole('main').getByRole('listitem').filter({ hasText: text });

const SCREENS = [
  '/portal/profile',
  '/portal/profile/edit',
  '/portal/profile/new',
  '/portal/organizations/users',
  '/portal/organizations/users/new',
];

test('a site manager invites a user, sees them pending, and can remove them again', async ({
  page,
}) => {
  const address = uniqueAddress('inbjuden');
  await signInThroughApi(page, DEMO_SITE_MANAGER);
  await page.goto('/portal/organizations/users/new');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Bjud in användare' })).toBeVisible();
  await expect(main.getByText('Inbjudan gäller Brf Solrosen.')).toBeVisible();

  await main.getByLabel('E-postadress').fill(address);
  await main.getByLabel('Roll').selectOption({ label: 'Användare' });
  await main.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(main.getByRole('status')).toContainText('Användare inbjuden');
  await expect(main.getByRole('status')).toContainText(`En inbjudan har skickats till ${address}.`);
  await expectNoSeriousAccessibilityProblems(page, 'invited');
  expect(portalLinkIn(await waitForMail(address), 'signup')).toContain('/portal/signup/');

  // The same address again: SPEC §8's 'User already exist.'
  await main.getByLabel('E-postadress').fill(address);
  await main.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(main.getByRole('alert')).toHaveText('Användaren finns redan.');
  await expectNoSeriousAccessibilityProblems(page, 'already exists');

  await main.getByRole('link', { name: 'Tillbaka till användarna' }).click();
  await expect(page).toHaveURL(/\/portal\/organizations\/users\?organization=[0-9a-f-]+$/);
  await expect(main.getByRole('heading', { name: 'Medlemmar i Brf Solrosen' })).toBeVisible();
  const invited = memberItem(page, address);
  await expect(invited.getByRole('combobox', { name: `Roll för ${address}` })).toHaveValue('user');
  await expect(invited.getByText('Väntar', { exact: true })).toBeVisible();
  await expect(memberItem(page, 'Karin Lund')).toContainText('Förvaltare');
  await expect(memberItem(page, 'Karin Lund').getByText('Väntar')).toHaveCount(0);

  // Removing asks first, then the member is gone, also after a reload.
  await invited.getByRole('button', { name: `Ta bort ${address}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ta bort användaren?' });
  await expect(dialog).toContainText(address);
  await expectNoSeriousAccessibilityProblems(page, 'confirming');
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  await expect(main.getByRole('status')).toHaveText('Borttagningen lyckades');
  await expectNoSeriousAccessibilityProblems(page, 'removed');
  await expect(memberItem(page, address)).toHaveCount(0);
  await page.reload();
  await expect(memberItem(page, 'Karin Lund')).toBeVisible();
  await expect(memberItem(page, address)).toHaveCount(0);
});

test('a user sees the members but cannot invite or remove anyone', async ({ page }) => {
  await signInThroughApi(page, DEMO_MEMBER);
  await page.goto('/portal/organizations/users');
  const main = page.getByRole('main');
  await expect(memberItem(page, 'Karin Lund')).toContainText('Förvaltare');
  await expect(memberItem(page, 'Erik Styrelse')).toContainText('Användare');
  await expect(main.getByRole('link', { name: 'Bjud in användare' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Ta bort/ })).toHaveCount(0);

  await page.goto('/portal/organizations/users/new');
  await expect(main.getByRole('alert')).toContainText(
    'Du har inte behörighet att bjuda in användare',
  );
  await expect(main.getByLabel('E-postadress')).toHaveCount(0);
  await expectNoSeriousAccessibilityProblems(page, 'no permission');

  await page.goto('/portal/profile');
  await expect(main.getByText('Användare', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Användare i organisationen' })).toHaveCount(0);
});

test('editing the profile: the phone survives a reload, and the language switches the portal', async ({
  page,
}) => {
  const session = await signInThroughApi(page, DEMO_MEMBER);
  const phone = `070-${String(Date.now()).slice(-7)}`;
  try {
    await page.goto('/portal/profile/edit');
    const main = page.getByRole('main');
    await expect(main.getByLabel('Namn')).toHaveValue('Erik Styrelse');
    await main.getByLabel('Telefon').fill(phone);
    await main.getByRole('button', { name: 'Spara' }).click();
    await expect(main.getByRole('status')).toHaveText('Profilen uppdaterad');
    await expectNoSeriousAccessibilityProblems(page, 'updated');

    await page.reload();
    await expect(main.getByLabel('Telefon')).toHaveValue(phone);
    await page.goto('/portal/profile');
    await expect(main.getByText(phone)).toBeVisible();

    await main.getByRole('link', { name: 'Redigera profil' }).click();
    await main.getByRole('radio', { name: 'English' }).check();
    await main.getByRole('button', { name: 'Spara' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    await expect(main.getByRole('status')).toHaveText('Updated profile');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.reload();
    await expect(main.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    await expect(main.getByRole('radio', { name: 'English' })).toBeChecked();
  } finally {
    // The demo member goes back to Swedish, whatever happened above.
    await page.request.put(`/api/user/${encodeURIComponent(DEMO_MEMBER.email)}`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
      data: { language: 'sv' },
    });
  }
});

test('every account screen speaks English', async ({ page }) => {
  await signInThroughApi(page, DEMO_SITE_MANAGER);
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  const main = page.getByRole('main');
  const heading = (name: string) => main.getByRole('heading', { level: 1, name });

  await page.goto('/portal/profile');
  await expect(heading('Profile')).toBeVisible();
  await expect(main.getByText('Site manager', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Users in the organization' })).toBeVisible();

  await page.goto('/portal/profile/edit');
  await expect(heading('Edit profile')).toBeVisible();
  await expect(main.getByRole('group', { name: 'Change password' })).toBeVisible();

  await page.goto('/portal/profile/new');
  await expect(heading('Welcome to the portal!')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Save and continue' })).toBeVisible();

  await page.goto('/portal/organizations/users');
  await expect(heading('Users')).toBeVisible();
  await expect(memberItem(page, 'Karin Lund')).toContainText('Site manager');
  await expect(main.getByRole('link', { name: 'Invite user' })).toBeVisible();

  await page.goto('/portal/organizations/users/new');
  await expect(heading('Invite user')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Send invitation' })).toBeVisible();
});

test('the account screens have no serious accessibility problems', async ({ page }) => {
  await signInThroughApi(page, DEMO_SITE_MANAGER);
  for (const url of SCREENS) {
    await page.goto(url);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Laddar...')).toHaveCount(0);
    await expectNoSeriousAccessibilityProblems(page, url);
  }
});

test.describe('on a phone (360 px wide)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('nothing overflows sideways on the account screens', async ({ page }) => {
    await signInThroughApi(page, DEMO_SITE_MANAGER);
    await page.goto('/portal/organizations/users');
    await expect(memberItem(page, 'Karin Lund')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Bjud in användare' }),
    ).toBeInViewport();
    for (const url of SCREENS) {
      if (url !== '/portal/organizations/users') await page.goto(url);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByText('Laddar...')).toHaveCount(0);
      await expectNoSidewaysOverflow(page, url);
    }
  });
});
