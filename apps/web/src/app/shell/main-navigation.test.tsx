// The navigation on its own, given the params a property or area route provides, against a
// loopback API that knows one property and one of its areas (and nothing else).
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anArea } from '../../test/areas';
import { property } from '../../test/properties';
import { renderComponent } from '../../test/render';
import { failure, serveTestApi } from '../../test/serve-test-api';
import { MainNavigation } from './main-navigation';

/** The one property and area the fake API knows. */
const PROPERTY_ID = '7d3b2a10-4c5e-4f60-8a71-9b8c7d6e5f41';
const AREA_ID = '00000000-0000-4000-8000-0000000000a1';

const api = serveTestApi();
const P1 = property({ id: PROPERTY_ID });
const A1 = anArea({
  id: AREA_ID,
  propertyId: PROPERTY_ID,
  areaType: 'apt',
});

/** Answers like the API: the one property and its area exist, anything else is a 404. */
function knowP1() {
  api.answer((request) => {
    if (request.url === `/properties/${PROPERTY_ID}` || request.url === '/properties/p%2F1')
      return {
        status: 200,
        body: { ...P1, id: decodeURIComponent(request.url.split('/')[2] ?? '') },
      };
    if (request.url === `/areas/${AREA_ID}`) return { status: 200, body: A1 };
    return failure(404, 'Not found.', { code: 'NOT_FOUND' });
  });
}

beforeEach(knowP1);

const AREA_ROUTE = 'property/:propertyId/area/:areaType/:areaId';

/** Renders the navigation at `url`, as the screen of a route with the pattern `pattern`. */
function renderNavigation(pattern: string, url: string, language: 'sv' | 'en' = 'sv') {
  const onNavigate = vi.fn();
  const rendered = renderComponent(
    <Routes>
      <Route path={pattern} element={<MainNavigation onNavigate={onNavigate} />} />
      <Route path="*" element={<p>Another page</p>} />
    </Routes>,
    { route: url, language },
  );
  const navigation = screen.getByRole('navigation', {
    name: language === 'sv' ? 'Huvudmeny' : 'Main menu',
  });
  return { ...rendered, navigation, onNavigate };
}

const linkNames = (navigation: HTMLElement) =>
  within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('MainNavigation', () => {
  it('offers the start page, the properties, the organizations and the users outside a property', () => {
    const { navigation } = renderNavigation('properties', '/properties');
    expect(linkNames(navigation)).toEqual(['Start', 'Fastigheter', 'Organisationer', 'Användare']);
    expect(within(navigation).getByRole('link', { name: 'Användare' })).toHaveAttribute(
      'href',
      '/organizations/users',
    );
  });

  it("marks 'Användare' current on the users screen", () => {
    const { navigation } = renderNavigation('organizations/users', '/organizations/users');
    expect(within(navigation).getByRole('link', { name: 'Användare' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('links the organizations to their list, marked current there but not on its subpages', () => {
    const { navigation } = renderNavigation('organizations', '/organizations');
    const organizations = within(navigation).getByRole('link', { name: 'Organisationer' });
    expect(organizations).toHaveAttribute('href', '/organizations');
    expect(organizations).toHaveAttribute('aria-current', 'page');
    const users = renderNavigation('organizations/users', '/organizations/users', 'en');
    expect(
      within(users.navigation).getByRole('link', { name: 'Organizations' }),
    ).not.toHaveAttribute('aria-current');
  });

  it("offers the property's pages in SPEC §2's order while a property is open", async () => {
    const { navigation } = renderNavigation(
      'property/:propertyId/usage',
      `/property/${PROPERTY_ID}/usage`,
    );
    await within(navigation).findByRole('link', { name: 'Utrymmen' });
    expect(linkNames(navigation)).toEqual([
      'Start',
      'Fastigheter',
      'Organisationer',
      'Användare',
      'Utrymmen',
      'Jämför',
      'Uppskatta förbrukning',
      'Exportera data',
      'Solceller',
      'WiFi',
    ]);
  });

  it("links the property's pages to that property", async () => {
    const { navigation } = renderNavigation('property/:propertyId', '/property/p%2F1');
    await within(navigation).findByRole('link', { name: 'Utrymmen' });
    const link = (name: string) => within(navigation).getByRole('link', { name });
    expect(link('Utrymmen')).toHaveAttribute('href', '/property/p%2F1/area');
    expect(link('Jämför')).toHaveAttribute('href', '/property/p%2F1/compare');
    expect(link('Uppskatta förbrukning')).toHaveAttribute('href', '/property/p%2F1/usage');
    expect(link('Exportera data')).toHaveAttribute('href', '/property/p%2F1/data');
    expect(link('Solceller')).toHaveAttribute('href', '/property/p%2F1/solar-panel');
    expect(link('WiFi')).toHaveAttribute('href', '/property/p%2F1/wifi');
  });

  it('marks the page being shown as the current one', async () => {
    const { navigation } = renderNavigation(
      'property/:propertyId/compare',
      `/property/${PROPERTY_ID}/compare`,
    );
    expect(await within(navigation).findByRole('link', { name: 'Jämför' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Start' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it("offers the area's devices while an area is open", async () => {
    const { navigation } = renderNavigation(
      AREA_ROUTE,
      `/property/${PROPERTY_ID}/area/apt/${AREA_ID}`,
    );
    expect(await within(navigation).findByRole('link', { name: 'Enheter' })).toHaveAttribute(
      'href',
      `/property/${PROPERTY_ID}/area/apt/${AREA_ID}/devices`,
    );
  });

  it.each(['apt', 'bic', 'ent', 'sop', 'lau', 'misc'])(
    'offers devices for the area type %s',
    async (areaType) => {
      const { navigation } = renderNavigation(
        AREA_ROUTE,
        `/property/${PROPERTY_ID}/area/${areaType}/${AREA_ID}`,
      );
      expect(await within(navigation).findByRole('link', { name: 'Enheter' })).toBeVisible();
    },
  );

  it('offers no devices for an area type that does not exist, but still the property', async () => {
    const { navigation } = renderNavigation(
      AREA_ROUTE,
      `/property/${PROPERTY_ID}/area/xyz/${AREA_ID}`,
    );
    expect(await within(navigation).findByRole('link', { name: 'Utrymmen' })).toBeVisible();
    expect(within(navigation).queryByRole('link', { name: 'Enheter' })).not.toBeInTheDocument();
  });

  it("uses SPEC §2's English labels in English", async () => {
    const { navigation } = renderNavigation(
      AREA_ROUTE,
      `/property/${PROPERTY_ID}/area/apt/${AREA_ID}`,
      'en',
    );
    await within(navigation).findByRole('link', { name: 'Devices' });
    expect(linkNames(navigation)).toEqual([
      'Home',
      'Properties',
      'Organizations',
      'Users',
      'Areas',
      'Compare',
      'Estimate Usage',
      'Export Data',
      'Solar Panels',
      'WiFi',
      'Devices',
    ]);
  });

  it('tells the shell when the user follows a link, so a phone menu can close', async () => {
    const { navigation, onNavigate, user } = renderNavigation(
      AREA_ROUTE,
      `/property/${PROPERTY_ID}/area/apt/${AREA_ID}`,
    );
    await user.click(await within(navigation).findByRole('link', { name: 'Enheter' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Another page')).toBeVisible();
  });
});

describe('a property or area the API does not know', () => {
  /** Waits until the navigation's questions about the property (and area) have been answered. */
  const answered = (count: number) =>
    vi.waitFor(() => expect(api.requests.length).toBeGreaterThanOrEqual(count));

  it("offers none of the property's pages for a property that does not exist", async () => {
    const { navigation } = renderNavigation('property/:propertyId/usage', '/property/nope/usage');
    await answered(1);
    expect(api.requests[0]?.url).toBe('/properties/nope');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(linkNames(navigation)).toEqual(['Start', 'Fastigheter', 'Organisationer', 'Användare']);
    expect(within(navigation).queryByText('Fastighet')).not.toBeInTheDocument();
  });

  it('offers none of them while it is still unknown, nor when asking failed', async () => {
    api.answer(() => failure(500, 'Internal server error.'));
    const { navigation } = renderNavigation('property/:propertyId', `/property/${PROPERTY_ID}`);
    expect(within(navigation).queryByRole('link', { name: 'Utrymmen' })).not.toBeInTheDocument();
    await answered(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(navigation).queryByRole('link', { name: 'Utrymmen' })).not.toBeInTheDocument();
  });

  it("offers the property's pages but no devices for an area that does not exist", async () => {
    const { navigation } = renderNavigation(AREA_ROUTE, `/property/${PROPERTY_ID}/area/apt/nope`);
    expect(await within(navigation).findByRole('link', { name: 'Utrymmen' })).toBeVisible();
    await answered(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(navigation).queryByRole('link', { name: 'Enheter' })).not.toBeInTheDocument();
  });
});
