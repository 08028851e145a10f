// The organization's members against a real API server on loopback: what a site manager and a
// user see, the pending badge, removing a member after confirming, failures, several
// organizations, and both languages.

import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { BRF_VALLMON, erik, karin, newcomer, SOLROSEN } from '../../test/people';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import type { ReceivedRequest } from '../../test/test-api';
import OrganizationUsersScreen from './organization-users-screen';

const api = serveTestApi();

const notFound = { statusCode: 404, error: 'Not Found', message: 'User not found.' };

/** Answers like the API: members per organization, and DELETE /user/{id} removes one. */
function actLikeTheApi(members: Record<string, User[]>, { failDelete = false } = {}) {
  const lists = { ...members };
  api.answer((request: ReceivedRequest) => {
    const list = /^\/organizations\/([^/]+)\/users$/.exec(request.url ?? '');
    if (request.method === 'GET' && list?.[1]) return { status: 200, body: lists[list[1]] ?? [] };
    const removed = /^\/user\/([^/]+)$/.exec(request.url ?? '');
    if (request.method === 'DELETE' && removed?.[1]) {
      if (failDelete) return { status: 404, body: notFound };
      for (const id of Object.keys(lists))
        lists[id] = (lists[id] ?? []).filter((member) => member.id !== removed[1]);
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
    expect(karinItem).toHaveTextContent('Platsansvarig');
    expect(karinItem).toHaveTextContent('Du');
    expect(karinItem).not.toHaveTextContent('Väntar');

    const erikItem = await memberItem('Erik Styrelse');
    expect(erikItem).toHaveTextContent('styrelsen@example.se');
    expect(erikItem).toHaveTextContent('Användare');
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
      `/user/${erik.id}`,
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

describe('the members, seen by a user', () => {
  it('lists them without an invite button or remove buttons', async () => {
    actLikeTheApi(solrosen);
    renderUsers(erik);
    expect(await memberItem('Karin Lund')).toHaveTextContent('Platsansvarig');
    expect(screen.queryByRole('link', { name: 'Bjud in användare' })).not.toBeInTheDocument();
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
    const { user } = renderUsers({ ...karin, organizations: [SOLROSEN, BRF_VALLMON] });
    expect(await memberItem('Erik Styrelse')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Organisation'), 'Brf Vallmon');
    expect(await screen.findByRole('heading', { name: 'Medlemmar i Brf Vallmon' })).toBeVisible();
    expect(await screen.findByText('1 användare')).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe(`/organizations/${BRF_VALLMON.id}/users`);
  });

  it('keeps the chosen organization in the URL', async () => {
    actLikeTheApi({ ...solrosen, [BRF_VALLMON.id]: [] });
    const { user } = renderUsers(
      { ...karin, organizations: [SOLROSEN, BRF_VALLMON] },
      'sv',
      paths.organizationUsers.href(),
    );
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
    renderUsers(
      { ...karin, organizations: [SOLROSEN, BRF_VALLMON] },
      'sv',
      paths.organizationUsers.href(BRF_VALLMON.id),
    );
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
      { ...karin, organizations: [SOLROSEN, BRF_VALLMON] },
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
    expect(await memberItem('Erik Styrelse')).toHaveTextContent('User');
    expect(within(await memberItem('ny.medlem@example.se')).getByText('Pending')).toBeVisible();
    expect(screen.getByText('3 users')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Invite user' })).toBeVisible();
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
