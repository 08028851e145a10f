// A property's overview against a real API server on loopback: its details in each language's
// notation, the areas per type, the site manager's links, deleting after a confirmation naming
// the areas, the not-found and failure states, and a user's read-only view: by the role in the
// property's own organization.

import type { Property } from '@portal/contracts/properties';
import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { erik, karin, karinManagingSolrosenOnly } from '../../../test/people';
import { propertiesApi, property, solrosen1, solrosen2, vallmon } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import PropertiesScreen from './properties-screen';
import PropertyOverviewScreen from './property-overview-screen';

const api = serveTestApi();

/** The overview of `shown`, with the list that deleting leads to. */
function renderOverview(
  shown: Pick<Property, 'id'> = solrosen1,
  signedIn: User = karin,
  language: 'sv' | 'en' = 'sv',
) {
  return renderComponent(
    <Routes>
      <Route path="/property/:propertyId/overview" element={<PropertyOverviewScreen />} />
      <Route path="/properties" element={<PropertiesScreen />} />
    </Routes>,
    { store: signedInStore(signedIn), language, route: `/property/${shown.id}/overview` },
  );
}

/** The value shown under a label of the details list. */
function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

/** Deleting and then opening the list can take over a second on a busy test machine. */
const AFTER_DELETING = { timeout: 5_000 };

const deletes = () => api.requests.filter((request) => request.method === 'DELETE');

describe("a property's overview (Swedish)", () => {
  it('shows every detail, numbers the Swedish way', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(screen.getByText('Fastighetsöversikt')).toBeVisible();
    expect(detail('Organisation')).toHaveTextContent('Brf Solrosen');
    expect(detail('Adress')).toHaveTextContent('Solrosvägen 1, 123 45 Solna');
    expect(detail('Fastighetstyp')).toHaveTextContent('Flerbostadshus');
    expect(detail('Tempererad area (Atemp)').textContent).toBe('2\u00a0450 m²');
    expect(detail('Byggår')).toHaveTextContent('1965');
    expect(detail('Huvudsaklig uppvärmning')).toHaveTextContent('Fjärrvärme');
    expect(detail('Geografisk justeringsfaktor (Fgeo)')).toHaveTextContent('1,1');
    expect(detail('Tidszon')).toHaveTextContent('Europe/Stockholm');
    expect(screen.getByText('Senast ändrad 10 juni 2024')).toBeVisible();
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: `/properties/${solrosen1.id}` });
  });

  it("says 'Inte angivet' for what is not known", async () => {
    api.answer(propertiesApi([vallmon]));
    renderOverview(vallmon);
    await screen.findByRole('heading', { level: 1, name: 'Vallmon' });
    expect(detail('Tempererad area (Atemp)')).toHaveTextContent('Inte angivet');
    expect(detail('Byggår')).toHaveTextContent('Inte angivet');
    expect(detail('Fastighetstyp')).toHaveTextContent('Lokaler');
    expect(detail('Huvudsaklig uppvärmning')).toHaveTextContent('Värmepump');
  });

  it('writes a large area with a space and a decimal comma', async () => {
    api.answer(propertiesApi([property({ heatedArea: 12345.5 })]));
    renderOverview();
    await screen.findByRole('heading', { level: 1 });
    expect(detail('Tempererad area (Atemp)').textContent).toBe('12\u00a0345,5 m²');
  });

  it('counts the areas per type, each leading to that type', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderOverview();
    const areas = await screen.findByRole('region', { name: 'Utrymmen' });
    expect(areas).toHaveTextContent('28 utrymmen');
    const link = (name: string) => within(areas).getByRole('link', { name });
    expect(link('Lägenheter 24')).toHaveAttribute('href', `/property/${solrosen1.id}/area/apt`);
    expect(link('Cykelrum 1')).toHaveAttribute('href', `/property/${solrosen1.id}/area/bic`);
    expect(link('Entréer 2')).toHaveAttribute('href', `/property/${solrosen1.id}/area/ent`);
    expect(link('Soprum 0')).toHaveAttribute('href', `/property/${solrosen1.id}/area/sop`);
    expect(link('Tvättstugor 1')).toHaveAttribute('href', `/property/${solrosen1.id}/area/lau`);
    expect(link('Övrigt 0')).toHaveAttribute('href', `/property/${solrosen1.id}/area/misc`);
  });

  it("gives site managers 'Nytt utrymme', 'Flera utrymmen' and 'Redigera fastighet'", async () => {
    api.answer(propertiesApi([solrosen1]));
    renderOverview();
    const base = `/property/${solrosen1.id}/overview`;
    expect(await screen.findByRole('link', { name: 'Nytt utrymme' })).toHaveAttribute(
      'href',
      `${base}/new-area`,
    );
    expect(screen.getByRole('link', { name: 'Flera utrymmen' })).toHaveAttribute(
      'href',
      `${base}/new-area/multiple`,
    );
    expect(screen.getByRole('link', { name: 'Redigera fastighet' })).toHaveAttribute(
      'href',
      `${base}/edit-property`,
    );
    expect(screen.getByRole('button', { name: 'Ta bort fastighet' })).toBeVisible();
  });

  it('asks before deleting, naming its areas, and deletes nothing when cancelled', async () => {
    api.answer(propertiesApi([solrosen1]));
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Ta bort fastighet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort fastigheten?' });
    expect(dialog).toHaveTextContent(
      'Solrosen 1 tas bort tillsammans med sina 28 utrymmen. Det går inte att ångra.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);
  });

  it.each([
    [{ ...solrosen2.areaCounts, lau: 1 }, 'Solrosen 1 tas bort tillsammans med sitt enda utrymme.'],
    [solrosen2.areaCounts, 'Solrosen 1 tas bort. Den har inga utrymmen.'],
  ])('words the confirmation for the areas %j', async (areaCounts, text) => {
    api.answer(propertiesApi([property({ areaCounts })]));
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Ta bort fastighet' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(text);
  });

  it("deletes after confirming, then lists the rest saying 'Borttagningen lyckades'", async () => {
    api.answer(propertiesApi([solrosen1, vallmon]));
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Ta bort fastighet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort fastighet' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fastigheter' }, AFTER_DELETING),
    ).toBeVisible();
    expect(screen.getByText('Borttagningen lyckades')).toBeVisible();
    expect(deletes().map((request) => request.url)).toEqual([`/properties/${solrosen1.id}`]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Vallmon' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Solrosen 1' })).not.toBeInTheDocument();
  });

  it("says 'Det gick inte att ta bort' and stays when deleting fails", async () => {
    api.answer(propertiesApi([solrosen1], { fail: 'DELETE' }));
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Ta bort fastighet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort fastighet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att ta bort');
    expect(screen.getByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
  });

  it("says 'Fastigheten finns inte' for a property the API does not know (404)", async () => {
    api.answer(propertiesApi([]));
    renderOverview(solrosen1);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fastigheten finns inte' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tillbaka till fastigheterna' })).toHaveAttribute(
      'href',
      '/properties',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Något gick fel' for other failures, and tries again", async () => {
    api.answer(propertiesApi([solrosen1], { fail: 'GET' }));
    const { user } = renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta fastigheten.');
    api.answer(propertiesApi([solrosen1]));
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
  });
});

describe("a property's overview, seen by a user", () => {
  it('shows the details and areas without the site manager’s actions', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderOverview(solrosen1, erik);
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lägenheter 24' })).toBeVisible();
    for (const name of ['Nytt utrymme', 'Flera utrymmen', 'Redigera fastighet'])
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ta bort fastighet' })).not.toBeInTheDocument();
  });
});

describe('the overviews of someone who manages one organization and is a user in another', () => {
  const ACTIONS = ['Nytt utrymme', 'Flera utrymmen', 'Redigera fastighet'];

  it("offers the site manager's actions on the managed organization's property", async () => {
    api.answer(propertiesApi([solrosen1, vallmon]));
    renderOverview(solrosen1, karinManagingSolrosenOnly);
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    for (const name of ACTIONS) expect(screen.getByRole('link', { name })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ta bort fastighet' })).toBeVisible();
  });

  it('offers none on the property of the organization where they are a user', async () => {
    api.answer(propertiesApi([solrosen1, vallmon]));
    renderOverview(vallmon, karinManagingSolrosenOnly);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vallmon' })).toBeVisible();
    for (const name of ACTIONS)
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ta bort fastighet' })).not.toBeInTheDocument();
  });
});

describe("a property's overview (English)", () => {
  it('shows the details and areas in English', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderOverview(solrosen1, karin, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(detail('Heated floor area (Atemp)').textContent).toBe('2,450 m²');
    expect(detail('Property type')).toHaveTextContent('Multi-dwelling building');
    expect(detail('Main heating carrier')).toHaveTextContent('District heating');
    expect(detail('Geographic adjustment factor (Fgeo)')).toHaveTextContent('1.1');
    expect(screen.getByRole('link', { name: 'Apartments 24' })).toBeVisible();
    expect(screen.getByText('28 areas')).toBeVisible();
    for (const name of ['New area', 'Several areas', 'Edit property'])
      expect(screen.getByRole('link', { name })).toBeVisible();
  });

  it("confirms naming the areas, then says 'Successfully deleted'", async () => {
    api.answer(propertiesApi([solrosen1]));
    const { user } = renderOverview(solrosen1, karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Delete property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete property?' });
    expect(dialog).toHaveTextContent(
      'Solrosen 1 will be deleted together with its 28 areas. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete property' }));
    expect(
      await screen.findByText('Successfully deleted', undefined, AFTER_DELETING),
    ).toBeVisible();
  });

  it("says 'Failed to delete'", async () => {
    api.answer(propertiesApi([solrosen1], { fail: 'DELETE' }));
    const { user } = renderOverview(solrosen1, karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Delete property' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete property' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete');
  });

  it("says 'Property not found' for a 404", async () => {
    api.answer(propertiesApi([]));
    renderOverview(solrosen1, karin, 'en');
    expect(await screen.findByRole('heading', { name: 'Property not found' })).toBeVisible();
  });
});
