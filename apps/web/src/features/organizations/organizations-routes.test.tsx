// The organization screens are the routes' screens, inside the shell, in both languages.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { karin, storeSignedInAs } from '../../test/users';
import { organizationsApi, solrosen } from './organization-test-data';

const api = serveTestApi();

/** The screen's code loads on first use: on a busy test machine that can take over a second. */
const LOADED = { timeout: 5_000 };

describe.each([
  ['/organizations', 'Organisationer', 'Organizations'],
  ['/organizations/new', 'Ny organisation', 'New organization'],
])('the route %s', (route, swedish, english) => {
  it(`shows '${swedish}' inside the shell`, async () => {
    api.answer(organizationsApi([solrosen], karin));
    renderWithProviders(route, { store: storeSignedInAs(karin) });
    const main = await screen.findByRole('main', undefined, LOADED);
    expect(
      await within(main).findByRole('heading', { level: 1, name: swedish }, LOADED),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  });

  it(`shows '${english}' in English`, async () => {
    api.answer(organizationsApi([solrosen], karin));
    renderWithProviders(route, { store: storeSignedInAs(karin), language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: english }, LOADED)).toBeVisible();
  });
});
