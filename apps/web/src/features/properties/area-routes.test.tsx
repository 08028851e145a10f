// The area screens are the routes' screens of SPEC §2, inside the shell, in both languages.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { karin, storeSignedInAs } from '../../test/users';
import { actLikeTheApi, anArea, PROPERTY } from './area-test-kit';

const api = serveTestApi();

const base = `/property/${PROPERTY.id}`;
const flat = anArea({ areaType: 'apt', name: 'Lgh 1001', number: 1001 });

describe.each([
  [base, 'Solrosen 1', 'Solrosen 1'],
  [`${base}/area`, 'Solrosen 1', 'Solrosen 1'],
  [`${base}/area/apt`, 'Solrosen 1', 'Solrosen 1'],
  [`${base}/overview/new-area`, 'Nytt utrymme', 'New area'],
  [`${base}/overview/new-area/multiple`, 'Flera utrymmen', 'Several areas'],
  [`${base}/area/apt/${flat.id}`, 'Lgh 1001', 'Lgh 1001'],
  [`${base}/area/apt/${flat.id}/edit-area`, 'Redigera utrymme', 'Edit area'],
])('the route %s', (route, swedish, english) => {
  it(`shows '${swedish}' inside the shell`, async () => {
    actLikeTheApi(api, [flat]);
    renderWithProviders(route, { store: storeSignedInAs(karin) });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: swedish })).toBeVisible();
    const navigation = screen.getByRole('navigation', { name: 'Huvudmeny' });
    expect(within(navigation).getByRole('link', { name: 'Utrymmen' })).toHaveAttribute(
      'href',
      `${base}/area`,
    );
  });

  it(`shows '${english}' in English`, async () => {
    actLikeTheApi(api, [flat]);
    renderWithProviders(route, { store: storeSignedInAs(karin), language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: english })).toBeVisible();
  });
});
