// Creating an organization against a real API server on loopback: what is sent, SPEC §8's
// messages in both languages, the list greeting the new organization, the signed-in user
// fetched again, validation without a request, and a user being told it is for site managers.

import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  NEW_ORGANIZATION_ID,
  organizationsApi,
  solrosen,
  withSlowUser,
} from '../../test/organizations';
import { erik, karin } from '../../test/people';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import OrganizationNewScreen from './organization-new-screen';
import OrganizationsScreen from './organizations-screen';

const api = serveTestApi();

/** The new-organization screen, with the list it leads to. */
function renderNew(signedIn: User = karin, language: 'sv' | 'en' = 'sv') {
  const store = signedInStore(signedIn);
  const rendered = renderComponent(
    <Routes>
      <Route path="/organizations/new" element={<OrganizationNewScreen />} />
      <Route path="/organizations" element={<OrganizationsScreen />} />
    </Routes>,
    { store, language, route: '/organizations/new' },
  );
  return rendered;
}

/** Saving and then opening the list can take over a second on a busy test machine. */
const AFTER_SAVING = { timeout: 5_000 };

const posts = () => api.requests.filter((request) => request.method === 'POST');

describe('a site manager creating an organization (Swedish)', () => {
  it('sends name and address, then greets it on the list and fetches the user again', async () => {
    api.answer(organizationsApi([solrosen], karin));
    const { user, store } = renderNew();
    expect(screen.getByRole('heading', { level: 1, name: 'Ny organisation' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Namn/ }), '  Brf Vallmon ');
    await user.type(screen.getByRole('textbox', { name: /^Adress/ }), 'Vallmovägen 2, Solna');
    await user.click(screen.getByRole('button', { name: 'Skapa organisation' }));

    // The list, once fetched, shows the new organization and greets it.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Brf Vallmon' }, AFTER_SAVING),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Organisationer' })).toBeVisible();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Organisationen har skapats');
    expect(status).toHaveTextContent('Lägg nu till den första fastigheten i Brf Vallmon.');
    expect(within(status).getByRole('link', { name: 'Ny fastighet' })).toHaveAttribute(
      'href',
      '/properties/new',
    );

    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: '/organizations',
      body: { name: 'Brf Vallmon', address: 'Vallmovägen 2, Solna' },
    });
    await waitFor(() =>
      expect(store.getState().user.fetchUser.user?.organizations).toEqual([
        { id: solrosen.id, name: solrosen.name, role: 'site-manager' },
        { id: NEW_ORGANIZATION_ID, name: 'Brf Vallmon', role: 'site-manager' },
      ]),
    );
  });

  it('opens the list only once the user, with the new organization, has been fetched again', async () => {
    // The list's 'Ny fastighet' preselects the organization only if the user is in it by then.
    api.answer(withSlowUser(organizationsApi([solrosen], karin)));
    const { user, store } = renderNew();
    await user.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Brf Vallmon');
    await user.click(screen.getByRole('button', { name: 'Skapa organisation' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Ny organisation' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Skapa organisation' })).toHaveAttribute(
      'data-loading',
    );

    expect(await screen.findByRole('status', undefined, AFTER_SAVING)).toHaveTextContent(
      'Organisationen har skapats',
    );
    expect(store.getState().user.fetchUser.user?.organizations).toContainEqual({
      id: NEW_ORGANIZATION_ID,
      name: 'Brf Vallmon',
      // Whoever creates an organization manages it.
      role: 'site-manager',
    });
  });

  it('sends nothing without a name, and says why', async () => {
    api.answer(organizationsApi([], karin));
    const { user } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Skapa organisation' }));
    expect(screen.getByRole('textbox', { name: /^Namn/ })).toHaveAccessibleDescription(
      expect.stringContaining('Skriv ett namn.'),
    );
    expect(posts()).toHaveLength(0);
  });

  it('sends nothing with an address over 300 characters', async () => {
    api.answer(organizationsApi([], karin));
    const { user } = renderNew();
    await user.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Brf Vallmon');
    const address = screen.getByRole('textbox', { name: /^Adress/ });
    await user.click(address);
    await user.paste('x'.repeat(301));
    await user.click(screen.getByRole('button', { name: 'Skapa organisation' }));
    expect(address).toHaveAccessibleDescription(
      expect.stringContaining('Adressen får ha högst 300 tecken.'),
    );
    expect(posts()).toHaveLength(0);
  });

  it('sends nothing with a character that cannot be stored, pasted into the name, and says so', async () => {
    api.answer(organizationsApi([], karin));
    const { user } = renderNew();
    const name = screen.getByRole('textbox', { name: /^Namn/ });
    await user.click(name);
    await user.paste('Brf\u0000Vallmon');
    await user.click(screen.getByRole('button', { name: 'Skapa organisation' }));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('Texten innehåller ett tecken som inte kan sparas'),
    );
    expect(posts()).toHaveLength(0);
  });

  it("says 'Det gick inte att skapa organisationen' and keeps the form when it fails", async () => {
    api.answer(organizationsApi([], karin, { fail: 'POST' }));
    const { user } = renderNew();
    await user.type(screen.getByRole('textbox', { name: /^Namn/ }), 'Brf Vallmon');
    await user.click(screen.getByRole('button', { name: 'Skapa organisation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att skapa organisationen',
    );
    expect(screen.getByRole('textbox', { name: /^Namn/ })).toHaveValue('Brf Vallmon');
    // Nothing changed, so nothing is fetched again.
    expect(api.requests.some((request) => request.url === `/user/${karin.id}`)).toBe(false);
  });

  it('links back to the organizations', () => {
    renderNew();
    expect(screen.getByRole('link', { name: 'Tillbaka till organisationerna' })).toHaveAttribute(
      'href',
      '/organizations',
    );
  });
});

describe('a site manager creating an organization (English)', () => {
  async function create(fail?: 'POST') {
    api.answer(organizationsApi([], karin, { fail }));
    const { user } = renderNew(karin, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'New organization' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Brf Vallmon');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
  }

  it("says 'Organization created'", async () => {
    await create();
    expect(await screen.findByText('Organization created', undefined, AFTER_SAVING)).toBeVisible();
  });

  it("says 'Failed to create organization'", async () => {
    await create('POST');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create organization');
  });

  it("says 'Enter a name.' when the name is missing", async () => {
    api.answer(organizationsApi([], karin));
    const { user } = renderNew(karin, 'en');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a name.'),
    );
  });
});

describe('a user at organizations/new', () => {
  it('is told that only site managers create organizations, with no form', () => {
    renderNew(erik);
    expect(screen.getByRole('alert')).toHaveTextContent('Bara förvaltare kan skapa organisationer');
    expect(screen.queryByRole('textbox', { name: /^Namn/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skapa organisation' })).not.toBeInTheDocument();
  });

  it('is told so in English', () => {
    renderNew(erik, 'en');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only site managers can create organizations',
    );
  });
});
