// Recovering a password by e-mail, against a real API server on loopback, in Swedish and English.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { field, findField } from '../../../test/auth-fields';
import { renderWithProviders } from '../../../test/render';
import { failure, serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';

const api = serveTestApi();

describe('asking for a reset link (reset-password-email)', () => {
  it('posts the address and says a link is on its way if it has an account', async () => {
    api.answer(() => ({ status: 202, body: { status: 'accepted' } }));
    const { user } = renderWithProviders('/reset-password-email');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Återställ lösenordet' }),
    ).toBeVisible();
    await user.type(field('E-postadress'), 'anna@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'Om anna@example.se har ett konto är en länk för att välja nytt lösenord på väg.',
    );
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/reset-password-email/',
      body: { email: 'anna@example.se' },
    });
  });

  it('says what went wrong when the API cannot take the request', async () => {
    api.answer(() => failure(500, 'Something went wrong.'));
    const { user } = renderWithProviders('/reset-password-email');
    await user.type(await findField('E-postadress'), 'anna@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Något gick fel.');
  });

  it('leads back to sign-in', async () => {
    renderWithProviders('/reset-password-email');
    expect(await screen.findByRole('link', { name: 'Tillbaka till inloggningen' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('is in English when English is chosen', async () => {
    api.answer(() => ({ status: 202, body: { status: 'accepted' } }));
    const { user } = renderWithProviders('/reset-password-email', { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await user.type(field('E-mail address'), 'anna@example.se');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If anna@example.se has an account, a link to choose a new password is on its way.',
    );
  });
});

const LINK = '/reset-password-email/r3set-key/anna%40example.se';

async function choosePassword(
  user: ReturnType<typeof renderWithProviders>['user'],
  password = 'ett nytt långt lösenord',
  repeated = password,
) {
  await user.type(await findField('Nytt lösenord'), password);
  await user.type(field('Upprepa lösenordet'), repeated);
  await user.click(screen.getByRole('button', { name: 'Byt lösenord' }));
}

describe('choosing a new password (reset-password-email/{key}/{email})', () => {
  it('changes the password and goes to sign-in, which says so', async () => {
    api.answer(() => ({ status: 204 }));
    const { user, router } = renderWithProviders(LINK);
    await choosePassword(user);

    expect(
      await screen.findByText('Lösenordet är ändrat. Logga in med det nya lösenordet.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(field('E-postadress')).toHaveValue('anna@example.se');
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/reset-password/',
      body: { key: 'r3set-key', email: 'anna@example.se', password: 'ett nytt långt lösenord' },
    });
  });

  it('signs out a session on this device, which the API has ended', async () => {
    api.answer(() => ({ status: 204 }));
    const store = signedInStore();
    const { user } = renderWithProviders(LINK, { store });
    await choosePassword(user);
    expect(
      await screen.findByText('Lösenordet är ändrat. Logga in med det nya lösenordet.'),
    ).toBeVisible();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('shows the address read-only', async () => {
    renderWithProviders(LINK);
    const email = await findField('E-postadress');
    expect(email).toHaveValue('anna@example.se');
    expect(email).toHaveAttribute('readonly');
  });

  it('asks for a password before calling the API, focusing its field', async () => {
    api.answer(() => ({ status: 204 }));
    const { user } = renderWithProviders(LINK);
    await user.click(await screen.findByRole('button', { name: 'Byt lösenord' }));
    expect(field('Nytt lösenord')).toHaveAccessibleDescription(
      expect.stringContaining('Skriv ditt lösenord.'),
    );
    expect(field('Nytt lösenord')).toHaveFocus();
    expect(api.requests).toHaveLength(0);
  });

  it('refuses passwords that differ, without calling the API', async () => {
    api.answer(() => ({ status: 204 }));
    const { user } = renderWithProviders(LINK);
    await choosePassword(user, 'ett nytt långt lösenord', 'ett annat långt lösenord');
    expect(await screen.findByText('Lösenorden stämmer inte överens.')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it('shows a rule the API names on the password field (VALIDATION_FAILED)', async () => {
    api.answer(() =>
      failure(400, 'password: The password must be at most 64 characters long.', {
        code: 'VALIDATION_FAILED',
        details: {
          issues: [{ field: 'password', rule: 'too_big', limit: 64, message: 'English' }],
        },
      }),
    );
    const { user } = renderWithProviders(LINK);
    await choosePassword(user);
    await vi.waitFor(() =>
      expect(field('Nytt lösenord')).toHaveAccessibleDescription(
        expect.stringContaining('Lösenordet får ha högst 64 tecken.'),
      ),
    );
    // The focus moves once the messages are shown.
    await vi.waitFor(() => expect(field('Nytt lösenord')).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says an address the API refuses is to be written otherwise (VALIDATION_FAILED)', async () => {
    api.answer(() =>
      failure(400, 'email: Enter a valid e-mail address.', {
        code: 'VALIDATION_FAILED',
        details: {
          issues: [{ field: 'email', rule: 'invalid_format', format: 'email', message: 'English' }],
        },
      }),
    );
    const { user } = renderWithProviders('/reset-password-email');
    await user.type(await findField('E-postadress'), 'anna@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka länk' }));
    await vi.waitFor(() =>
      expect(field('E-postadress')).toHaveAccessibleDescription('Skriv en giltig e-postadress.'),
    );
  });

  it("shows the API's answer to a used or expired link, with a way to a new one", async () => {
    api.answer(() => failure(400, 'The link is invalid or has expired.', { code: 'LINK_INVALID' }));
    const { user, router } = renderWithProviders(LINK);
    await choosePassword(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Länken är ogiltig eller har gått ut.');
    expect(within(alert).getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute(
      'href',
      '/reset-password-email',
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(LINK));
  });

  it('is in English when English is chosen', async () => {
    renderWithProviders(LINK, { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    expect(field('New password')).toBeVisible();
    expect(field('Repeat the password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeVisible();
  });
});
