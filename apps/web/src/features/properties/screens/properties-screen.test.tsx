// The properties list against a real API server on loopback: what it shows per property, the
// search, 'New property' for site managers only, the empty list and failures, in both languages.

import type { User } from '@portal/contracts/users';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRF_VALLMON, erik, karin, SOLROSEN } from '../../../test/people';
import { propertiesApi, solrosen1, solrosen2, vallmon } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import PropertiesScreen from './properties-screen';

const api = serveTestApi();

const karinInBoth: User = { ...karin, organizations: [SOLROSEN, BRF_VALLMON] };

function renderList(signedIn: User = karinInBoth, language: 'sv' | 'en' = 'sv') {
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

  it('filters by name, address and organization as the user types', async () => {
    api.answer(propertiesApi([vallmon, solrosen2, solrosen1]));
    const { user } = renderList();
    await item('Vallmon');
    const search = screen.getByRole('searchbox', { name: 'Sök fastigheter' });

    await user.type(search, 'storgatan');
    expect(shownNames()).toEqual(['Solrosen 2']);
    expect(screen.getByText('1 av 3 visas')).toBeVisible();

    await user.clear(search);
    await user.type(search, 'BRF VALLMON');
    expect(shownNames()).toEqual(['Vallmon']);

    await user.clear(search);
    await user.type(search, 'solrosen  solna');
    expect(shownNames()).toEqual(['Solrosen 1', 'Solrosen 2']);
    expect(api.requests).toHaveLength(1);
  });

  it('says when nothing matches, and clears the search on request', async () => {
    api.answer(propertiesApi([vallmon, solrosen1]));
    const { user } = renderList();
    await item('Vallmon');
    await user.type(screen.getByRole('searchbox', { name: 'Sök fastigheter' }), 'Kiruna');
    expect(screen.getByText('Ingen fastighet matchar ”Kiruna”.')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rensa sökningen' }));
    expect(shownNames()).toEqual(['Solrosen 1', 'Vallmon']);
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
    const { user } = renderList(karinInBoth, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
    expect(await item('Solrosen 1')).toHaveTextContent(
      'Multi-dwelling building · Brf Solrosen24 apartments, 1 bicycle room, 2 entrances, 1 laundry room',
    );
    expect(screen.getByText('2 properties')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New property' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'x');
    expect(screen.getByText('No property matches “x”.')).toBeVisible();
  });

  it("says 'No properties' and 'Something went wrong'", async () => {
    api.answer(propertiesApi([]));
    renderList(karinInBoth, 'en');
    expect(await screen.findByRole('heading', { name: 'No properties' })).toBeVisible();
    api.answer(propertiesApi([], { fail: 'GET' }));
    renderList(karinInBoth, 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
