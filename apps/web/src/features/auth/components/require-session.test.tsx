// The guard of the main group and the shell's hold on the signed-in user, with the real route
// table and a real API server on loopback: visitors go to sign-in and come back; a session that
// ends in the shell leads to sign-in; an expired access token is refreshed unnoticed.

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../lib/auth-slice';
import { field } from '../../../test/auth-fields';
import { karin } from '../../../test/people';
import { renderWithProviders } from '../../../test/render';
import { failure, serveTestApi } from '../../../test/serve-test-api';
import { makeStore, signedInStore, storeSession } from '../../../test/store';
import { connectHttpClientToStore } from '../model/session-wiring';

const api = serveTestApi();
let disconnect: (() => void) | undefined;

afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

/** A store wired to the HTTP client as main.tsx wires it, so refreshes reach it. */
function connectedStore(store = makeStore()) {
  disconnect = connectHttpClientToStore(store);
  return store;
}

const userCalls = () => api.requests.filter(({ url }) => url?.startsWith('/user/'));
const GREETING = /^God (morgon|eftermiddag|kväll), Karin$/;

describe('a visitor who is not signed in', () => {
  it.each(['/properties', '/property/p1/usage', '/profile', '/no/such/page'])(
    'goes from %s to sign-in, keeping the page in ?next=',
    async (path) => {
      const { router } = renderWithProviders(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(path);
      expect(screen.queryByRole('navigation', { name: 'Huvudmeny' })).not.toBeInTheDocument();
      expect(screen.queryByText(/inloggning har gått ut/)).not.toBeInTheDocument();
    },
  );

  it('goes from the start page to plain sign-in', async () => {
    const { router } = renderWithProviders('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('comes back to the wanted page after signing in', async () => {
    // The user who signed in; the page's own calls (its property, its estimate) are not this
    // test's, and fail as for a property that is not there.
    api.answer(({ url }) => {
      if (url === '/auth/login/')
        return {
          status: 200,
          body: { accessToken: 'a', refreshToken: 'r', id: karin.id, user: karin },
        };
      return url?.startsWith('/user/')
        ? { status: 200, body: karin }
        : failure(404, 'Not Found', { code: 'NOT_FOUND' });
    });
    const { user, router, store } = renderWithProviders('/property/p1/usage?period=month');
    await user.type(await screen.findByLabelText(/^E-postadress/), 'forvaltare@example.se');
    await user.type(field('Lösenord'), 'Solrosen-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));

    expect(await screen.findByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/property/p1/usage');
    expect(router.state.location.search).toBe('?period=month');
    // The shell fetches the user who signed in (and nothing is left in flight for the next test).
    await vi.waitFor(() => expect(store.getState().user.fetchUser.user).toEqual(karin));
  });
});

describe('a signed-in user', () => {
  it('sees the shell and the screen', async () => {
    const { router } = renderWithProviders('/properties', { store: signedInStore() });
    expect(await screen.findByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/properties');
  });

  it('has their details fetched once when the shell opens without them', async () => {
    api.answer(({ url }) => ({ status: 200, body: url?.startsWith('/properties') ? [] : karin }));
    const store = signedInStore(null);
    renderWithProviders('/', { store });
    expect(await screen.findByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    expect(store.getState().user.fetchUser.user).toEqual(karin);
    expect(userCalls()).toHaveLength(1);
    expect(userCalls()[0]).toMatchObject({
      method: 'GET',
      url: `/user/${karin.id}`,
      headers: { authorization: 'Bearer access-token' },
    });
  });

  it('has no details fetched when they are there already', async () => {
    api.answer(({ url }) => ({ status: 200, body: url?.startsWith('/properties') ? [] : karin }));
    renderWithProviders('/', { store: signedInStore() });
    expect(await screen.findByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    expect(userCalls()).toHaveLength(0);
  });

  it('is greeted without a name while the details cannot be fetched, and stays', async () => {
    api.answer(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom.' },
    }));
    const store = signedInStore(null);
    const { router } = renderWithProviders('/', { store });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^God (morgon|eftermiddag|kväll)$/,
    );
    await vi.waitFor(() => expect(store.getState().user.fetchUser.error).not.toBe(''));
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth.isLoggedIn).toBe(true);
    expect(userCalls()).toHaveLength(1);
  });

  it('is signed out when the API refuses the access token outright (401)', async () => {
    api.answer(({ url }) =>
      url === '/auth/logout/'
        ? { status: 204 }
        : {
            status: 401,
            body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid access token.' },
          },
    );
    const store = signedInStore(null);
    const { router } = renderWithProviders('/properties', { store });
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('opening sign-in goes to the dashboard', async () => {
    const { router } = renderWithProviders('/login', { store: signedInStore() });
    expect(await screen.findByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('a session that ends while the shell is shown', () => {
  it('leads to sign-in with a notice, and back to the page afterwards', async () => {
    const store = signedInStore();
    const { router } = renderWithProviders('/properties', { store });
    expect(await screen.findByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();

    store.dispatch(logout());

    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(
      screen.getByText('Din inloggning har gått ut. Logga in igen för att fortsätta.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/properties');
  });

  it('ends when the refresh of an expired access token fails (SPEC §8): storage emptied', async () => {
    storeSession();
    api.answer(({ url }) =>
      url === '/auth/refresh/'
        ? {
            status: 401,
            body: { statusCode: 401, error: 'Unauthorized', message: 'Session ended.' },
          }
        : {
            status: 418,
            body: { statusCode: 418, error: "I'm a Teapot", message: 'Access token expired.' },
          },
    );
    const store = connectedStore();
    const { router } = renderWithProviders('/properties', { store });

    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(screen.getByText(/Din inloggning har gått ut/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
    expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
  });

  it('goes unnoticed when the expired access token is refreshed', async () => {
    storeSession();
    localStorage.setItem('access', 'expired');
    api.answer(({ url, headers }) => {
      if (url === '/auth/refresh/')
        return { status: 200, body: { accessToken: 'fresh', refreshToken: 'refresh-2' } };
      if (headers.authorization === 'Bearer expired')
        return {
          status: 418,
          body: { statusCode: 418, error: "I'm a Teapot", message: 'Expired.' },
        };
      // The dashboard's lists (its properties, those needing attention) are empty.
      return { status: 200, body: url?.startsWith('/properties') ? [] : karin };
    });
    const store = connectedStore();
    const { router } = renderWithProviders('/', { store });

    expect(await screen.findByRole('heading', { level: 1, name: GREETING })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth).toEqual({ isLoggedIn: true, accessToken: 'fresh' });
    expect(localStorage.getItem('access')).toBe('fresh');
  });
});
