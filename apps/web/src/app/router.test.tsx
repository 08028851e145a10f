// The app as a user meets it: the real route table inside the shell, signed in as Karin, in
// Swedish by default. (Visitors and the guard: features/auth/components/require-session.test.tsx.)

import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anArea } from '../test/areas';
import { karin } from '../test/people';
import { property } from '../test/properties';
import { type RenderOptions, renderWithProviders } from '../test/render';
import { failure, serveTestApi } from '../test/serve-test-api';
import { signedInStore } from '../test/store';
import { screens } from './router';

/** The one property and area the fake API knows. */
const PROPERTY_ID = '7d3b2a10-4c5e-4f60-8a71-9b8c7d6e5f41';
const AREA_ID = '00000000-0000-4000-8000-0000000000a1';

const api = serveTestApi();

/** Freezes the clock (only Date; timers keep running) at the given local time of day. */
function setClock(hours: number, minutes = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 5, 10, hours, minutes));
}

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The app at `route` for a signed-in user whose details the shell has already fetched; their
 * profile's language is the one shown (the shell keeps the two the same).
 */
const renderSignedIn = (route: string, options: RenderOptions = {}) =>
  renderWithProviders(route, {
    store: signedInStore({ ...karin, language: options.language ?? 'sv' }),
    ...options,
  });

/** Opens the profile menu and waits until it has faded in. */
async function openProfileMenu(user: UserEvent, name = 'Profilmeny') {
  await user.click(await screen.findByRole('button', { name }));
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu).toBeVisible());
  return menu;
}

const mainNavigation = async () => screen.findByRole('navigation', { name: 'Huvudmeny' });

const PROPERTY_LABELS = [
  'Utrymmen',
  'Jämför',
  'Uppskatta förbrukning',
  'Exportera data',
  'Solceller',
  'WiFi',
];

describe('dashboard route', () => {
  it("greets with 'God morgon, Karin' at 08:00", async () => {
    setClock(8);
    renderSignedIn('/');
    expect(await screen.findByRole('heading', { name: 'God morgon, Karin' })).toBeVisible();
  });

  it("greets with 'God eftermiddag, Karin' at 14:00", async () => {
    setClock(14);
    renderSignedIn('/');
    expect(await screen.findByRole('heading', { name: 'God eftermiddag, Karin' })).toBeVisible();
  });

  it("greets with 'God kväll, Karin' at 20:00", async () => {
    setClock(20);
    renderSignedIn('/');
    expect(await screen.findByRole('heading', { name: 'God kväll, Karin' })).toBeVisible();
  });

  it("shows today's date in Swedish", async () => {
    setClock(8);
    renderSignedIn('/');
    expect(await screen.findByText('måndag 10 juni 2024')).toBeVisible();
  });

  it('greets without a name while the user has none yet', async () => {
    setClock(8);
    renderWithProviders('/', { store: signedInStore({ ...karin, name: '  ' }) });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^God morgon$/);
  });

  it('greets in English when English is chosen', async () => {
    setClock(20);
    renderSignedIn('/', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Good evening, Karin' })).toBeVisible();
  });
});

describe('not-found page', () => {
  it('shows for an unknown path, inside the shell', async () => {
    renderSignedIn('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Fastigheter' })).toBeVisible();
  });

  it('leads back to the start page', async () => {
    setClock(8);
    const { user } = renderSignedIn('/no/such/page');
    await user.click(await screen.findByRole('link', { name: 'Till startsidan' }));
    expect(await screen.findByRole('heading', { name: 'God morgon, Karin' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sidan finns inte' })).not.toBeInTheDocument();
  });
});

describe('shell', () => {
  it("shows the portal's name, linking to the start page", async () => {
    renderSignedIn('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Fastighetsportalen' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('offers a link that skips straight to the content', async () => {
    renderSignedIn('/no/such/page');
    const skip = await screen.findByRole('link', { name: 'Hoppa till innehållet' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('shows the screen inside the main content area', async () => {
    renderSignedIn('/no/such/page');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
  });
});

describe('main navigation', () => {
  it('always offers the start page and the properties', async () => {
    renderSignedIn('/no/such/page');
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/');
    expect(within(navigation).getByRole('link', { name: 'Fastigheter' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it('offers no property pages outside a property', async () => {
    renderSignedIn('/no/such/page');
    const navigation = await mainNavigation();
    for (const label of PROPERTY_LABELS) {
      expect(within(navigation).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
  });

  it('uses English labels when English is chosen', async () => {
    renderSignedIn('/no/such/page', { language: 'en' });
    const navigation = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(navigation).getByRole('link', { name: 'Home' })).toBeVisible();
    expect(within(navigation).getByRole('link', { name: 'Properties' })).toBeVisible();
  });
});

describe('main navigation inside a property', () => {
  beforeEach(() => {
    // The one property and its apartment exist; nothing else does.
    api.answer((request) => {
      if (request.url === `/properties/${PROPERTY_ID}`)
        return { status: 200, body: property({ id: PROPERTY_ID }) };
      if (request.url === `/areas/${AREA_ID}`)
        return {
          status: 200,
          body: anArea({
            id: AREA_ID,
            propertyId: PROPERTY_ID,
            areaType: 'apt',
          }),
        };
      return failure(404, 'Not found.', { code: 'NOT_FOUND' });
    });
  });

  it("offers the open property's pages in Swedish", async () => {
    renderSignedIn(`/property/${PROPERTY_ID}/usage`);
    const navigation = await mainNavigation();
    await within(navigation).findByRole('link', { name: 'Utrymmen' });
    for (const label of PROPERTY_LABELS) {
      expect(within(navigation).getByRole('link', { name: label })).toBeVisible();
    }
    expect(within(navigation).getByRole('link', { name: 'Uppskatta förbrukning' })).toHaveAttribute(
      'href',
      `/property/${PROPERTY_ID}/usage`,
    );
  });

  it("shows the usage estimate at 'Uppskatta förbrukning', titled so", async () => {
    renderSignedIn(`/property/${PROPERTY_ID}/usage`);
    expect(await screen.findByText('Uppskattad förbrukning')).toBeVisible();
    await waitFor(() => expect(document.title).toContain(' · Uppskatta förbrukning · '));
  });

  it("shows the data export at 'Exportera data', titled so", async () => {
    renderSignedIn(`/property/${PROPERTY_ID}/data`);
    expect(await screen.findByRole('heading', { name: 'Ny export' })).toBeVisible();
    await waitFor(() => expect(document.title).toContain(' · Exportera data · '));
  });

  it("offers the open area's devices", async () => {
    renderSignedIn(`/property/${PROPERTY_ID}/area/apt/${AREA_ID}`);
    const navigation = await mainNavigation();
    expect(await within(navigation).findByRole('link', { name: 'Enheter' })).toHaveAttribute(
      'href',
      `/property/${PROPERTY_ID}/area/apt/${AREA_ID}/devices`,
    );
  });

  it("offers the property's pages, without devices, for an unknown area type", async () => {
    renderSignedIn(`/property/${PROPERTY_ID}/area/xyz/${AREA_ID}`);
    const navigation = await mainNavigation();
    expect(await within(navigation).findByRole('link', { name: 'Utrymmen' })).toBeVisible();
    expect(within(navigation).queryByRole('link', { name: 'Enheter' })).not.toBeInTheDocument();
  });

  it("uses SPEC §2's English labels when English is chosen", async () => {
    renderSignedIn(`/property/${PROPERTY_ID}/area/apt/${AREA_ID}`, { language: 'en' });
    const navigation = await screen.findByRole('navigation', { name: 'Main menu' });
    await within(navigation).findByRole('link', { name: 'Devices' });
    for (const label of [
      'Areas',
      'Compare',
      'Estimate Usage',
      'Export Data',
      'Solar Panels',
      'WiFi',
      'Devices',
    ]) {
      expect(within(navigation).getByRole('link', { name: label })).toBeVisible();
    }
  });

  it("offers none of the property's pages when the property does not exist, and shows not found", async () => {
    renderSignedIn('/property/00000000-0000-4000-8000-000000000099/area');
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
    const navigation = await mainNavigation();
    for (const label of PROPERTY_LABELS)
      expect(within(navigation).queryByRole('link', { name: label })).not.toBeInTheDocument();
  });
});

describe('profile menu', () => {
  it("offers 'Redigera profil' and 'Logga ut'", async () => {
    const { user } = renderSignedIn('/no/such/page');
    const menu = await openProfileMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Redigera profil' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logga ut' })).toBeVisible();
  });

  it("'Logga ut' forgets the session on this device and logs the store out", async () => {
    const store = signedInStore();
    const { user } = renderWithProviders('/no/such/page', { store });
    expect(store.getState().auth.isLoggedIn).toBe(true);

    const menu = await openProfileMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));

    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('id')).toBeNull();
    expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
    expect(store.getState().user.fetchUser.user).toBeNull();
  });

  it("'Logga ut' goes to the sign-in screen, with no way back to the page", async () => {
    const { user, router } = renderSignedIn('/no/such/page');
    const menu = await openProfileMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));
    expect(await screen.findByRole('heading', { name: 'Logga in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(/inloggning har gått ut/)).not.toBeInTheDocument();
  });

  it('names the signed-in user', async () => {
    const { user } = renderSignedIn('/no/such/page');
    const menu = await openProfileMenu(user);
    expect(within(menu).getByText('Karin Lund')).toBeVisible();
  });

  it("offers 'Edit Profile' and 'Log out' in English", async () => {
    const { user } = renderSignedIn('/no/such/page', { language: 'en' });
    const menu = await openProfileMenu(user, 'Profile menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Profile' })).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });
});

describe('language switch', () => {
  it("turns the Swedish labels into English ones and stores 'en'", async () => {
    const { user } = renderSignedIn('/no/such/page');
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Fastigheter' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'English' }));

    const english = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(english).getByRole('link', { name: 'Properties' })).toBeVisible();
    expect(within(english).queryByRole('link', { name: 'Fastigheter' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows Swedish as chosen when starting in Swedish', async () => {
    renderSignedIn('/no/such/page');
    expect(await screen.findByRole('radio', { name: 'Svenska' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
  });

  it('switches back to Swedish', async () => {
    const { user } = renderSignedIn('/no/such/page', { language: 'en' });
    await user.click(await screen.findByRole('radio', { name: 'Svenska' }));
    expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('sv');
  });
});

describe('the route table', () => {
  it('gives every screen built so far its route (the rest show the not-found page)', () => {
    // Each screen's own test renders it; this checks the table wires the routes of SPEC §2 to them.
    expect(Object.keys(screens).sort()).toEqual(
      [
        'login',
        'signup',
        'signupInvitation',
        'resetPassword',
        'resetPasswordWithKey',
        'dashboard',
        'profile',
        'profileEdit',
        'profileNew',
        'organizationUsers',
        'organizationUsersNew',
        'organizations',
        'organizationsNew',
        'properties',
        'propertiesNew',
        'propertyOverview',
        'propertyEdit',
        'property',
        'propertyAreas',
        'propertyAreasOfType',
        'propertyNewArea',
        'propertyNewAreas',
        'area',
        'areaEdit',
        'areaDevices',
        'propertyDeviceLog',
        'areaNewDevice',
        'device',
        'areaDevicesImport',
        'deviceNewPinCode',
        'deviceNewImage',
        'areaNewDeviceImage',
        'propertySolar',
        'propertyEnergySummary',
        'propertyUsage',
        'propertyCompare',
        'propertyWifi',
        'propertyData',
      ].sort(),
    );
  });
});
