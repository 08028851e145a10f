// The organization's members against a real API server on loopback: what a site manager and a
// user see (by their role in the organization shown: roles belong to memberships), the pending
// badge, changing a role in that organization, sending an invitation again, removing a member
// after confirming, the API's refusals in words, several organizations, and both languages.

import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import {
  BRF_VALLMON,
  erik,
  karin,
  karinManagingBoth,
  karinManagingSolrosenOnly,
  membership,
  newcomer,
  SOLROSEN,
} from '../../test/people';
import { renderComponent } from '../../test/render';
import { failure, serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import type { ReceivedRequest } from '../../test/test-api';
import OrganizationUsersScreen from './organization-users-screen';

const api = serveTestApi();

const notFound = { statusCode: 404, error: 'Not Found', message: 'User not found.' };

type Reply = { status: number; body?: unknown };

/**
 * Answers like the API: members per organization (each with their role in it), DELETE /user/{id}
 * removes one, PUT /user/{email} changes the role in the organization the body names (400
 * without one) and answers the person with their account's role, and POST …/invitation sends a
 * new link — or each answers with the refusal given.
 */
function actLikeTheApi(
  members: Record<string, User[]>,
  {
    failDelete = false,
    refuseRole,
    refuseResend,
  }: { failDelete?: boolean; refuseRole?: Reply; refuseResend?: Reply } = {},
) {
  const lists = { ...members };
  api.answer((request: ReceivedRequest) => {
    const list = /^\/organizations\/([^/]+)\/users$/.exec(request.url ?? '');
    if (request.method === 'GET' && list?.[1]) return { status: 200, body: lists[list[1]] ?? [] };
    const changed = /^\/user\/([^/]+)$/.exec(request.url ?? '');
    if (request.method === 'PUT' && changed?.[1]) {
      if (refuseRole) return refuseRole;
      const email = decodeURIComponent(changed[1]);
      const { role, organizationId } = request.body as User & { organizationId?: string };
      if (!organizationId)
        return failure(400, 'Name the organization.', { code: 'ORGANIZATION_REQUIRED' });
      const before = lists[organizationId]?.find((member) => member.email === email);
      if (!before) return { status: 404, body: notFound };
      lists[organizationId] = (lists[organizationId] ?? []).map((member) =>
        member === before ? { ...member, role } : member,
      );
      const organizations = before.organizations.map((organization) =>
        organization.id === organizationId ? { ...organization, role } : organization,
      );
      // The account's role, not the one in this organization.
      const accountRole = organizations.some(({ role }) => role === 'site-manager')
        ? 'site-manager'
        : 'user';
      return { status: 200, body: { user: { ...before, role: accountRole, organizations } } };
    }
    if (request.method === 'POST' && /\/users\/[^/]+\/invitation$/.test(request.url ?? ''))
      return refuseResend ?? { status: 202, body: { status: 'accepted' } };
    // From the organization named, as the API does.
    const removed = /^\/user\/([^/?]+)\?organizationId=([^&]+)$/.exec(request.url ?? '');
    if (request.method === 'DELETE' && removed?.[1] && removed[2]) {
      if (failDelete) return { status: 404, body: notFound };
      lists[removed[2]] = (lists[removed[2]] ?? []).filter((member) => member.id !== removed[1]);
      return { status: 204 };
    }
    return { status: 404, body: notFound };
  });
}

const solrosen = { [SOLROSEN.id]: [karin, erik, newcomer] };

function renderUsers(signedIn: User = karin, language: 'sv' | 'en' = 'sv', route = '/') {
  return renderComponent(
    <>
      <OrganizationUsersScreen />
      <ShownLocation />
    </>,
    { store: signedInStore(signedIn), language, route },
  );
}

/** The router's location, for tests to read what the screen keeps in the URL. */
function ShownLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}
const shownLocation = () => screen.getByTestId('location').textContent;

/** The list item of the member whose name (or address) is `name`. */
async function memberItem(name: string) {
  const list = await screen.findByRole('list');
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => within(candidate).queryByText(name) !== null);
  if (!item) throw new Error(`no member ${name}`);
  return item;
}

describe('the members, seen by a site manager', () => {
  it('lists name, address, role and a pending invitation, in Swedish', async () => {
    actLikeTheApi(solrosen);
    renderUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Användare' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Solrosen' })).toBeVisible();
    expect(screen.getByText('3 användare')).toBeVisible();
    expect(api.requests[0]).toMatchObject({
      method: 'GET',
      url: `/organizations/${SOLROSEN.id}/users`,
    });

    const karinItem = await memberItem('Karin Lund');
    expect(karinItem).toHaveTextContent('forvaltare@example.se');
    expect(karinItem).toHaveTextContent('Förvaltare');
    expect(karinItem).toHaveTextContent('Du');
    expect(karinItem).not.toHaveTextContent('Väntar');

    const erikItem = await memberItem('Erik Styrelse');
    expect(erikItem).toHaveTextContent('styrelsen@example.se');
    expect(within(erikItem).getByRole('combobox', { name: 'Roll för Erik Styrelse' })).toHaveValue(
      'user',
    );
    expect(erikItem).not.toHaveTextContent('Väntar');

    const pending = await memberItem('ny.medlem@example.se');
    expect(within(pending).getByText('Väntar')).toBeVisible();
  });

  it("offers 'Bjud in användare', leading to the invitation into the organization shown", async () => {
    actLikeTheApi(solrosen);
    renderUsers();
    expect(screen.getByRole('link', { name: 'Bjud in användare' })).toHaveAttribute(
      'href',
      `/organizations/users/new?organization=${SOLROSEN.id}`,
    );
  });

  it('can remove others but not themselves', async () => {
    actLikeTheApi(solrosen);
    renderUsers();
    expect(await screen.findByRole('button', { name: 'Ta bort Erik Styrelse' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ta bort ny.medlem@example.se' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ta bort Karin Lund' })).not.toBeInTheDocument();
  });

  it("removes a member after confirming, says 'Borttagningen lyckades' and lists the rest", async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Ta bort Erik Styrelse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort användaren?' });
    expect(dialog).toHaveTextContent('Erik Styrelse tas bort från Brf Solrosen');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Borttagningen lyckades');
    expect(api.requests.find((request) => request.method === 'DELETE')?.url).toBe(
      `/user/${erik.id}?organizationId=${SOLROSEN.id}`,
    );
    await waitFor(() => expect(screen.queryByText('Erik Styrelse')).not.toBeInTheDocument());
    expect(screen.getByText('2 användare')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('removes nobody when the confirmation is cancelled', async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Ta bort Erik Styrelse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort användaren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByText('Erik Styrelse')).toBeVisible();
  });

  it("says 'Det gick inte att ta bort' when removing fails", async () => {
    actLikeTheApi(solrosen, { failDelete: true });
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Ta bort Erik Styrelse' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att ta bort');
    expect(screen.getByText('Erik Styrelse')).toBeVisible();
  });
});

describe("a member's role, changed by a site manager", () => {
  it("offers the role of others as 'Förvaltare' or 'Användare', never their own", async () => {
    actLikeTheApi(solrosen);
    renderUsers();
    const role = await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Förvaltare', 'Användare']);
    expect(screen.queryByRole('combobox', { name: 'Roll för Karin Lund' })).not.toBeInTheDocument();
    expect(await memberItem('Karin Lund')).toHaveTextContent('Förvaltare');
  });

  it('saves the whole member with the new role and the organization, says so and shows it', async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' }),
      'Förvaltare',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Erik Styrelse är nu förvaltare.');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe(`/user/${encodeURIComponent(erik.email)}`);
    expect(put?.body).toEqual({ ...erik, role: 'site-manager', organizationId: SOLROSEN.id });
    expect(screen.getByRole('combobox', { name: 'Roll för Erik Styrelse' })).toHaveValue(
      'site-manager',
    );
  });

  it('fetches the members of that organization again afterwards', async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' }),
      'Förvaltare',
    );
    const listFetches = () =>
      api.requests.filter((request) => request.url === `/organizations/${SOLROSEN.id}/users`);
    await waitFor(() => expect(listFetches()).toHaveLength(2));
  });

  it('shows the role in the organization, not the account role the API answers with', async () => {
    // Erik, a site manager of Brf Solrosen, also manages Brf Vallmon: made a user in Solrosen,
    // his account stays a site manager's.
    const erikManagingVallmon: User = {
      ...erik,
      role: 'site-manager',
      organizations: [
        membership(SOLROSEN, 'site-manager'),
        membership(BRF_VALLMON, 'site-manager'),
      ],
    };
    actLikeTheApi({ [SOLROSEN.id]: [karin, erikManagingVallmon] });
    const { user } = renderUsers();
    const role = await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' });
    await user.selectOptions(role, 'Användare');
    expect(await screen.findByRole('status')).toHaveTextContent('Erik Styrelse är nu användare.');
    expect(role).toHaveValue('user');
  });

  it("changes the role in the organization shown, and the member's role in another stays", async () => {
    const erikInBoth: User = {
      ...erik,
      organizations: [membership(SOLROSEN, 'user'), membership(BRF_VALLMON, 'user')],
    };
    actLikeTheApi({ [SOLROSEN.id]: [karin, erikInBoth], [BRF_VALLMON.id]: [karin, erikInBoth] });
    const { user } = renderUsers(
      karinManagingBoth,
      'sv',
      paths.organizationUsers.href(BRF_VALLMON.id),
    );
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' }),
      'Förvaltare',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Erik Styrelse är nu förvaltare.');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      role: 'site-manager',
      organizationId: BRF_VALLMON.id,
    });
    await user.selectOptions(screen.getByLabelText('Organisation'), 'Brf Solrosen');
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Solrosen' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' })).toHaveValue(
      'user',
    );
  });

  it('says the role could not be changed when the API answers 400', async () => {
    actLikeTheApi(solrosen, {
      refuseRole: failure(400, 'Name the organization.', { code: 'ORGANIZATION_REQUIRED' }),
    });
    const { user } = renderUsers();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' }),
      'Förvaltare',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att ändra rollen för Erik Styrelse',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Roll för Erik Styrelse' })).toHaveValue('user'),
    );
  });

  it.each([
    [
      failure(403, 'Forbidden.', { code: 'FORBIDDEN' }),
      'Du har inte behörighet att göra det. Fråga en förvaltare i din organisation.',
    ],
    [failure(404, 'User not found.', { code: 'NOT_FOUND' }), 'Det gick inte att hitta.'],
    [
      failure(429, 'Too many requests.', { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 90 }),
      'För många försök. Försök igen om 2 minuter.',
    ],
  ])('says why when the API answers %j', async (refusal, text) => {
    actLikeTheApi(solrosen, { refuseRole: refusal });
    const { user } = renderUsers();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' }),
      'Förvaltare',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe("a pending member's invitation, sent again", () => {
  it('is offered for pending members only', async () => {
    actLikeTheApi(solrosen);
    renderUsers();
    expect(
      await screen.findByRole('button', { name: 'Skicka inbjudan till ny.medlem@example.se igen' }),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Skicka inbjudan till Erik Styrelse igen' }),
    ).not.toBeInTheDocument();
  });

  it('asks the API for a new link into the organization shown and says it is sent', async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers();
    await user.click(
      await screen.findByRole('button', { name: 'Skicka inbjudan till ny.medlem@example.se igen' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'En ny inbjudan har skickats till ny.medlem@example.se.',
    );
    expect(api.requests.find((request) => request.method === 'POST')?.url).toBe(
      `/organizations/${SOLROSEN.id}/users/${newcomer.id}/invitation`,
    );
  });

  it.each([
    [failure(409, 'Conflict.', { code: 'CONFLICT' }), 'Inbjudan är redan accepterad.'],
    [
      failure(429, 'Too many requests.', { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 30 }),
      'För många försök. Försök igen om 1 minut.',
    ],
    [failure(403, 'Forbidden.', { code: 'FORBIDDEN' }), 'Du har inte behörighet att göra det.'],
  ])('says why the API refused %j', async (refusal, text) => {
    actLikeTheApi(solrosen, { refuseResend: refusal });
    const { user } = renderUsers();
    await user.click(
      await screen.findByRole('button', { name: 'Skicka inbjudan till ny.medlem@example.se igen' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att skicka inbjudan till ny.medlem@example.se');
    expect(alert).toHaveTextContent(text);
  });
});

describe('the members, seen by a site manager of one organization and a user of another', () => {
  const vallmonMembers = { [BRF_VALLMON.id]: [{ ...karin, role: 'user' as const }, erik] };

  it('manages the members of the organization they manage', async () => {
    actLikeTheApi({ ...solrosen, ...vallmonMembers });
    renderUsers(karinManagingSolrosenOnly, 'sv', paths.organizationUsers.href(SOLROSEN.id));
    expect(await screen.findByRole('combobox', { name: 'Roll för Erik Styrelse' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ta bort Erik Styrelse' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bjud in användare' })).toHaveAttribute(
      'href',
      `/organizations/users/new?organization=${SOLROSEN.id}`,
    );
  });

  it('sees the members of the other read-only', async () => {
    actLikeTheApi({ ...solrosen, ...vallmonMembers });
    renderUsers(karinManagingSolrosenOnly, 'sv', paths.organizationUsers.href(BRF_VALLMON.id));
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Vallmon' })).toBeVisible();
    expect(await memberItem('Erik Styrelse')).toHaveTextContent('Användare');
    expect(await memberItem('Karin Lund')).toHaveTextContent('Användare');
    expect(screen.queryByRole('combobox', { name: /^Roll för/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^(Ta bort|Skicka inbjudan)/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bjud in användare' })).not.toBeInTheDocument();
  });
});

describe('the members, seen by a user', () => {
  it('lists them read-only: no invitation, role choice, sending again or removing', async () => {
    actLikeTheApi(solrosen);
    renderUsers(erik);
    expect(await memberItem('Karin Lund')).toHaveTextContent('Förvaltare');
    expect(await memberItem('Erik Styrelse')).toHaveTextContent('Användare');
    expect(screen.queryByRole('link', { name: 'Bjud in användare' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Skicka inbjudan/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ta bort/ })).not.toBeInTheDocument();
  });
});

describe('fetching the members', () => {
  it('says so when it fails, and tries again on request', async () => {
    api.answer(() => ({ status: 500, body: { statusCode: 500, error: 'x', message: 'x' } }));
    const { user } = renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att hämta användarna.',
    );
    actLikeTheApi(solrosen);
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await memberItem('Erik Styrelse')).toBeVisible();
  });

  it('lets a member of several organizations choose one', async () => {
    actLikeTheApi({ ...solrosen, [BRF_VALLMON.id]: [{ ...karin, name: 'Karin L' }] });
    const { user } = renderUsers(karinManagingBoth);
    expect(await memberItem('Erik Styrelse')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Organisation'), 'Brf Vallmon');
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Vallmon' })).toBeVisible();
    expect(await screen.findByText('1 användare')).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe(`/organizations/${BRF_VALLMON.id}/users`);
  });

  it('keeps the chosen organization in the URL', async () => {
    actLikeTheApi({ ...solrosen, [BRF_VALLMON.id]: [] });
    const { user } = renderUsers(karinManagingBoth, 'sv', paths.organizationUsers.href());
    await memberItem('Erik Styrelse');
    expect(shownLocation()).toBe('/organizations/users');
    await user.selectOptions(screen.getByLabelText('Organisation'), 'Brf Vallmon');
    expect(shownLocation()).toBe(`/organizations/users?organization=${BRF_VALLMON.id}`);
    await user.selectOptions(screen.getByLabelText('Organisation'), 'Brf Solrosen');
    expect(shownLocation()).toBe(`/organizations/users?organization=${SOLROSEN.id}`);
    expect(await memberItem('Erik Styrelse')).toBeVisible();
  });

  it('opens on the organization the URL names', async () => {
    actLikeTheApi({ ...solrosen, [BRF_VALLMON.id]: [{ ...karin, name: 'Karin L' }] });
    renderUsers(karinManagingBoth, 'sv', paths.organizationUsers.href(BRF_VALLMON.id));
    expect(screen.getByLabelText('Organisation')).toHaveValue(BRF_VALLMON.id);
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Vallmon' })).toBeVisible();
    expect(await screen.findByText('1 användare')).toBeVisible();
    // Only the named organization's members are fetched, never the first one's on the way.
    expect(api.requests.map((request) => request.url)).toEqual([
      `/organizations/${BRF_VALLMON.id}/users`,
    ]);
  });

  it("opens on the user's first organization when the URL names one they are not in", async () => {
    actLikeTheApi(solrosen);
    renderUsers(
      karinManagingBoth,
      'sv',
      paths.organizationUsers.href('4d3c2b1a-0000-4000-8000-000000000000'),
    );
    expect(screen.getByLabelText('Organisation')).toHaveValue(SOLROSEN.id);
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Solrosen' })).toBeVisible();
    expect(await memberItem('Erik Styrelse')).toBeVisible();
  });

  it('offers no choice to a member of one organization', async () => {
    actLikeTheApi(solrosen);
    renderUsers();
    await memberItem('Erik Styrelse');
    expect(screen.queryByLabelText('Organisation')).not.toBeInTheDocument();
  });

  it('says so when the user is in no organization', () => {
    renderUsers({ ...erik, organizations: [] });
    expect(screen.getByText('Du är inte medlem i någon organisation ännu.')).toBeVisible();
  });
});

describe('in English', () => {
  it("shows 'Site manager', 'User', 'Pending' and 'Invite user'", async () => {
    actLikeTheApi(solrosen);
    renderUsers(karin, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(await memberItem('Karin Lund')).toHaveTextContent('Site manager');
    expect(
      within(await memberItem('Erik Styrelse')).getByRole('combobox', {
        name: 'Role of Erik Styrelse',
      }),
    ).toHaveValue('user');
    expect(within(await memberItem('ny.medlem@example.se')).getByText('Pending')).toBeVisible();
    expect(screen.getByText('3 users')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Invite user' })).toBeVisible();
  });

  it("offers 'Site manager' and 'User' and says a role changed", async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers(karin, 'en');
    const role = await screen.findByRole('combobox', { name: 'Role of Erik Styrelse' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Site manager', 'User']);
    await user.selectOptions(role, 'Site manager');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Erik Styrelse is now a site manager.',
    );
  });

  it("says 'The role of … could not be changed' and why", async () => {
    actLikeTheApi(solrosen, { refuseRole: failure(403, 'x', { code: 'FORBIDDEN' }) });
    const { user } = renderUsers(karin, 'en');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Erik Styrelse' }),
      'Site manager',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The role of Erik Styrelse could not be changed');
    expect(alert).toHaveTextContent('You are not allowed to do that.');
  });

  it("confirms and says 'Successfully deleted'", async () => {
    actLikeTheApi(solrosen);
    const { user } = renderUsers(karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Remove Erik Styrelse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully deleted');
  });

  it("says 'Failed to delete'", async () => {
    actLikeTheApi(solrosen, { failDelete: true });
    const { user } = renderUsers(karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Remove Erik Styrelse' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete');
  });
});
