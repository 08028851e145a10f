// The properties list against a real API server on loopback: what it shows per property, the
// search, 'New property' for site managers only, the empty list and failures, in both languages.

import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { erik, karin, karinManagingBoth } from '../../../test/people';
import { propertiesApi, property, solrosen1, solrosen2, vallmon } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import PropertiesScreen from './properties-screen';

const api = serveTestApi();
/** Searching waits for typing to pause (300 ms) and then for the API: give it time to. */
const SEARCH_WAIT = { timeout: 5000 };

function renderList(signedIn: User = karinManagingBoth, language: 'sv' | 'en' = 'sv') {
  return renderComponent(<PropertiesScreen />, { store: signedInStore(signedIn), language });
}

/** The list item of the property named `name`. */
async function item(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  const listItem = heading.closest('li');
  if (!listItem) throw new Error(`${name} is not in a list item`);
  return listItem;
}

const shownNames = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the properties (Swedish)', () => {
  it('lists type, address, organization and areas, sorted by name', async () => {
    api.answer(propertiesApi([vallmon, solrosen2, solrosen1]));
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Fastigheter' })).toBeVisible();
    const first = await item('Solrosen 1');
    expect(first).toHaveTextContent('Solrosvägen 1, 123 45 Solna');
    expect(first).toHaveTextContent('Flerbostadshus · Brf Solrosen');
    expect(first).toHaveTextContent('24 lägenheter, 1 cykelrum, 2 entréer, 1 tvättstuga');
    expect(within(first).getByRole('link', { name: 'Solrosen 1' })).toHaveAttribute(
      'href',
      `/property/${solrosen1.id}`,
    );
    expect(await item('Vallmon')).toHaveTextContent('Lokaler · Brf Vallmon');
    expect(await item('Vallmon')).toHaveTextContent('1 övrigt utrymme');
    expect(await item('Solrosen 2')).toHaveTextContent('Inga utrymmen ännu');
    expect(shownNames()).toEqual(['Solrosen 1', 'Solrosen 2', 'Vallmon']);
    expect(screen.getByText('3 fastigheter')).toBeVisible();
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: '/properties' });
  });

  it('shows the list without waiting for the signed-in user, and the button once the user is in', async () => {
    let releaseUser: () => void = () => {};
    const userHeld = new Promise<void>((resolve) => {
      releaseUser = resolve;
    });
    const properties = propertiesApi([solrosen1]);
    api.answer(async (request) => {
      if (!request.url?.startsWith('/user/')) return properties(request);
      await userHeld;
      return { status: 200, body: karinManagingBoth };
    });
    renderComponent(<PropertiesScreen />, { store: signedInStore(null) });

    expect(await item('Solrosen 1')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ny fastighet' })).not.toBeInTheDocument();
    releaseUser();
    expect(await screen.findByRole('link', { name: 'Ny fastighet' })).toBeVisible();
  });

  it('asks the API for every word in name, address or organization', async () => {
    api.answer(propertiesApi([vallmon, solrosen2, solrosen1]));
    const { user } = renderList();
    await item('Vallmon');
    const search = screen.getByRole('searchbox', { name: 'Sök fastigheter' });

    // Pasted, so the search goes in one piece however slowly this machine types.
    await user.click(search);
    await user.paste('storgatan');
    expect(await screen.findByText('1 av 3 visas', {}, SEARCH_WAIT)).toBeVisible();
    expect(shownNames()).toEqual(['Solrosen 2']);

    await user.clear(search);
    await user.paste('BRF VALLMON');
    await waitFor(() => expect(shownNames()).toEqual(['Vallmon']), SEARCH_WAIT);

    await user.clear(search);
    await user.paste('solrosen  solna');
    await waitFor(() => expect(shownNames()).toEqual(['Solrosen 1', 'Solrosen 2']), SEARCH_WAIT);
    // One request for all, then one a search.
    expect(api.requests.map((request) => request.url)).toEqual([
      '/properties',
      '/properties?q=storgatan',
      '/properties?q=BRF+VALLMON',
      '/properties?q=solrosen++solna',
    ]);
  });

  it('says when nothing matches, and clears the search on request', async () => {
    api.answer(propertiesApi([vallmon, solrosen1]));
    const { user } = renderList();
    await item('Vallmon');
    await user.type(screen.getByRole('searchbox', { name: 'Sök fastigheter' }), 'Kiruna');
    expect(
      await screen.findByText('Ingen fastighet matchar ”Kiruna”.', {}, SEARCH_WAIT),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rensa sökningen' }));
    await waitFor(() => expect(shownNames()).toEqual(['Solrosen 1', 'Vallmon']));
  });

  it("shows a page at first, and the next with 'Visa fler fastigheter'", async () => {
    const many = ['Gården 1', 'Gården 2', 'Gården 3', 'Gården 4'].map((name) => property({ name }));
    // The API's pages are 200; three here, so the test draws a short list.
    api.answer(propertiesApi(many, { pageSize: 3 }));
    const { user } = renderList();
    expect(await screen.findByText('De första 3 visas')).toBeVisible();
    expect(shownNames()).toEqual(['Gården 1', 'Gården 2', 'Gården 3']);
    await user.click(screen.getByRole('button', { name: 'Visa fler fastigheter' }));
    expect(await screen.findByText('4 fastigheter')).toBeVisible();
    expect(shownNames()).toEqual(['Gården 1', 'Gården 2', 'Gården 3', 'Gården 4']);
    expect(screen.queryByRole('button', { name: 'Visa fler fastigheter' })).not.toBeInTheDocument();
  });

  it("offers site managers 'Ny fastighet'", async () => {
    api.answer(propertiesApi([solrosen1]));
    renderList();
    expect(screen.getByRole('link', { name: 'Ny fastighet' })).toHaveAttribute(
      'href',
      '/properties/new',
    );
  });

  it("says 'Inga fastigheter' and leads a site manager to the first one", async () => {
    api.answer(propertiesApi([]));
    renderList();
    expect(await screen.findByRole('heading', { name: 'Inga fastigheter' })).toBeVisible();
    expect(screen.getByText(/Lägg till er första fastighet/)).toBeVisible();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('leads a site manager without an organization to create one first', async () => {
    api.answer(propertiesApi([]));
    renderList({ ...karin, organizations: [] });
    expect(await screen.findByRole('heading', { name: 'Inga fastigheter' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ny organisation' })).toHaveAttribute(
      'href',
      '/organizations/new',
    );
    expect(screen.queryByRole('link', { name: 'Ny fastighet' })).not.toBeInTheDocument();
  });

  it("says 'Något gick fel' when the list cannot be fetched, and tries again", async () => {
    api.answer(propertiesApi([], { fail: 'GET' }));
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta fastigheterna.');
    api.answer(propertiesApi([solrosen1]));
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await item('Solrosen 1')).toBeVisible();
  });
});

describe('the properties, seen by a user', () => {
  it("lists them without 'Ny fastighet'", async () => {
    api.answer(propertiesApi([solrosen1]));
    renderList(erik);
    expect(await item('Solrosen 1')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ny fastighet' })).not.toBeInTheDocument();
  });

  it('tells a user with none that a site manager adds them', async () => {
    api.answer(propertiesApi([]));
    renderList(erik);
    expect(await screen.findByText(/När en förvaltare lägger till en fastighet/)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the properties (English)', () => {
  it('lists them with English labels and search', async () => {
    api.answer(propertiesApi([vallmon, solrosen1]));
    const { user } = renderList(karinManagingBoth, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
    expect(await item('Solrosen 1')).toHaveTextContent(
      'Multi-dwelling building · Brf Solrosen24 apartments, 1 bicycle room, 2 entrances, 1 laundry room',
    );
    expect(screen.getByText('2 properties')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New property' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'x');
    expect(await screen.findByText('No property matches “x”.', {}, SEARCH_WAIT)).toBeVisible();
  });

  it("says 'No properties' and 'Something went wrong'", async () => {
    api.answer(propertiesApi([]));
    renderList(karinManagingBoth, 'en');
    expect(await screen.findByRole('heading', { name: 'No properties' })).toBeVisible();
    api.answer(propertiesApi([], { fail: 'GET' }));
    renderList(karinManagingBoth, 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
