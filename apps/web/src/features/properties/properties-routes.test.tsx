// The property screens are the routes' screens, inside the shell, in both languages.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { karin, storeSignedInAs } from '../../test/users';
import { propertiesApi, solrosen1 } from './property-test-data';

const api = serveTestApi();

/** The screen's code loads on first use: on a busy test machine that can take over a second. */
const LOADED = { timeout: 5_000 };

describe.each([
  ['/properties', 'Fastigheter', 'Properties'],
  ['/properties/new', 'Ny fastighet', 'New property'],
  [`/property/${solrosen1.id}/overview`, 'Solrosen 1', 'Solrosen 1'],
  [`/property/${solrosen1.id}/overview/edit-property`, 'Redigera fastighet', 'Edit property'],
])('the route %s', (route, swedish, english) => {
  it(`shows '${swedish}' inside the shell`, async () => {
    api.answer(propertiesApi([solrosen1]));
    renderWithProviders(route, { store: storeSignedInAs(karin) });
    const main = await screen.findByRole('main', undefined, LOADED);
    expect(
      await within(main).findByRole('heading', { level: 1, name: swedish }, LOADED),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  });

  it(`shows '${english}' in English`, async () => {
    api.answer(propertiesApi([solrosen1]));
    renderWithProviders(route, { store: storeSignedInAs(karin), language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: english }, LOADED)).toBeVisible();
  });
});

it("shows the open property's menu on its overview", async () => {
  api.answer(propertiesApi([solrosen1]));
  renderWithProviders(`/property/${solrosen1.id}/overview`, { store: storeSignedInAs(karin) });
  const navigation = await screen.findByRole('navigation', { name: 'Huvudmeny' }, LOADED);
  expect(await within(navigation).findByRole('link', { name: 'Utrymmen' })).toHaveAttribute(
    'href',
    `/property/${solrosen1.id}/area`,
  );
});
