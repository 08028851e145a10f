// The accounts issue's whole path: a site manager invites someone, the mail arrives, and its link
// leads the invited person through signup and their profile to the dashboard.
import { uniqueAddress } from '../support/accounts';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { hasPortalLink, portalLinkIn, waitForMail } from '../support/mailbox';
import { watchSecrets } from '../support/secrets-seen';
import { DEMO_SITE_MANAGER, signInThroughApi } from '../support/session';

test('an invitation by e-mail leads through signup and profile to the dashboard', async ({
  page,
  browser,
}) => {
  const address = uniqueAddress('inbjuden');
  await signInThroughApi(page, DEMO_SITE_MANAGER);
  await page.goto('/portal/organizations/users/new');
  const main = page.getByRole('main');
  await main.getByLabel('E-postadress').fill(address);
  await main.getByLabel('Roll').selectOption({ label: 'Användare' });
  await main.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(main.getByRole('status')).toContainText('Användare inbjuden');

  const link = portalLinkIn(await waitForMail(address, 15_000, hasPortalLink('signup')), 'signup');

  // The invited person, on a device of their own.
  const invitee = await (await browser.newContext()).newPage();
  watchSecrets(invitee);
  await invitee.goto(link);
  await expect(field(invitee, 'E-postadress')).toHaveValue(address);
  await field(invitee, 'Namn').fill('Ines Inbjuden');
  await field(invitee, 'Lösenord').fill('Ett långt eget lösenord');
  await field(invitee, 'Upprepa lösenordet').fill('Ett långt eget lösenord');
  await invitee.getByRole('button', { name: 'Skapa konto' }).click();

  await expect(invitee).toHaveURL(/\/portal\/profile\/new$/);
  await expect(
    invitee.getByRole('heading', { level: 1, name: 'Välkommen till portalen!' }),
  ).toBeVisible();
  await invitee.getByRole('button', { name: 'Spara och fortsätt' }).click();
  await expect(invitee).toHaveURL(/\/portal\/?$/);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(
    /^God (morgon|eftermiddag|kväll), Ines$/,
  );

  // The site manager now sees the member as accepted, no longer pending.
  await page.goto('/portal/organizations/users');
  const member = page.getByRole('main').getByRole('listitem').filter({ hasText: address });
  await expect(member).toContainText('Ines Inbjuden');
  await expect(member.getByText('Väntar', { exact: true })).toHaveCount(0);
  await invitee.context().close();
});
