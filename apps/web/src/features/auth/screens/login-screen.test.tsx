// Signing in through the screen, against a real API server on loopback: where it leads, and what
// it says when it fails, in Swedish and English.

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../../lib/http';
import { field, findField } from '../../../test/auth-fields';
import { karin } from '../../../test/people';
import { renderWithProviders } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';

const api = serveTestApi();

const session = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  id: karin.id,
  user: karin,
};

/** An API that signs in and then answers the shell's GET /user/{id} (and the dashboard's lists,
 * empty). */
function signInAnswers() {
  api.answer(({ url }) => {
    if (url === '/auth/login/') return { status: 200, body: session };
    return { status: 200, body: url?.startsWith('/properties') ? [] : karin };
  });
}

/** An API whose sign-in fails with `status` and `message`. */
function failingSignIn(status: number, message: string, extra = {}) {
  api.answer(() => ({ status, body: { statusCode: status, error: 'Error', message, ...extra } }));
}

async function signIn(
  user: ReturnType<typeof renderWithProviders>['user'],
  email = 'forvaltare@example.se',
  password = 'Solrosen-demo-2026',
  labels = { email: 'E-postadress', password: 'Lösenord', submit: 'Logga in' },
) {
  if (email) await user.type(await findField(labels.email), email);
  if (password) await user.type(field(labels.password), password);
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('sign-in screen', () => {
  it('offers e-mail, password, sign-in and the ways to an account or a new password', async () => {
    renderWithProviders('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    expect(field('E-postadress')).toHaveAttribute('type', 'email');
    expect(field('Lösenord')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Skapa konto' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Glömt lösenordet?' })).toHaveAttribute(
      'href',
      '/reset-password-email',
    );
  });

  it('signs in, keeps the session and greets the user on the dashboard', async () => {
    signInAnswers();
    const { user, router, store } = renderWithProviders('/login');
    await signIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: /, Karin$/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requests[0]).toMatchObject({
      url: '/auth/login/',
      body: { email: 'forvaltare@example.se', password: 'Solrosen-demo-2026' },
    });
    expect(localStorage.getItem('access')).toBe('access-1');
    expect(localStorage.getItem('session')).toBe('refresh-1');
    expect(localStorage.getItem('id')).toBe(karin.id);
    expect(store.getState().auth).toEqual({ isLoggedIn: true, accessToken: 'access-1' });
    expect(store.getState().user.fetchUser.user).toEqual(karin);
  });

  it('goes back to the page in ?next= after signing in', async () => {
    signInAnswers();
    const { user, router, store } = renderWithProviders(
      '/login?next=%2Fproperty%2Fp1%2Fno-such-view%3Fx%3D1',
    );
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/property/p1/no-such-view');
    expect(router.state.location.search).toBe('?x=1');
    await vi.waitFor(() => expect(store.getState().user.fetchUser.user).toEqual(karin));
  });

  it('ignores a ?next= that leads to another host and goes to the dashboard', async () => {
    signInAnswers();
    const { user, router } = renderWithProviders('/login?next=%2F%2Fevil.example%2Fportal');
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: /, Karin$/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends someone already signed in on to the dashboard', async () => {
    const { router } = renderWithProviders('/login', { store: signedInStore() });
    expect(await screen.findByRole('heading', { level: 1, name: /, Karin$/ })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it("says 'Fel e-postadress eller lösenord.' for wrong credentials and stays", async () => {
    failingSignIn(401, 'Wrong e-mail or password.');
    const { user, router, store } = renderWithProviders('/login');
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fel e-postadress eller lösenord.');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('says how many minutes to wait after too many attempts', async () => {
    failingSignIn(429, 'Rate limit exceeded, retry in 2 minutes', {
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: 120,
    });
    const { user } = renderWithProviders('/login');
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'För många försök. Försök igen om 2 minuter.',
    );
  });

  it('says to try later when the error gives no wait', async () => {
    failingSignIn(429, 'Too many attempts. Try again later.');
    const { user } = renderWithProviders('/login');
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'För många försök. Försök igen senare.',
    );
  });

  it('says the portal could not be reached when the API does not answer', async () => {
    const { user } = renderWithProviders('/login');
    http.defaults.baseURL = 'http://127.0.0.1:9';
    try {
      await signIn(user);
      expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att nå portalen.');
    } finally {
      http.defaults.baseURL = api.url;
    }
  });

  it('asks for what is missing without calling the API', async () => {
    api.answer(() => ({ status: 500 }));
    const { user } = renderWithProviders('/login');
    await signIn(user, '', '');
    expect(await screen.findByText('Skriv din e-postadress.')).toBeVisible();
    expect(screen.getByText('Skriv ditt lösenord.')).toBeVisible();
    await user.type(field('E-postadress'), 'anna');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Skriv en giltig e-postadress.')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('is in English when English is chosen', async () => {
    failingSignIn(401, 'Wrong e-mail or password.');
    const { user } = renderWithProviders('/login', { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await signIn(user, 'anna@example.se', 'wrong password', {
      email: 'E-mail address',
      password: 'Password',
      submit: 'Sign in',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail address or password.');
  });
});
