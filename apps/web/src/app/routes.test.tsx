// The app as a user meets it: the real route table inside the shell, in Swedish by default.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { makeStore } from './store';

/** Freezes the clock (only Date; timers keep running) at the given local time of day. */
function setClock(hours: number, minutes = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 5, 10, hours, minutes));
}

afterEach(() => {
  vi.useRealTimers();
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
  'Solpaneler',
  'WiFi',
];

describe('dashboard route', () => {
  it("shows 'Laddar...' until its screens have loaded, then greets the user", async () => {
    setClock(14);
    // A fresh import: the screens' code has not been loaded by an earlier test.
    vi.resetModules();
    const { routes } = (await import('./routes')) as { routes: RouteObject[] };
    renderWithProviders('/', { routes });

    expect(screen.getByText('Laddar...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^(God morgon|God eftermiddag|God kväll)$/,
    );
    expect(screen.queryByText('Laddar...')).not.toBeInTheDocument();
  });

  it("greets with 'God morgon' at 08:00", async () => {
    setClock(8);
    renderWithProviders('/');
    expect(await screen.findByRole('heading', { name: 'God morgon' })).toBeVisible();
  });

  it("greets with 'God eftermiddag' at 14:00", async () => {
    setClock(14);
    renderWithProviders('/');
    expect(await screen.findByRole('heading', { name: 'God eftermiddag' })).toBeVisible();
  });

  it("greets with 'God kväll' at 20:00", async () => {
    setClock(20);
    renderWithProviders('/');
    expect(await screen.findByRole('heading', { name: 'God kväll' })).toBeVisible();
  });

  it("shows today's date in Swedish", async () => {
    setClock(8);
    renderWithProviders('/');
    expect(await screen.findByText('måndag 10 juni 2024')).toBeVisible();
  });

  it('greets in English when English is chosen', async () => {
    setClock(20);
    renderWithProviders('/', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Good evening' })).toBeVisible();
  });
});

describe('not-found page', () => {
  it('shows for an unknown path, inside the shell', async () => {
    renderWithProviders('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Fastigheter' })).toBeVisible();
  });

  it('leads back to the start page', async () => {
    setClock(8);
    const { user } = renderWithProviders('/no/such/page');
    await user.click(await screen.findByRole('link', { name: 'Till startsidan' }));
    expect(await screen.findByRole('heading', { name: 'God morgon' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sidan finns inte' })).not.toBeInTheDocument();
  });

  it.each(['/organizations', '/property/p1/usage', '/property/p1/area/apt/a1/devices/new'])(
    'shows for the registered route %s whose screen is not built yet',
    async (route) => {
      renderWithProviders(route);
      expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    },
  );
});

describe('shell', () => {
  it("shows the portal's name, linking to the start page", async () => {
    renderWithProviders('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Fastighetsportalen' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('offers a link that skips straight to the content', async () => {
    renderWithProviders('/no/such/page');
    const skip = await screen.findByRole('link', { name: 'Hoppa till innehållet' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('shows the screen inside the main content area', async () => {
    renderWithProviders('/no/such/page');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
  });
});

describe('main navigation', () => {
  it('always offers the start page and the properties', async () => {
    renderWithProviders('/no/such/page');
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/');
    expect(within(navigation).getByRole('link', { name: 'Fastigheter' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it('offers no property pages outside a property', async () => {
    renderWithProviders('/no/such/page');
    const navigation = await mainNavigation();
    for (const label of PROPERTY_LABELS) {
      expect(within(navigation).queryByRole('link', { name: label })).not.toBeInTheDocument();
    }
  });

  it('uses English labels when English is chosen', async () => {
    renderWithProviders('/no/such/page', { language: 'en' });
    const navigation = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(navigation).getByRole('link', { name: 'Home' })).toBeVisible();
    expect(within(navigation).getByRole('link', { name: 'Properties' })).toBeVisible();
  });
});

describe('main navigation inside a property', () => {
  it("offers the open property's pages in Swedish", async () => {
    renderWithProviders('/property/p1/usage');
    const navigation = await mainNavigation();
    for (const label of PROPERTY_LABELS) {
      expect(within(navigation).getByRole('link', { name: label })).toBeVisible();
    }
    expect(within(navigation).getByRole('link', { name: 'Uppskatta förbrukning' })).toHaveAttribute(
      'href',
      '/property/p1/usage',
    );
  });

  it("offers the open area's devices", async () => {
    renderWithProviders('/property/p1/area/apt/a1');
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Enheter' })).toHaveAttribute(
      'href',
      '/property/p1/area/apt/a1/devices',
    );
  });

  it("offers the property's pages, without devices, for an unknown area type", async () => {
    renderWithProviders('/property/p1/area/xyz/a1');
    const navigation = await mainNavigation();
    expect(within(navigation).getByRole('link', { name: 'Utrymmen' })).toBeVisible();
    expect(within(navigation).queryByRole('link', { name: 'Enheter' })).not.toBeInTheDocument();
  });

  it("uses SPEC §2's English labels when English is chosen", async () => {
    renderWithProviders('/property/p1/area/apt/a1', { language: 'en' });
    const navigation = await screen.findByRole('navigation', { name: 'Main menu' });
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
});

describe('profile menu', () => {
  it("offers 'Redigera profil' and 'Logga ut'", async () => {
    const { user } = renderWithProviders('/no/such/page');
    const menu = await openProfileMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Redigera profil' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logga ut' })).toBeVisible();
  });

  it("'Logga ut' forgets the session on this device and logs the store out", async () => {
    localStorage.setItem('access', 'access-token');
    localStorage.setItem('session', 'refresh-token');
    localStorage.setItem('id', 'user-1');
    const store = makeStore();
    const { user } = renderWithProviders('/no/such/page', { store });
    expect(store.getState().auth.isLoggedIn).toBe(true);

    const menu = await openProfileMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));

    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('id')).toBeNull();
    expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
  });

  it("'Logga ut' goes to the sign-in address", async () => {
    localStorage.setItem('access', 'access-token');
    const { user, router } = renderWithProviders('/no/such/page');
    const menu = await openProfileMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logga ut' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("offers 'Edit Profile' and 'Log out' in English", async () => {
    const { user } = renderWithProviders('/no/such/page', { language: 'en' });
    const menu = await openProfileMenu(user, 'Profile menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Profile' })).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });
});

describe('language switch', () => {
  it("turns the Swedish labels into English ones and stores 'en'", async () => {
    const { user } = renderWithProviders('/no/such/page');
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
    renderWithProviders('/no/such/page');
    expect(await screen.findByRole('radio', { name: 'Svenska' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
  });

  it('switches back to Swedish', async () => {
    const { user } = renderWithProviders('/no/such/page', { language: 'en' });
    await user.click(await screen.findByRole('radio', { name: 'Svenska' }));
    expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('sv');
  });
});
