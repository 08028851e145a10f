// The organizations list against a real API server on loopback: what site managers and users
// see (each organization's own role deciding who edits and deletes it), editing, deleting after a
// confirmation that names what goes with it, the signed-in user fetched again after a change,
// failures, the empty list, and both languages.

import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  organization,
  organizationsApi,
  solrosen,
  vallmon,
  withSlowUser,
} from '../../test/organizations';
import {
  erik,
  karin,
  karinManagingBoth,
  karinManagingSolrosenOnly,
  membership,
} from '../../test/people';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import OrganizationsScreen from './organizations-screen';

const api = serveTestApi();

function renderList(signedIn: User = karinManagingBoth, language: 'sv' | 'en' = 'sv') {
  const store = signedInStore(signedIn);
  return renderComponent(<OrganizationsScreen />, { store, language });
}

/** The list item of the organization named `name`. */
async function item(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  const listItem = heading.closest('li');
  if (!listItem) throw new Error(`${name} is not in a list item`);
  return listItem;
}

const requestsOf = (method: string) => api.requests.filter((request) => request.method === method);
const userFetches = () => api.requests.filter((request) => request.url === `/user/${karin.id}`);

describe('the organizations, seen by a site manager', () => {
  it('lists name, address and counts in Swedish, sorted by name', async () => {
    api.answer(organizationsApi([vallmon, solrosen], karinManagingBoth));
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Organisationer' })).toBeVisible();
    const solrosenItem = await item('Brf Solrosen');
    expect(solrosenItem).toHaveTextContent('Solrosvägen 1, 123 45 Solna');
    expect(solrosenItem).toHaveTextContent('3 fastigheter · 5 medlemmar');
    const vallmonItem = await item('Brf Vallmon');
    expect(vallmonItem).toHaveTextContent('Ingen adress angiven');
    expect(vallmonItem).toHaveTextContent('1 fastighet · 1 medlem');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Brf Solrosen', 'Brf Vallmon']);
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/organizations' });
  });

  it("formats large counts the Swedish way: '1 200 fastigheter'", async () => {
    api.answer(organizationsApi([organization({ propertyCount: 1200 })], karin));
    renderList(karin);
    expect(await item('Brf Solrosen')).toHaveTextContent('1 200 fastigheter');
  });

  it("offers 'Ny organisation' and each organization's users", async () => {
    api.answer(organizationsApi([solrosen, vallmon], karinManagingBoth));
    renderList();
    expect(screen.getByRole('link', { name: 'Ny organisation' })).toHaveAttribute(
      'href',
      '/organizations/new',
    );
    // Each link names its organization, which the users screen then opens on.
    const solrosenUsers = within(await item('Brf Solrosen')).getByRole('link', {
      name: 'Användare i Brf Solrosen',
    });
    expect(solrosenUsers).toHaveAttribute(
      'href',
      `/organizations/users?organization=${solrosen.id}`,
    );
    const vallmonUsers = within(await item('Brf Vallmon')).getByRole('link', {
      name: 'Användare i Brf Vallmon',
    });
    expect(vallmonUsers).toHaveAttribute('href', `/organizations/users?organization=${vallmon.id}`);
  });

  it("edits the name and address, says 'Uppdaterat' and fetches the user again", async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user, store } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Redigera Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera organisation' });
    const name = within(dialog).getByRole('textbox', { name: /^Namn/ });
    expect(name).toHaveValue('Brf Solrosen');
    const address = within(dialog).getByRole('textbox', { name: /^Adress/ });
    expect(address).toHaveValue('Solrosvägen 1, 123 45 Solna');
    await user.clear(name);
    await user.type(name, '  Brf Solrosen 2  ');
    await user.clear(address);
    await user.type(address, 'Solrosvägen 3');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Uppdaterat');
    expect(requestsOf('PUT')).toHaveLength(1);
    expect(requestsOf('PUT')[0]).toMatchObject({
      url: `/organizations/${solrosen.id}`,
      body: { name: 'Brf Solrosen 2', address: 'Solrosvägen 3' },
    });
    expect(await item('Brf Solrosen 2')).toHaveTextContent('Solrosvägen 3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(store.getState().user.fetchUser.user?.organizations).toEqual([
        { id: solrosen.id, name: 'Brf Solrosen 2', role: 'site-manager' },
      ]),
    );
    expect(userFetches()).toHaveLength(1);
  });

  it("says 'Uppdaterat' only once the user has been fetched again", async () => {
    api.answer(withSlowUser(organizationsApi([solrosen], karin)));
    const { user, store } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Redigera Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera organisation' });
    const name = within(dialog).getByRole('textbox', { name: /^Namn/ });
    await user.clear(name);
    await user.type(name, 'Brf Solrosen 2');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(requestsOf('PUT')).toHaveLength(1));
    // Busy meanwhile, so it is not sent twice.
    expect(within(dialog).getByRole('button', { name: 'Spara' })).toHaveAttribute('data-loading');

    expect(await screen.findByRole('status')).toHaveTextContent('Uppdaterat');
    expect(store.getState().user.fetchUser.user?.organizations).toEqual([
      { id: solrosen.id, name: 'Brf Solrosen 2', role: 'site-manager' },
    ]);
  });

  it('sends nothing while the name is empty, and says why', async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Redigera Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /^Namn/ });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Skriv ett namn.'));
    expect(requestsOf('PUT')).toHaveLength(0);
  });

  it("keeps the dialog open with 'Det gick inte att uppdatera' when saving fails", async () => {
    api.answer(organizationsApi([solrosen], karin, { fail: 'PUT' }));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Redigera Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Namn/ }), ' X');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Det gick inte att uppdatera',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Namn/ })).toHaveValue('Brf Solrosen X');
    expect(userFetches()).toHaveLength(0);
  });

  it('edits nothing when the dialog is cancelled', async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Redigera Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsOf('PUT')).toHaveLength(0);
  });

  it('names the properties that go with a deleted organization', async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Ta bort Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort organisationen?' });
    expect(dialog).toHaveTextContent(
      'Brf Solrosen tas bort tillsammans med sina 3 fastigheter och alla deras utrymmen.',
    );
    expect(dialog).toHaveTextContent('Det går inte att ångra.');
  });

  it.each([
    [1, 'Brf Solrosen tas bort tillsammans med sin fastighet och fastighetens utrymmen.'],
    [0, 'Brf Solrosen tas bort. Den har inga fastigheter.'],
  ])('words the confirmation for %i properties', async (propertyCount, text) => {
    api.answer(organizationsApi([organization({ propertyCount })], karin));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Ta bort Brf Solrosen' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(text);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Ta bort Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsOf('DELETE')).toHaveLength(0);
    expect(await item('Brf Solrosen')).toBeVisible();
  });

  it("deletes after confirming, says 'Borttagningen lyckades' and fetches the user again", async () => {
    api.answer(organizationsApi([solrosen, vallmon], karinManagingBoth));
    const { user, store } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Ta bort Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort organisationen' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Borttagningen lyckades');
    expect(requestsOf('DELETE').map((request) => request.url)).toEqual([
      `/organizations/${solrosen.id}`,
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Brf Solrosen' })).not.toBeInTheDocument(),
    );
    expect(await item('Brf Vallmon')).toBeVisible();
    await waitFor(() =>
      expect(store.getState().user.fetchUser.user?.organizations).toEqual([
        membership(vallmon, 'site-manager'),
      ]),
    );
  });

  it("says 'Borttagningen lyckades' only once the user has been fetched again", async () => {
    api.answer(withSlowUser(organizationsApi([solrosen, vallmon], karinManagingBoth)));
    const { user, store } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Ta bort Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort organisationen' }));
    await waitFor(() => expect(requestsOf('DELETE')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Ta bort organisationen' })).toHaveAttribute(
      'data-loading',
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Borttagningen lyckades');
    expect(store.getState().user.fetchUser.user?.organizations).toEqual([
      membership(vallmon, 'site-manager'),
    ]);
  });

  it("says 'Det gick inte att ta bort' when deleting fails, and keeps the organization", async () => {
    api.answer(organizationsApi([solrosen], karin, { fail: 'DELETE' }));
    const { user } = renderList(karin);
    await user.click(await screen.findByRole('button', { name: 'Ta bort Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort organisationen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att ta bort');
    expect(await item('Brf Solrosen')).toBeVisible();
    expect(userFetches()).toHaveLength(0);
  });

  it('invites a site manager without organizations to create one', async () => {
    api.answer(organizationsApi([], { ...karin, organizations: [] }));
    renderList({ ...karin, organizations: [] });
    expect(await screen.findByText('Inga organisationer ännu')).toBeVisible();
    expect(screen.getByText(/Skapa er bostadsrättsförening/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ny organisation' })).toBeVisible();
  });
});

describe('the organizations of someone who manages one and not the other', () => {
  it('offers editing and deleting only the organization they manage', async () => {
    api.answer(organizationsApi([solrosen, vallmon], karinManagingSolrosenOnly));
    renderList(karinManagingSolrosenOnly);
    const managed = await item('Brf Solrosen');
    expect(within(managed).getByRole('button', { name: 'Redigera Brf Solrosen' })).toBeVisible();
    expect(within(managed).getByRole('button', { name: 'Ta bort Brf Solrosen' })).toBeVisible();
    const joined = await item('Brf Vallmon');
    expect(within(joined).getByRole('link', { name: 'Användare i Brf Vallmon' })).toBeVisible();
    expect(within(joined).queryByRole('button')).not.toBeInTheDocument();
    // Managing one is enough to start another.
    expect(screen.getByRole('link', { name: 'Ny organisation' })).toBeVisible();
  });

  it('offers neither to someone who is a user in every one of theirs', async () => {
    const userInBoth = {
      ...erik,
      organizations: [membership(solrosen, 'user'), membership(vallmon, 'user')],
    };
    api.answer(organizationsApi([solrosen, vallmon], userInBoth));
    renderList(userInBoth);
    await item('Brf Vallmon');
    expect(screen.queryByRole('button', { name: /^(Redigera|Ta bort)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ny organisation' })).not.toBeInTheDocument();
  });
});

describe('the organizations, seen by a user', () => {
  it('lists them read-only, with the way to their users', async () => {
    api.answer(organizationsApi([solrosen], erik));
    renderList(erik);
    const solrosenItem = await item('Brf Solrosen');
    expect(solrosenItem).toHaveTextContent('3 fastigheter · 5 medlemmar');
    expect(
      within(solrosenItem).getByRole('link', { name: 'Användare i Brf Solrosen' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ny organisation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Redigera/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ta bort/ })).not.toBeInTheDocument();
  });

  it('is told how to join when in no organization', async () => {
    api.answer(organizationsApi([], { ...erik, organizations: [] }));
    renderList({ ...erik, organizations: [] });
    expect(await screen.findByText(/En förvaltare kan bjuda in dig/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ny organisation' })).not.toBeInTheDocument();
  });
});

describe('fetching the organizations', () => {
  it("says 'Något gick fel' when it fails, and tries again on request", async () => {
    api.answer(organizationsApi([solrosen], karin, { fail: 'GET' }));
    const { user } = renderList(karin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta organisationerna.');
    api.answer(organizationsApi([solrosen], karin));
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await item('Brf Solrosen')).toBeVisible();
  });
});

describe('an answer that is not a list of organizations', () => {
  it("says 'Något gick fel' instead of crashing (a proxy's page answered with 200)", async () => {
    api.answer(() => ({ status: 200, body: { id: karin.id } }));
    renderList(karin);
    expect(await screen.findByRole('alert')).toHaveTextContent('Något gick fel');
    expect(screen.getByRole('heading', { level: 1, name: 'Organisationer' })).toBeVisible();
  });
});

describe('in English', () => {
  it('shows the list with English counts', async () => {
    api.answer(organizationsApi([solrosen, vallmon], karinManagingBoth));
    renderList(karinManagingBoth, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
    expect(await item('Brf Solrosen')).toHaveTextContent('3 properties · 5 members');
    expect(await item('Brf Vallmon')).toHaveTextContent('No address given');
    expect(await item('Brf Vallmon')).toHaveTextContent('1 property · 1 member');
    expect(screen.getByRole('link', { name: 'New organization' })).toBeVisible();
  });

  it("says 'Updated' and 'Failed to update'", async () => {
    api.answer(organizationsApi([solrosen], karin, { fail: 'PUT' }));
    const { user } = renderList(karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Edit Brf Solrosen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update');

    api.answer(organizationsApi([solrosen], karin));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Updated');
  });

  it("confirms naming the properties, then says 'Successfully deleted'", async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user } = renderList(karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Delete Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete organization?' });
    expect(dialog).toHaveTextContent(
      'Brf Solrosen will be deleted together with its 3 properties and all their areas.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete organization' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully deleted');
  });

  it("says 'Failed to delete'", async () => {
    api.answer(organizationsApi([solrosen], karin, { fail: 'DELETE' }));
    const { user } = renderList(karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Delete Brf Solrosen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete organization' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete');
  });

  it("says 'Something went wrong' when the list cannot be fetched", async () => {
    api.answer(organizationsApi([], karin, { fail: 'GET' }));
    renderList(karin, 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
