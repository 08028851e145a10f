// The language is one setting: signing in shows the profile's language, and while signed in the
// header's switch saves to the profile (PUT /user/{email} with the whole user); signed out, the
// switch only changes this browser's choice. Against a real API server on loopback.
import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { field, findField } from '../../test/auth-fields';
import { karin } from '../../test/people';
import { renderWithProviders } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { makeStore, signedInStore } from '../../test/store';
import type { ReceivedRequest } from '../../test/test-api';

const api = serveTestApi();

/** Answers like the API: the signed-in user as last saved, PUT /user/{email} saving them. */
function actLikeTheApi(initial: User = karin) {
  let saved = initial;
  api.answer((request: ReceivedRequest) => {
    if (request.method === 'PUT') {
      saved = { ...saved, language: (request.body as User).language };
      return { status: 200, body: { user: saved } };
    }
    if (request.url === '/auth/login/')
      return {
        status: 200,
        body: { accessToken: 'a', refreshToken: 'r', id: saved.id, user: saved },
      };
    if (request.url === `/user/${saved.id}`) return { status: 200, body: saved };
    return { status: 200, body: [] };
  });
}

const puts = () => api.requests.filter((request) => request.method === 'PUT');

beforeEach(() => {
  actLikeTheApi();
});

describe('signed in', () => {
  it("keeps this browser's choice between sign-ins, saving nothing by itself", async () => {
    renderWithProviders('/no/such/page', {
      store: signedInStore({ ...karin, language: 'sv' }),
      language: 'en',
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.documentElement.lang).toBe('en');
    expect(puts()).toEqual([]);
  });

  it('saves a choice in the header to the profile, sending the whole user', async () => {
    const { user } = renderWithProviders('/no/such/page', { store: signedInStore(karin) });
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.url).toBe(`/user/${encodeURIComponent(karin.email)}`);
    expect(puts()[0]?.body).toEqual({ ...karin, language: 'en' });
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('stays on the choice while the profile is fetched again after saving', async () => {
    const { user } = renderWithProviders('/no/such/page', { store: signedInStore(karin) });
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    // The save makes the signed-in user stale: fetched again, it says English too.
    await waitFor(() =>
      expect(
        api.requests.some(
          (request) => request.method === 'GET' && request.url === `/user/${karin.id}`,
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  });

  it('switches back and saves that too', async () => {
    const { user } = renderWithProviders('/no/such/page', {
      store: signedInStore({ ...karin, language: 'en' }),
      language: 'en',
    });
    await user.click(await screen.findByRole('radio', { name: 'Svenska' }));
    expect(await screen.findByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    // A save of the test before may still arrive late: this one's is the Swedish one.
    await waitFor(() =>
      expect(puts().map((request) => (request.body as User).language)).toContain('sv'),
    );
  });
});

describe('signing in', () => {
  it("turns the portal to the profile's language", async () => {
    actLikeTheApi({ ...karin, language: 'en' });
    const { user } = renderWithProviders('/login', { store: makeStore(), language: 'sv' });
    await user.type(await findField('E-postadress'), karin.email);
    await user.type(field('Lösenord'), 'Solrosen-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(
      await within(await screen.findByRole('navigation', { name: 'Main menu' })).findByRole(
        'link',
        { name: 'Properties' },
      ),
    ).toBeVisible();
    expect(localStorage.getItem('language')).toBe('en');
    expect(puts()).toEqual([]);
  });
});

describe('signed out', () => {
  it("changes only this browser's choice", async () => {
    const { user } = renderWithProviders('/login', { store: makeStore() });
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(localStorage.getItem('language')).toBe('en');
    expect(puts()).toEqual([]);
  });
});
