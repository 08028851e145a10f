// Registering by e-mail and completing the account from the e-mailed link, against a real API
// server on loopback, in Swedish and English.
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { field, findField } from '../../../test/auth-fields';
import { renderWithProviders } from '../../../test/render';
import { failure, serveTestApi } from '../../../test/serve-test-api';
import { storeSession } from '../../../test/store';
import type { ReceivedRequest } from '../../../test/test-api';

const api = serveTestApi();

describe('registering an address (signup)', () => {
  it('posts the address anonymously and says to check the inbox', async () => {
    // A stale session on the device must not go along with a visitor's call.
    storeSession();
    api.answer(() => ({ status: 202, body: { status: 'accepted' } }));
    const { user } = renderWithProviders('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Skapa konto' })).toBeVisible();
    await user.type(field('E-postadress'), ' ny@example.se ');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Kolla din inkorg' })).toBeVisible();
    expect(status).toHaveTextContent('Vi har skickat ett mejl till ny@example.se.');
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/user/',
      body: { email: 'ny@example.se', language: 'sv' },
    });
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Logga in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before calling the API', async () => {
    api.answer(() => ({ status: 202, body: { status: 'accepted' } }));
    const { user } = renderWithProviders('/signup');
    await user.type(await findField('E-postadress'), 'ny.example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));
    expect(await screen.findByText('Skriv en giltig e-postadress.')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('says so when there were too many requests', async () => {
    api.answer(() =>
      failure(429, 'Rate limit exceeded, retry in 1 minute', {
        code: 'TOO_MANY_REQUESTS',
        retryAfterSeconds: 60,
      }),
    );
    const { user } = renderWithProviders('/signup');
    await user.type(await findField('E-postadress'), 'ny@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'För många försök. Försök igen om 1 minut.',
    );
    expect(screen.queryByRole('heading', { name: 'Kolla din inkorg' })).not.toBeInTheDocument();
  });

  it('shows the API’s refusal of the address on the field, not in an alert', async () => {
    api.answer(() =>
      failure(400, 'email: Enter a valid e-mail address.', {
        code: 'VALIDATION_FAILED',
        details: {
          issues: [{ field: 'email', rule: 'invalid_format', format: 'email', message: 'English' }],
        },
      }),
    );
    const { user } = renderWithProviders('/signup');
    await user.type(await findField('E-postadress'), 'ny@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));
    await vi.waitFor(() =>
      expect(field('E-postadress')).toHaveAccessibleDescription('Skriv en giltig e-postadress.'),
    );
    await vi.waitFor(() => expect(field('E-postadress')).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is in English when English is chosen, and asks for mail in English', async () => {
    api.answer(() => ({ status: 202, body: { status: 'accepted' } }));
    const { user } = renderWithProviders('/signup', { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create an account' }),
    ).toBeVisible();
    await user.type(field('E-mail address'), 'new@example.se');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(api.requests[0]?.body).toEqual({ email: 'new@example.se', language: 'en' });
  });
});

const KEY = 'k3y_-abc';
const LINK = `/signup/${KEY}/ny%2Banna%40example.se`;
const signedUp = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  id: '9d7c5e1a-2b3c-4d5e-8f90-1a2b3c4d5e6f',
  user: {
    id: '9d7c5e1a-2b3c-4d5e-8f90-1a2b3c4d5e6f',
    email: 'ny+anna@example.se',
    name: 'Anna Ny',
    phone: '',
    role: 'site-manager',
    language: 'sv',
    invitationStatus: 'accepted',
    pushNotifications: false,
    emailNotifications: false,
    organizations: [],
  },
};

type Reply = { status: number; body?: unknown };

/** The API: POST /auth/signup/check says the link is `status`; every other call gets `reply`. */
const linkIs =
  (
    status: 'valid' | 'used' | 'invalid',
    reply: () => Reply = () => ({ status: 200, body: signedUp }),
  ) =>
  (request: ReceivedRequest) =>
    request.url === '/auth/signup/check' ? { status: 200, body: { status } } : reply();

/** The signup call itself, leaving out the check before it. */
const signupRequests = () => api.requests.filter((request) => request.url === '/auth/signup/');

async function completeSignup(
  user: ReturnType<typeof renderWithProviders>['user'],
  {
    password = 'ett långt lösenord',
    repeated = password,
    phone = '070-111 22 33',
  }: { password?: string; repeated?: string; phone?: string } = {},
) {
  await user.type(await findField('Namn'), ' Anna Ny ');
  if (phone) await user.type(field('Telefon (valfritt)'), phone);
  await user.type(field('Lösenord'), password);
  await user.type(field('Upprepa lösenordet'), repeated);
  await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
}

describe('completing an account from the link (signup/{key}/{email})', () => {
  it('shows the decoded address read-only and the password rules before anything is typed', async () => {
    api.answer(linkIs('valid'));
    renderWithProviders(LINK);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Skapa ditt konto' }),
    ).toBeVisible();
    const email = field('E-postadress');
    expect(email).toHaveValue('ny+anna@example.se');
    expect(email).toHaveAttribute('readonly');
    expect(
      screen.getByText('Minst 8 tecken, inte ett vanligt lösenord och inte din e-postadress.'),
    ).toBeVisible();
  });

  it('signs up, keeps the session like a sign-in and goes on to profile/new', async () => {
    api.answer(linkIs('valid'));
    const { user, router, store } = renderWithProviders(LINK);
    await completeSignup(user);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile/new'));
    expect(signupRequests()[0]).toMatchObject({
      method: 'POST',
      url: '/auth/signup/',
      body: {
        key: KEY,
        email: 'ny+anna@example.se',
        name: 'Anna Ny',
        phone: '070-111 22 33',
        password: 'ett långt lösenord',
        language: 'sv',
      },
    });
    expect(localStorage.getItem('access')).toBe('access-new');
    expect(localStorage.getItem('session')).toBe('refresh-new');
    expect(localStorage.getItem('id')).toBe(signedUp.id);
    expect(store.getState().auth).toEqual({ isLoggedIn: true, accessToken: 'access-new' });
  });

  it('leaves out a phone number that was not given', async () => {
    api.answer(linkIs('valid'));
    const { user, router } = renderWithProviders(LINK);
    await completeSignup(user, { phone: '' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile/new'));
    expect(signupRequests()[0]?.body).not.toHaveProperty('phone');
  });

  it('refuses passwords that differ or are too short, without calling the API', async () => {
    api.answer(linkIs('valid'));
    const { user } = renderWithProviders(LINK);
    await completeSignup(user, { password: 'kort', repeated: 'annat' });
    expect(await screen.findByText('Lösenordet måste ha minst 8 tecken.')).toBeVisible();
    expect(screen.getByText('Lösenorden stämmer inte överens.')).toBeVisible();
    // Only the signup call counts: a user fetch of the test before may still arrive late.
    expect(signupRequests()).toHaveLength(0);
  });

  it('refuses a phone number with letters and an empty name, focusing the first to fix', async () => {
    api.answer(linkIs('valid'));
    const { user } = renderWithProviders(LINK);
    await user.type(await findField('Telefon (valfritt)'), 'ring mig');
    await user.click(screen.getByRole('button', { name: 'Skapa konto' }));
    expect(field('Namn')).toHaveAccessibleDescription('Skriv ditt namn.');
    expect(field('Telefon (valfritt)')).toHaveAccessibleDescription(
      /^Ett telefonnummer har bara siffror/,
    );
    expect(field('Namn')).toHaveFocus();
    expect(signupRequests()).toHaveLength(0);
  });

  it('shows the rules the API names on their fields (VALIDATION_FAILED), in the language shown', async () => {
    api.answer(
      linkIs('valid', () =>
        failure(400, 'password: The password must be at least 10 characters long.', {
          code: 'VALIDATION_FAILED',
          details: {
            issues: [
              { field: 'password', rule: 'too_small', limit: 10, message: 'English' },
              { field: 'phone', rule: 'too_big', limit: 12, message: 'English' },
            ],
          },
        }),
      ),
    );
    const { user, i18n } = renderWithProviders(LINK);
    await completeSignup(user);
    await vi.waitFor(() =>
      expect(field('Lösenord')).toHaveAccessibleDescription(
        expect.stringContaining('Lösenordet måste ha minst 10 tecken.'),
      ),
    );
    expect(field('Telefon (valfritt)')).toHaveAccessibleDescription(
      /^Ett telefonnummer har bara siffror/,
    );
    // The focus moves once the messages are shown, to the first in the page.
    await vi.waitFor(() => expect(field('Telefon (valfritt)')).toHaveFocus());
    // On the fields, not again in an alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('The password must be at least 10 characters long.'),
    );
  });

  it("shows the API's answer to a used or expired link, with a way to a new one", async () => {
    api.answer(
      linkIs('valid', () =>
        failure(400, 'The link is invalid or has expired.', { code: 'LINK_INVALID' }),
      ),
    );
    const { user, router, store } = renderWithProviders(LINK);
    await completeSignup(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Länken är ogiltig eller har gått ut.');
    expect(within(alert).getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(router.state.location.pathname).toBe(`/signup/${KEY}/ny%2Banna%40example.se`);
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('says why the API refused a weak password', async () => {
    api.answer(
      linkIs('valid', () =>
        failure(400, 'This password is too common. Choose another one.', {
          code: 'PASSWORD_COMMON',
        }),
      ),
    );
    const { user } = renderWithProviders(LINK);
    await completeSignup(user, { password: 'password1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Lösenordet är för vanligt. Välj ett annat.',
    );
  });

  it('says a malformed link is invalid, with a way to a new one', async () => {
    renderWithProviders('/signup/abc/not-an-address');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Länken är ogiltig eller har gått ut.');
    expect(within(alert).getByRole('link', { name: 'Begär en ny länk' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skapa konto' })).not.toBeInTheDocument();
  });

  it('is in English when English is chosen', async () => {
    api.answer(linkIs('valid'));
    renderWithProviders(LINK, { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    for (const label of [
      'E-mail address',
      'Name',
      'Phone (optional)',
      'Password',
      'Repeat the password',
    ])
      expect(field(label)).toBeVisible();
    expect(
      screen.getByText('At least 8 characters, not a common password and not your e-mail address.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeVisible();
  });
});

describe('the link checked on arrival, before the form', () => {
  it('asks the API anonymously about the key and the decoded address, using nothing up', async () => {
    storeSession();
    api.answer(linkIs('valid'));
    renderWithProviders(LINK);
    expect(await findField('Namn')).toBeVisible();
    const check = api.requests.find((request) => request.url === '/auth/signup/check');
    expect(check).toMatchObject({
      method: 'POST',
      body: { key: KEY, email: 'ny+anna@example.se' },
    });
    expect(check?.headers.authorization).toBeUndefined();
  });

  it('says the account exists for a used link and leads to sign-in with the address filled in', async () => {
    api.answer(linkIs('used'));
    const { user, router } = renderWithProviders(LINK);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kontot finns redan' }),
    ).toBeVisible();
    expect(screen.getByText(/ny\+anna@example\.se har redan ett konto i portalen/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skapa konto' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Glömt lösenordet?' })).toHaveAttribute(
      'href',
      '/reset-password-email',
    );
    await user.click(screen.getByRole('link', { name: 'Logga in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await findField('E-postadress')).toHaveValue('ny+anna@example.se');
  });

  it('says so in English', async () => {
    api.answer(linkIs('used'));
    renderWithProviders(LINK, { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The account already exists' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says an invalid link is invalid, with a way to a new one, and shows no form', async () => {
    api.answer(linkIs('invalid'));
    renderWithProviders(LINK);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Länken är ogiltig eller har gått ut.');
    expect(within(alert).getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.queryByRole('button', { name: 'Skapa konto' })).not.toBeInTheDocument();
  });

  it('shows the form when the check gets no answer it knows, and the form tells', async () => {
    api.answer(() => failure(429, 'Too many requests.', { code: 'TOO_MANY_REQUESTS' }));
    renderWithProviders(LINK);
    expect(await findField('Namn')).toBeVisible();
  });
});
