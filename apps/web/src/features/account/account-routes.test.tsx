// The account screens are the routes' screens, inside the shell, in both languages.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { karin, storeSignedInAs } from '../../test/users';

describe.each([
  ['/profile', 'Profil', 'Profile'],
  ['/profile/edit', 'Redigera profil', 'Edit profile'],
  ['/profile/new', 'Välkommen till portalen!', 'Welcome to the portal!'],
])('the route %s', (route, swedish, english) => {
  it(`shows '${swedish}' inside the shell`, async () => {
    renderWithProviders(route, { store: storeSignedInAs(karin) });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: swedish })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  });

  it(`shows '${english}' in English`, async () => {
    renderWithProviders(route, { store: storeSignedInAs(karin), language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: english })).toBeVisible();
  });
});
