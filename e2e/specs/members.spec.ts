// The members of an organization (docs/accounts.md, 'People and roles'): a site manager reaches
// them from the main menu, invites someone, sends the invitation again (a second mail, the first
// link retired), and once the member has signed up makes them Förvaltare and back; roles belong to
// memberships, so the member who starts an organization of their own manages it whatever their
// role in the first, and sees each one's members as their role there allows; a user sees the list
// read-only.
import { registerThroughApi, uniqueAddress } from '../support/accounts';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { hasPortalLink, mailsTo, portalLinkIn, waitForMail } from '../support/mailbox';
import { rememberSecret, watchSecrets } from '../support/secrets-seen';
import { openSession, signInThroughApi } from '../support/session';

const PASSWORD = 'Ett långt eget lösenord';

test('a site manager invites, sends again and changes roles in their organization only', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A site manager of an organization of their own, so the demo's members stay as they are.
  const manager = {
    email: uniqueAddress('forvaltare'),
    password: PASSWORD,
    name: 'Maja Förvaltare',
  };
  const session = await registerThroughApi(page.request, manager);
  const managerOrganization = `Brf Medlem ${Date.now()}`;
  const created = await page.request.post('/api/organizations', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { name: managerOrganization },
  });
  expect(created.status()).toBe(201);
  const { id: managerOrganizationId } = (await created.json()) as { id: string };
  await openSession(page, session);

  // From the main menu to the users, and on to the invitation.
  await page.goto('/portal/');
  await page
    .getByRole('navigation', { name: 'Huvudmeny' })
    .getByRole('link', { name: 'Användare' })
    .click();
  await expect(page).toHaveURL(/\/portal\/organizations\/users$/);
  await expect(page).toHaveTitle('Användare · Fastighetsportalen');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Bjud in användare' }).click();
  const address = uniqueAddress('medlem');
  await main.getByLabel('E-postadress').fill(address);
  await main.getByLabel('Roll').selectOption({ label: 'Användare' });
  await main.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(main.getByRole('status')).toContainText('Användare inbjuden');
  const firstLink = portalLinkIn(
    await waitForMail(address, 15_000, hasPortalLink('signup')),
    'signup',
  );

  // Pending; sent again: a second mail with a new link, the first one retired.
  await page.goto('/portal/organizations/users');
  const member = main.getByRole('listitem').filter({ hasText: address });
  await expect(member.getByText('Väntar', { exact: true })).toBeVisible();
  await member.getByRole('button', { name: `Skicka inbjudan till ${address} igen` }).click();
  await expect(main.getByRole('status')).toContainText(
    `En ny inbjudan har skickats till ${address}.`,
  );
  await expect
    .poll(() => mailsTo(address, hasPortalLink('signup')).length, { timeout: 15_000 })
    .toBe(2);
  const secondLink = portalLinkIn(mailsTo(address, hasPortalLink('signup'))[1] ?? '', 'signup');
  expect(secondLink).not.toBe(firstLink);

  // The member, on a device of their own: the first link no longer works, the second does.
  const invitee = await (await browser.newContext()).newPage();
  watchSecrets(invitee);
  await invitee.goto(firstLink);
  await expect(invitee.getByRole('alert')).toContainText('Länken är ogiltig eller har gått ut.');
  await invitee.goto(secondLink);
  await field(invitee, 'Namn').fill('Mats Medlem');
  await field(invitee, 'Lösenord').fill(PASSWORD);
  await field(invitee, 'Upprepa lösenordet').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(invitee).toHaveURL(/\/portal\/profile\/new$/);

  // As a user, the member sees the members read-only.
  await invitee.goto('/portal/organizations/users');
  const inviteeMain = invitee.getByRole('main');
  await expect(
    inviteeMain.getByRole('listitem').filter({ hasText: 'Maja Förvaltare' }),
  ).toContainText('Förvaltare');
  await expect(inviteeMain.getByRole('combobox')).toHaveCount(0);
  await expect(inviteeMain.getByRole('button', { name: /^(Skicka inbjudan|Ta bort)/ })).toHaveCount(
    0,
  );
  await expect(inviteeMain.getByRole('link', { name: 'Bjud in användare' })).toHaveCount(0);

  // The link did its job: opened again, it says the account exists and leads to sign-in.
  await invitee.goto(secondLink);
  await expect(
    invitee.getByRole('heading', { level: 1, name: 'Kontot finns redan' }),
  ).toBeVisible();
  await invitee.context().close();

  // The site manager makes the member Förvaltare, and back.
  await page.reload();
  const joined = main.getByRole('listitem').filter({ hasText: address });
  await expect(joined).toContainText('Mats Medlem');
  await expect(joined.getByText('Väntar', { exact: true })).toHaveCount(0);
  const role = joined.getByRole('combobox', { name: 'Roll för Mats Medlem' });
  await role.selectOption({ label: 'Förvaltare' });
  await expect(main.getByRole('status')).toHaveText('Mats Medlem är nu förvaltare.');
  await page.reload();
  await expect(role).toHaveValue('site-manager');
  await role.selectOption({ label: 'Användare' });
  await expect(main.getByRole('status')).toHaveText('Mats Medlem är nu användare.');
  await expect(role).toHaveValue('user');

  // Made Förvaltare again, the member starts an organization of their own, where they are the
  // site manager. Made a user here, they stay the site manager there: a role belongs to one
  // organization (and demoting the only site manager of theirs is no longer refused).
  await role.selectOption({ label: 'Förvaltare' });
  await expect(main.getByRole('status')).toHaveText('Mats Medlem är nu förvaltare.');
  const signedIn = await page.request.post('/api/auth/login/', {
    data: { email: address, password: PASSWORD },
  });
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  rememberSecret(accessToken, 'access token');
  const ownName = `Brf Egen ${Date.now()}`;
  const own = await page.request.post('/api/organizations', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name: ownName },
  });
  expect(own.status()).toBe(201);
  const { id: ownId } = (await own.json()) as { id: string };
  await role.selectOption({ label: 'Användare' });
  await expect(main.getByRole('status')).toHaveText('Mats Medlem är nu användare.');
  await page.reload();
  await expect(role).toHaveValue('user');

  // The member's profile shows both roles; the users screen lets them manage their own
  // organization's members and only look at the first one's.
  const memberPage = await (await browser.newContext()).newPage();
  watchSecrets(memberPage);
  await signInThroughApi(memberPage, { email: address, password: PASSWORD });
  await memberPage.goto('/portal/profile');
  const memberMain = memberPage.getByRole('main');
  const memberships = memberMain.getByRole('listitem');
  await expect(memberships.filter({ hasText: ownName })).toContainText('Förvaltare');
  await expect(memberships.filter({ hasText: managerOrganization })).toContainText('Användare');
  await memberPage.goto(`/portal/organizations/users?organization=${ownId}`);
  await expect(memberMain.getByRole('link', { name: 'Bjud in användare' })).toBeVisible();
  await memberPage.goto(`/portal/organizations/users?organization=${managerOrganizationId}`);
  await expect(
    memberMain.getByRole('heading', { name: `Medlemmar i ${managerOrganization}` }),
  ).toBeVisible();
  await expect(memberMain.getByRole('listitem').filter({ hasText: 'Mats Medlem' })).toContainText(
    'Användare',
  );
  await expect(memberMain.getByRole('combobox', { name: /^Roll för/ })).toHaveCount(0);
  await expect(memberMain.getByRole('link', { name: 'Bjud in användare' })).toHaveCount(0);
  await memberPage.context().close();
});
