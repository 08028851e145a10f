// The property's areas against a loopback API: grouped and counted by type, the type filter and
// its address, the quick filter, what site managers and users are offered, failures and the
// not-found and empty states, in both languages.

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  actLikeTheApi,
  anArea,
  apartments,
  failing,
  PROPERTY,
  pageOfAreas,
} from '../../../test/areas';
import { erik, karinManagingVallmonOnly } from '../../../test/people';
import { currentAddress, renderAreaRoute } from '../../../test/render-area-route';
import { serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const base = `/property/${PROPERTY.id}`;
const laundryA = anArea({ areaType: 'lau', name: 'Tvättstuga A', floorArea: 24.5 });
const laundryB = anArea({ areaType: 'lau', name: 'Tvättstuga B', number: 2 });
const bicycles = anArea({ areaType: 'bic', number: 1 });
/** 24 apartments, in a scrambled order: the list sorts them by number. */
const flats = apartments(1001, 1024).reverse();
const areas = [laundryA, ...flats, bicycles, laundryB];

/** Searching waits for typing to pause (300 ms) and then for the API: give it time to. */
const group = (name: string | RegExp) => screen.findByRole('region', { name }, { timeout: 5000 });
const linkNames = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((link) => link.textContent);
const filter = () => screen.getByRole('navigation', { name: 'Typ av utrymme' });

describe('the areas of a property (Swedish)', () => {
  it('shows the property, its areas grouped by type with counts, each linking to the area', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Fastighetens översikt' })).toHaveAttribute(
      'href',
      `${base}/overview`,
    );

    // The areas come after the property, a page at a time.
    await group('Lägenheter (24)');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Lägenheter (24)', 'Cykelrum (1)', 'Tvättstugor (2)']);

    const flatsGroup = await group('Lägenheter (24)');
    const names = linkNames(flatsGroup);
    expect(names).toHaveLength(24);
    expect(names.slice(0, 3)).toEqual(['Lägenhet 1001', 'Lägenhet 1002', 'Lägenhet 1003']);
    expect(within(flatsGroup).getByRole('link', { name: 'Lägenhet 1001' })).toHaveAttribute(
      'href',
      `${base}/area/apt/${flats.at(-1)?.id}`,
    );

    const laundries = await group('Tvättstugor (2)');
    // Numbered first, then by name; the number beside a name, the floor area with a comma.
    expect(linkNames(laundries)).toEqual(['Tvättstuga B', 'Tvättstuga A']);
    expect(laundries).toHaveTextContent('nr 2');
    expect(laundries).toHaveTextContent('24,5 m²');
    expect(within(await group('Cykelrum (1)')).getByRole('link')).toHaveTextContent('Cykelrum 1');

    const gets = api.requests.map((request) => `${request.method} ${request.url}`);
    expect(gets.sort()).toEqual([
      `GET /properties/${PROPERTY.id}`,
      `GET /properties/${PROPERTY.id}/areas`,
    ]);
  });

  it('is the screen of property/{propertyId} too', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(base);
    expect(await group('Lägenheter (24)')).toBeVisible();
  });

  it('shows only the type in the address, and marks it in the filter', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area/lau`);
    expect(await group('Tvättstugor (2)')).toBeVisible();
    expect(screen.queryByRole('region', { name: /Lägenheter/ })).not.toBeInTheDocument();
    expect(within(filter()).getByRole('link', { name: 'Tvättstugor (2)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(filter()).getByRole('link', { name: 'Alla (27)' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('switches type through the address', async () => {
    actLikeTheApi(api, areas);
    const { user } = renderAreaRoute(`${base}/area/lau`);
    await group('Tvättstugor (2)');
    await user.click(within(filter()).getByRole('link', { name: 'Lägenheter (24)' }));
    expect(await group('Lägenheter (24)')).toBeVisible();
    expect(currentAddress()).toBe(`${base}/area/apt`);
    expect(screen.queryByRole('region', { name: /Tvättstugor/ })).not.toBeInTheDocument();

    await user.click(within(filter()).getByRole('link', { name: 'Alla (27)' }));
    expect(await group('Tvättstugor (2)')).toBeVisible();
    expect(currentAddress()).toBe(`${base}/area`);
    expect(screen.getByRole('region', { name: 'Lägenheter (24)' })).toBeVisible();
  });

  it('offers only the types the property has, besides all', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area`);
    await group('Lägenheter (24)');
    expect(
      within(filter())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Alla (27)', 'Lägenheter (24)', 'Cykelrum (1)', 'Tvättstugor (2)']);
  });

  it('narrows the list by name or number as one types, keeping the text in the address', async () => {
    actLikeTheApi(api, areas);
    const { user } = renderAreaRoute(`${base}/area`);
    await group('Lägenheter (24)');
    await user.type(screen.getByRole('searchbox', { name: 'Sök på namn eller nummer' }), '100');
    const flatsGroup = await group('Lägenheter (9 av 24)');
    expect(linkNames(flatsGroup)).toEqual(
      Array.from({ length: 9 }, (_, index) => `Lägenhet ${1001 + index}`),
    );
    expect(screen.queryByRole('region', { name: /Tvättstugor/ })).not.toBeInTheDocument();
    expect(currentAddress()).toBe(`${base}/area?q=100`);

    // The text goes along when the type changes.
    await user.click(within(filter()).getByRole('link', { name: 'Lägenheter (24)' }));
    await waitFor(() => expect(currentAddress()).toBe(`${base}/area/apt?q=100`));
    expect(screen.getByRole('searchbox')).toHaveValue('100');
  });

  it('finds an area by its name', async () => {
    actLikeTheApi(api, areas);
    const { user } = renderAreaRoute(`${base}/area`);
    await group('Lägenheter (24)');
    await user.type(screen.getByRole('searchbox'), 'b');
    const laundries = await group('Tvättstugor (1 av 2)');
    expect(linkNames(laundries)).toEqual(['Tvättstuga B']);
  });

  it('asks the API once typing pauses, not once a letter', async () => {
    actLikeTheApi(api, areas);
    const { user } = renderAreaRoute(`${base}/area`);
    await group('Lägenheter (24)');
    api.answer((request) => pageOfAreas(areas, new URL(request.url ?? '', 'http://api')));
    await user.type(screen.getByRole('searchbox'), '1002');
    expect(linkNames(await group('Lägenheter (1 av 24)'))).toEqual(['Lägenhet 1002']);
    // Typing four letters quickly asks fewer than four times, the last time for all of them.
    const asked = api.requests.map((request) => request.url);
    expect(asked.at(-1)).toBe(`/properties/${PROPERTY.id}/areas?q=1002`);
    expect(asked.length).toBeLessThan(4);
  });

  it("shows a page at first, and the next with 'Visa fler utrymmen'", async () => {
    // The API's pages are 200; five here, so the test draws a short list.
    actLikeTheApi(api, apartments(1, 8), undefined, { pageSize: 5 });
    const { user } = renderAreaRoute(`${base}/area`);
    expect(linkNames(await group('Lägenheter (5 av 8)')).at(-1)).toBe('Lägenhet 5');
    await user.click(screen.getByRole('button', { name: 'Visa fler utrymmen' }));
    expect(linkNames(await group('Lägenheter (8)'))).toEqual(
      apartments(1, 8).map((area) => `Lägenhet ${area.number}`),
    );
    expect(screen.queryByRole('button', { name: 'Visa fler utrymmen' })).not.toBeInTheDocument();
    expect(api.requests.at(-1)?.url).toBe(`/properties/${PROPERTY.id}/areas?cursor=5`);
  });

  it("keeps 'Visa fler utrymmen' below the rows while a middle page is drawn, with its focus", async () => {
    actLikeTheApi(api, apartments(1, 8), undefined, { pageSize: 3 });
    const { user } = renderAreaRoute(`${base}/area`);
    expect(linkNames(await group('Lägenheter (3 av 8)')).at(-1)).toBe('Lägenhet 3');
    await user.click(screen.getByRole('button', { name: 'Visa fler utrymmen' }));
    expect(linkNames(await group('Lägenheter (6 av 8)')).at(-1)).toBe('Lägenhet 6');
    expect(screen.getByRole('button', { name: 'Visa fler utrymmen' })).toHaveFocus();
  });

  it('says so when nothing matches', async () => {
    actLikeTheApi(api, areas);
    const { user } = renderAreaRoute(`${base}/area`);
    await group('Lägenheter (24)');
    await user.type(screen.getByRole('searchbox'), 'xyz');
    expect(
      await screen.findByText('Inget utrymme matchar ”xyz”.', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("offers a site manager 'Nytt utrymme' and 'Flera utrymmen'", async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area`);
    await group('Lägenheter (24)');
    expect(screen.getByRole('link', { name: 'Nytt utrymme' })).toHaveAttribute(
      'href',
      `${base}/overview/new-area`,
    );
    expect(screen.getByRole('link', { name: 'Flera utrymmen' })).toHaveAttribute(
      'href',
      `${base}/overview/new-area/multiple`,
    );
  });

  it('hands the type being shown to the forms', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area/lau`);
    await group('Tvättstugor (2)');
    expect(screen.getByRole('link', { name: 'Nytt utrymme' })).toHaveAttribute(
      'href',
      `${base}/overview/new-area?type=lau`,
    );
    expect(screen.getByRole('link', { name: 'Flera utrymmen' })).toHaveAttribute(
      'href',
      `${base}/overview/new-area/multiple?type=lau`,
    );
  });

  it('offers a user no way to create areas', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area`, { user: erik });
    expect(await group('Lägenheter (24)')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Nytt utrymme' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Flera utrymmen' })).not.toBeInTheDocument();
  });

  it("offers none to a site manager of another organization than the property's", async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area`, { user: karinManagingVallmonOnly });
    expect(await group('Lägenheter (24)')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Nytt utrymme' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Flera utrymmen' })).not.toBeInTheDocument();
  });
});

describe('a property without areas', () => {
  it('tells a site manager how to add them', async () => {
    actLikeTheApi(api, []);
    renderAreaRoute(`${base}/area`);
    expect(await screen.findByText('Inga utrymmen ännu.')).toBeVisible();
    expect(screen.getByText(/en hel nummerserie som lägenheterna 1001–1024/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Flera utrymmen' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('tells a user that a site manager adds them', async () => {
    actLikeTheApi(api, []);
    renderAreaRoute(`${base}/area`, { user: erik });
    expect(await screen.findByText('Inga utrymmen ännu.')).toBeVisible();
    expect(screen.getByText('En förvaltare lägger till fastighetens utrymmen.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Nytt utrymme' })).not.toBeInTheDocument();
  });

  it('says so for a type the property has none of', async () => {
    actLikeTheApi(api, flats);
    renderAreaRoute(`${base}/area/lau`);
    expect(await screen.findByText('Inga utrymmen av typen Tvättstuga ännu.')).toBeVisible();
    expect(within(filter()).getByRole('link', { name: 'Tvättstugor (0)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('when the areas cannot be had', () => {
  it("says 'Det gick inte att hämta utrymmena' and tries again on request", async () => {
    api.answer(() => failing(500));
    const { user } = renderAreaRoute(`${base}/area`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att hämta utrymmena');
    actLikeTheApi(api, areas);
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await group('Lägenheter (24)')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch areas' in English", async () => {
    api.answer(() => failing(500));
    renderAreaRoute(`${base}/area`, { language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch areas');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says the property does not exist when the API answers 404', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute('/property/00000000-0000-4000-8000-999999999999/area');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fastigheten finns inte' }),
    ).toBeVisible();
    expect(
      screen.getByText('Den kan ha tagits bort, eller så har du inte tillgång till den.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till fastigheterna' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it("says 'Property not found' in English", async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute('/property/00000000-0000-4000-8000-999999999999', { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Property not found' }),
    ).toBeVisible();
  });

  it('says an unknown type in the address does not exist, and asks the API nothing', async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area/garage`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Den typen av utrymme finns inte' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till fastighetens utrymmen' })).toHaveAttribute(
      'href',
      `${base}/area`,
    );
    expect(api.requests).toHaveLength(0);
  });
});

describe('in English', () => {
  it("groups 'Apartments' and names an unnamed one 'Apartment 1001'", async () => {
    actLikeTheApi(api, areas);
    renderAreaRoute(`${base}/area`, { language: 'en' });
    const flatsGroup = await group('Apartments (24)');
    expect(within(flatsGroup).getByRole('link', { name: 'Apartment 1001' })).toBeVisible();
    expect(await group('Laundry rooms (2)')).toHaveTextContent('no. 2');
    expect(await group('Laundry rooms (2)')).toHaveTextContent('24.5 m²');
    expect(screen.getByRole('navigation', { name: 'Type of area' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All (27)' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New area' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Several areas' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Property overview' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search by name or number' })).toBeVisible();
  });

  it("says 'No such type of area' for an unknown type", () => {
    renderAreaRoute(`${base}/area/garage`, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'No such type of area' })).toBeVisible();
  });
});
