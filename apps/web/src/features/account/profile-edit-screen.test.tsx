// Editing one's profile against a real API server on loopback: what is sent (the whole user
// object), the success and failure messages of SPEC §8 in both languages, the password change,
// the language switch and the messages being reset on leaving.

import type { User } from '@portal/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../lib/http';
import { erik, karin } from '../../test/people';
import { renderComponent } from '../../test/render';
import { signedInStore } from '../../test/store';
import { type ReceivedRequest, startTestApi } from '../../test/test-api';
import ProfileEditScreen from './profile-edit-screen';

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

/** Answers like the API: PUT /user/{email} echoes the change, GET /user/{id} the latest user. */
function actLikeTheApi(start: User) {
  let stored = start;
  api.answer((request: ReceivedRequest) => {
    if (request.method === 'PUT') {
      const {
        password: _password,
        newPassword: _newPassword,
        ...changes
      } = request.body as Partial<User> & { password?: string; newPassword?: string };
      stored = { ...stored, ...changes };
      return { status: 200, body: { user: stored } };
    }
    return { status: 200, body: stored };
  });
}

const failure = { statusCode: 500, error: 'Internal Server Error', message: 'Something broke.' };
const puts = () => api.requests.filter((request) => request.method === 'PUT');

function renderEdit(user: User = karin, language: 'sv' | 'en' = 'sv') {
  const store = signedInStore(user);
  return renderComponent(<ProfileEditScreen />, { store, language });
}

describe('editing the profile (Swedish)', () => {
  it('shows the current values', () => {
    renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Redigera profil' })).toBeVisible();
    expect(screen.getByLabelText(/^Namn/)).toHaveValue('Karin Lund');
    expect(screen.getByLabelText(/^Telefon/)).toHaveValue('070-123 45 67');
    expect(screen.getByRole('radio', { name: 'Svenska' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Pushnotiser/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^E-postaviseringar/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Tillbaka till profilen' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it("saves the whole user object to PUT /user/{email} and shows 'Profilen uppdaterad'", async () => {
    actLikeTheApi(karin);
    const { user, store } = renderEdit();
    const phone = screen.getByLabelText(/^Telefon/);
    await user.clear(phone);
    await user.type(phone, ' 08-555 123 45 ');
    await user.click(screen.getByRole('switch', { name: /^E-postaviseringar/ }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Profilen uppdaterad');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      url: '/user/forvaltare%40example.se',
      body: {
        ...karin,
        phone: '08-555 123 45',
        emailNotifications: true,
      },
    });
    expect(puts()[0]?.body).not.toHaveProperty('newPassword');
    // The signed-in user is fetched again, so the rest of the portal sees the change.
    await waitFor(() => expect(store.getState().user.fetchUser.user?.phone).toBe('08-555 123 45'));
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', url: `/user/${karin.id}` });
  });

  it("shows 'Det gick inte att skicka' when the API refuses", async () => {
    api.answer(() => ({ status: 500, body: failure }));
    const { user } = renderEdit();
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att skicka');
    expect(screen.queryByText('Profilen uppdaterad')).not.toBeInTheDocument();
  });

  it('does not send a phone number with letters, and says why', async () => {
    actLikeTheApi(karin);
    const { user } = renderEdit();
    await user.type(screen.getByLabelText(/^Telefon/), ' ring mig');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(screen.getByLabelText(/^Telefon/)).toHaveAccessibleDescription(
      /Ett telefonnummer har bara siffror/,
    );
    expect(puts()).toHaveLength(0);
  });

  it('does not send an empty name', async () => {
    actLikeTheApi(karin);
    const { user } = renderEdit();
    await user.clear(screen.getByLabelText(/^Namn/));
    await user.type(screen.getByLabelText(/^Namn/), '   ');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(screen.getByText('Skriv ditt namn.')).toBeVisible();
    expect(puts()).toHaveLength(0);
  });

  it('changes the password with the current one, and empties the fields afterwards', async () => {
    actLikeTheApi(karin);
    const { user } = renderEdit();
    await user.type(screen.getByLabelText('Nuvarande lösenord'), 'gammalt-lösen');
    await user.type(screen.getByLabelText(/^Nytt lösenord/), 'ett nytt långt lösen');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'ett nytt långt lösen');
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Profilen uppdaterad');
    expect(puts()[0]?.body).toMatchObject({
      password: 'gammalt-lösen',
      newPassword: 'ett nytt långt lösen',
    });
    expect(screen.getByLabelText('Nuvarande lösenord')).toHaveValue('');
    expect(screen.getByLabelText(/^Nytt lösenord/)).toHaveValue('');
  });

  it('checks the new password before sending: current given, long enough, repeated alike', async () => {
    actLikeTheApi(karin);
    const { user } = renderEdit();
    await user.type(screen.getByLabelText(/^Nytt lösenord/), 'kort');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'annat');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(screen.getByText('Skriv ditt nuvarande lösenord.')).toBeVisible();
    expect(screen.getByText('Lösenordet måste ha minst 8 tecken.')).toBeVisible();
    expect(screen.getByText('Lösenorden stämmer inte överens.')).toBeVisible();
    expect(puts()).toHaveLength(0);
  });

  it('marks the current password when the API says it is wrong', async () => {
    api.answer(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The current password is wrong.',
        code: 'WRONG_PASSWORD',
      },
    }));
    const { user } = renderEdit();
    await user.type(screen.getByLabelText('Nuvarande lösenord'), 'fel-lösen');
    await user.type(screen.getByLabelText(/^Nytt lösenord/), 'ett nytt långt lösen');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'ett nytt långt lösen');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Det nuvarande lösenordet är fel.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Det gick inte att skicka');
  });

  it('shows the rules the API names on their fields (VALIDATION_FAILED), the first focused', async () => {
    api.answer(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'newPassword: The password must be at least 10 characters long.',
        code: 'VALIDATION_FAILED',
        details: {
          issues: [
            { field: 'newPassword', rule: 'too_small', limit: 10, message: 'English' },
            { field: 'phone', rule: 'too_big', limit: 20, message: 'English' },
          ],
        },
      },
    }));
    const { user } = renderEdit();
    await user.type(screen.getByLabelText('Nuvarande lösenord'), 'gammalt-lösen');
    await user.type(screen.getByLabelText(/^Nytt lösenord/), 'ett nytt lösen');
    await user.type(screen.getByLabelText('Upprepa det nya lösenordet'), 'ett nytt lösen');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Lösenordet måste ha minst 10 tecken.')).toBeVisible();
    expect(screen.getByLabelText(/^Telefon/)).toHaveAccessibleDescription(
      expect.stringContaining('Ett telefonnummer har bara siffror'),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Telefon/)).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Det gick inte att skicka');
  });

  it('switches the portal to English once the language is saved', async () => {
    actLikeTheApi(erik);
    const { user, i18n } = renderEdit(erik);
    await user.click(screen.getByRole('radio', { name: 'English' }));
    // Choosing alone changes nothing yet.
    expect(screen.getByRole('heading', { level: 1, name: 'Redigera profil' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Updated profile');
    expect(puts()[0]?.body).toMatchObject({ language: 'en' });
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('keeps the language shown when the profile language was not changed', async () => {
    actLikeTheApi({ ...erik, language: 'sv' });
    const { user, i18n } = renderEdit(erik, 'en');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Updated profile');
    expect(i18n.language).toBe('en');
  });

  it('forgets the update messages when the user leaves', async () => {
    actLikeTheApi(karin);
    const { user, store, unmount } = renderEdit();
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    await screen.findByRole('status');
    expect(store.getState().user.updateUser.success).toBe('user.updated');
    unmount();
    expect(store.getState().user.updateUser).toMatchObject({ success: '', error: '' });
  });
});

describe('editing the profile (English)', () => {
  it('labels everything in English', () => {
    renderEdit(karin, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Karin Lund');
    expect(screen.getByLabelText(/^Phone/)).toBeVisible();
    expect(screen.getByRole('switch', { name: /^Push notifications/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Change password' })).toBeVisible();
    expect(screen.getByLabelText('Current password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  it("shows 'Updated profile' on success", async () => {
    actLikeTheApi(karin);
    const { user } = renderEdit(karin, 'en');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Updated profile');
  });

  it("shows 'Failed to submit' on failure", async () => {
    api.answer(() => ({ status: 500, body: failure }));
    const { user } = renderEdit(karin, 'en');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit');
  });
});
