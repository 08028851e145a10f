// The sign-in call's code is fetched only once the visitor starts on the form (W7, docs/web-loading.md).
// When that fetch fails — the connection dropped after the screen showed — the screen says the
// portal could not be reached, as it does when the API does not answer, and keeps what was typed.
import { screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { field, findField } from '../../../test/auth-fields';
import { renderWithProviders } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';

vi.mock('../model/sign-in-code', () => ({
  loadSignInCode: () =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

const api = serveTestApi();

it('says the portal could not be reached when the sign-in code cannot be fetched', async () => {
  const { user, store } = renderWithProviders('/login');
  await user.type(await findField('E-postadress'), 'forvaltare@example.se');
  await user.type(field('Lösenord'), 'Solrosen-demo-2026');
  await user.click(screen.getByRole('button', { name: 'Logga in' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att nå portalen.');
  expect(field('E-postadress')).toHaveValue('forvaltare@example.se');
  expect(screen.getByRole('button', { name: 'Logga in' })).toBeEnabled();
  expect(store.getState().auth.isLoggedIn).toBe(false);
  expect(api.requests).toHaveLength(0);
});
