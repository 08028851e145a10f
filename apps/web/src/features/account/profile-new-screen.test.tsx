// The first visit after signing up: one step with name, phone, language and notifications, then
// the dashboard; a failure keeps the user here with SPEC §8's message.

import type { User } from '@portal/contracts/users';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../lib/http';
import { erik } from '../../test/people';
import { renderComponent } from '../../test/render';
import { signedInStore } from '../../test/store';
import { type ReceivedRequest, startTestApi } from '../../test/test-api';
import ProfileNewScreen from './profile-new-screen';

let api: Awaited<ReturnType<typeof startTestApi>>;
let apiURL: string | undefined;

beforeAll(async () => {
  api = await startTestApi();
  apiURL = http.defaults.baseURL;
  http.defaults.baseURL = api.url;
});

afterAll(async () => {
  http.defaults.baseURL = apiURL;
  await api.close();
});

/** Just signed up: a name from the sign-up form, nothing else yet. */
const newUser: User = { ...erik, phone: '', pushNotifications: false, emailNotifications: false };

function actLikeTheApi() {
  api.answer((request: ReceivedRequest) =>
    request.method === 'PUT'
      ? { status: 200, body: { user: { ...newUser, ...(request.body as object) } } }
      : { status: 200, body: newUser },
  );
}

const puts = () => api.requests.filter((request) => request.method === 'PUT');

function renderNew(language: 'sv' | 'en' = 'sv') {
  const store = signedInStore(newUser);
  return renderComponent(
    <Routes>
      <Route path="/profile/new" element={<ProfileNewScreen />} />
      <Route path="/" element={<h1>Startsidan</h1>} />
    </Routes>,
    { store, language, route: '/profile/new' },
  );
}

describe('completing a new profile', () => {
  it('welcomes the user in Swedish with their name filled in', () => {
    renderNew();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Välkommen till portalen!' }),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Namn/)).toHaveValue('Erik Styrelse');
    expect(screen.getByRole('radio', { name: 'Svenska' })).toBeChecked();
  });

  it('saves everything in one step and goes on to the dashboard', async () => {
    actLikeTheApi();
    const { user } = renderNew();
    await user.type(screen.getByLabelText(/^Telefon/), '070-987 65 43');
    await user.click(screen.getByRole('switch', { name: /^Pushnotiser/ }));
    await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));

    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeVisible();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      url: '/user/styrelsen%40example.se',
      body: { ...newUser, phone: '070-987 65 43', pushNotifications: true, language: 'sv' },
    });
  });

  it("stays with 'Det gick inte att skicka' when saving fails", async () => {
    api.answer(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'x' },
    }));
    const { user } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att skicka');
    expect(screen.getByRole('heading', { name: 'Välkommen till portalen!' })).toBeVisible();
  });

  it('needs a name', async () => {
    actLikeTheApi();
    const { user } = renderNew();
    await user.clear(screen.getByLabelText(/^Namn/));
    await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));
    expect(screen.getByText('Skriv ditt namn.')).toBeVisible();
    expect(puts()).toHaveLength(0);
  });

  it('shows a rule the API names on its field (VALIDATION_FAILED)', async () => {
    api.answer(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'name: Too big.',
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'name', rule: 'too_big', limit: 100, message: 'Too big.' }] },
      },
    }));
    const { user } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));
    expect(await screen.findByText('Texten får ha högst 100 tecken.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Det gick inte att skicka');
  });

  it('can be left for later', async () => {
    const { user } = renderNew();
    await user.click(screen.getByRole('link', { name: 'Gör det senare' }));
    expect(await screen.findByRole('heading', { name: 'Startsidan' })).toBeVisible();
  });

  it('switches the portal to the language chosen', async () => {
    actLikeTheApi();
    const { user, i18n } = renderNew();
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));
    await screen.findByRole('heading', { name: 'Startsidan' });
    expect(puts()[0]?.body).toMatchObject({ language: 'en' });
    expect(i18n.language).toBe('en');
  });

  it('speaks English, preselecting the language the user reads', async () => {
    actLikeTheApi();
    const { user } = renderNew('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to the portal!' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { name: 'Startsidan' });
    expect(puts()[0]?.body).toMatchObject({ language: 'en' });
  });

  it("says 'Failed to submit' in English", async () => {
    api.answer(() => ({ status: 500, body: { statusCode: 500, error: 'x', message: 'x' } }));
    const { user } = renderNew('en');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit');
  });

  it('forgets the update messages when the user leaves', async () => {
    api.answer(() => ({ status: 500, body: { statusCode: 500, error: 'x', message: 'x' } }));
    const { user, store, unmount } = renderNew();
    await user.click(screen.getByRole('button', { name: 'Spara och fortsätt' }));
    await screen.findByRole('alert');
    unmount();
    expect(store.getState().user.updateUser).toMatchObject({ success: '', error: '' });
  });
});
