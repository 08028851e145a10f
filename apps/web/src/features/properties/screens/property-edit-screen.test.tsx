// Editing a property against a real API server on loopback: the form filled in from the API in
// the language's notation, the whole property sent, the overview saying 'Updated', failures,
// validation without a request, the not-found state and a user's read-only message; the role in
// the property's organization deciding, and a move offered only into organizations managed.

import type { User } from '@portal/contracts/users';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  BRF_VALLMON,
  erik,
  karin,
  karinManagingBoth,
  karinManagingSolrosenOnly,
  karinManagingVallmonOnly,
  SOLROSEN,
} from '../../../test/people';
import { propertiesApi, solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import PropertyEditScreen from './property-edit-screen';
import PropertyOverviewScreen from './property-overview-screen';

const api = serveTestApi();

/** The edit screen of Solrosen 1, with the overview it returns to. */
function renderEdit(signedIn: User = karin, language: 'sv' | 'en' = 'sv') {
  return renderComponent(
    <Routes>
      <Route path="/property/:propertyId/overview/edit-property" element={<PropertyEditScreen />} />
      <Route path="/property/:propertyId/overview" element={<PropertyOverviewScreen />} />
    </Routes>,
    {
      store: signedInStore(signedIn),
      language,
      route: `/property/${solrosen1.id}/overview/edit-property`,
    },
  );
}

/** Saving and then opening the overview can take over a second on a busy test machine. */
const AFTER_SAVING = { timeout: 5_000 };

const puts = () => api.requests.filter((request) => request.method === 'PUT');
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

describe('a site manager editing a property (Swedish)', () => {
  it('fills the form in from the property, numbers the Swedish way', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Redigera fastighet' }),
    ).toBeVisible();
    expect(field(/^Namn/)).toHaveValue('Solrosen 1');
    expect(select(/^Organisation/)).toHaveValue(SOLROSEN.id);
    expect(field(/^Adress/)).toHaveValue('Solrosvägen 1, 123 45 Solna');
    expect(select(/^Fastighetstyp/)).toHaveValue('multi-dwelling');
    expect(field(/^Tempererad area/)).toHaveValue('2450');
    expect(field(/^Byggår/)).toHaveValue('1965');
    expect(select(/^Tidszon/)).toHaveValue('Europe/Stockholm');
    expect(select(/^Huvudsaklig uppvärmning/)).toHaveValue('district-heating');
    expect(field(/^Geografisk justeringsfaktor/)).toHaveValue('1,1');
  });

  it("sends the whole property, then shows the overview saying 'Uppdaterat'", async () => {
    api.answer(propertiesApi([solrosen1]));
    const { user } = renderEdit();
    const area = await screen.findByRole('textbox', { name: /^Tempererad area/ });
    await user.clear(area);
    await user.type(area, '2 500,5');
    await user.clear(field(/^Geografisk justeringsfaktor/));
    await user.type(field(/^Geografisk justeringsfaktor/), '1,2');
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    expect(await screen.findByText('Uppdaterat', undefined, AFTER_SAVING)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Uppdaterat');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      url: `/properties/${solrosen1.id}`,
      body: {
        name: 'Solrosen 1',
        organizationId: SOLROSEN.id,
        address: 'Solrosvägen 1, 123 45 Solna',
        propertyType: 'multi-dwelling',
        heatedArea: 2500.5,
        buildYear: 1965,
        timeZone: 'Europe/Stockholm',
        heatingCarrier: 'district-heating',
        geoFactor: 1.2,
      },
    });
    // Testing Library reads the no-break space between the digit groups as a plain one.
    expect(await screen.findByText('2 500,5 m²')).toBeVisible();
  });

  it('offers after how long a silent device is offline, keeping a span set elsewhere, and sends it', async () => {
    api.answer(propertiesApi([{ ...solrosen1, offlineAfterMinutes: 90 }]));
    const { user } = renderEdit();
    const offlineAfter = await screen.findByRole('combobox', { name: /^Offline efter/ });
    expect(offlineAfter).toHaveValue('90');
    expect(offlineAfter).toHaveAccessibleDescription(
      'En gateway eller mätare som inte hörts av på så länge visas som offline.',
    );
    expect(
      screen.getAllByRole('option').filter((option) => offlineAfter.contains(option)),
    ).toHaveLength(11);
    expect(screen.getByRole('option', { name: '90 minuter' })).toBeInTheDocument();
    await user.selectOptions(offlineAfter, '1 dygn');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Uppdaterat', undefined, AFTER_SAVING)).toBeVisible();
    expect(puts()[0]?.body).toMatchObject({ offlineAfterMinutes: 1440 });
    // The overview's details say it the same way.
    expect(screen.getByText('Offline efter').nextSibling).toHaveTextContent('1 dygn');
  });

  it('sends nothing without a name, and says why', async () => {
    api.answer(propertiesApi([solrosen1]));
    const { user } = renderEdit();
    await user.clear(await screen.findByRole('textbox', { name: /^Namn/ }));
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(field(/^Namn/)).toHaveAccessibleDescription('Skriv ett namn.');
    expect(puts()).toHaveLength(0);
  });

  it("says 'Det gick inte att uppdatera' and keeps the changes when saving fails", async () => {
    api.answer(propertiesApi([solrosen1], { fail: 'PUT' }));
    const { user } = renderEdit();
    await user.type(await screen.findByRole('textbox', { name: /^Namn/ }), ' B');
    await user.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att uppdatera');
    expect(field(/^Namn/)).toHaveValue('Solrosen 1 B');
  });

  it('links back to the overview', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit();
    expect(await screen.findByRole('link', { name: 'Tillbaka till översikten' })).toHaveAttribute(
      'href',
      `/property/${solrosen1.id}/overview`,
    );
  });

  it("says 'Fastigheten finns inte' for a property the API does not know", async () => {
    api.answer(propertiesApi([]));
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Spara' })).not.toBeInTheDocument();
  });
});

describe('a site manager editing a property (English)', () => {
  it('names the offline spans in English', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit(karin, 'en');
    const offlineAfter = await screen.findByRole('combobox', { name: /^Offline after/ });
    expect(offlineAfter).toHaveValue('180');
    expect(
      screen
        .getAllByRole('option')
        .filter((option) => offlineAfter.contains(option))
        .map((option) => option.textContent),
    ).toEqual([
      '15 minutes',
      '30 minutes',
      '1 hour',
      '2 hours',
      '3 hours',
      '6 hours',
      '12 hours',
      '1 day',
      '2 days',
      '7 days',
    ]);
  });

  it("says 'Updated'", async () => {
    api.answer(propertiesApi([solrosen1]));
    const { user } = renderEdit(karin, 'en');
    expect(await screen.findByRole('textbox', { name: /^Heated floor area/ })).toHaveValue('2450');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated', undefined, AFTER_SAVING)).toBeVisible();
  });

  it("says 'Failed to update'", async () => {
    api.answer(propertiesApi([solrosen1], { fail: 'PUT' }));
    const { user } = renderEdit(karin, 'en');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update');
  });
});

describe('the role in the property’s organization', () => {
  it('offers a move only into the organizations the user manages', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit(karinManagingSolrosenOnly);
    const organization = (await screen.findByRole('combobox', {
      name: /^Organisation/,
    })) as HTMLSelectElement;
    expect([...organization.options].map((option) => option.textContent)).toEqual(['Brf Solrosen']);
  });

  it('offers every organization they manage', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit(karinManagingBoth);
    const organization = (await screen.findByRole('combobox', {
      name: /^Organisation/,
    })) as HTMLSelectElement;
    expect([...organization.options].map((option) => option.value)).toEqual([
      SOLROSEN.id,
      BRF_VALLMON.id,
    ]);
  });

  it('keeps the form from a site manager of another organization', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit(karinManagingVallmonOnly);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra en fastighet',
    );
    expect(screen.queryByRole('textbox', { name: /^Namn/ })).not.toBeInTheDocument();
  });
});

describe('a user at edit-property', () => {
  it('is told they lack the permission, with no form', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit(erik);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra en fastighet',
    );
    expect(screen.queryByRole('textbox', { name: /^Namn/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tillbaka till översikten' })).toBeVisible();
  });

  it('is told so in English', async () => {
    api.answer(propertiesApi([solrosen1]));
    renderEdit(erik, 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have the permissions to change a property",
    );
  });
});
