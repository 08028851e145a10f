// Creating a property against a real API server on loopback: the request sent (numbers in the
// language's notation), the overview greeting the new property, translated field errors without
// a request, SPEC §8's failures and SPEC §6's permission message, in both languages.

import type { User } from '@portal/contracts/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentUserApi } from '../../../api/current-user';
import {
  BRF_VALLMON,
  erik,
  karin,
  karinManagingBoth,
  karinManagingSolrosenOnly,
  SOLROSEN,
} from '../../../test/people';
import { forbidden, NEW_PROPERTY_ID, propertiesApi } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import PropertyNewScreen from './property-new-screen';
import PropertyOverviewScreen from './property-overview-screen';

const api = serveTestApi();

/** The new-property screen, with the overview it leads to. */
function renderNew(
  signedIn: User = karin,
  language: 'sv' | 'en' = 'sv',
  route = '/properties/new',
) {
  return renderComponent(
    <Routes>
      <Route path="/properties/new" element={<PropertyNewScreen />} />
      <Route path="/property/:propertyId/overview" element={<PropertyOverviewScreen />} />
      <Route
        path="/after-organization"
        element={<Navigate to="/properties/new" state={{ organizationId: BRF_VALLMON.id }} />}
      />
    </Routes>,
    { store: signedInStore(signedIn), language, route },
  );
}

/** Saving and then opening the overview can take over a second on a busy test machine. */
const AFTER_SAVING = { timeout: 5_000 };

const posts = () => api.requests.filter((request) => request.method === 'POST');
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

/** Pastes `text` into the field: quicker than typing it key by key, for the longer texts. */
async function paste(user: UserEvent, into: HTMLElement, text: string) {
  await user.click(into);
  await user.paste(text);
}

async function fillSwedish(user: UserEvent) {
  await paste(user, field(/^Namn/), '  Solrosen 3 ');
  await paste(user, field(/^Adress/), 'Solrosvägen 3, Solna');
  await user.selectOptions(select(/^Fastighetstyp/), 'Lokaler');
  await user.type(field(/^Tempererad area/), '2 450,5');
  await user.type(field(/^Byggår/), '1965');
  await user.selectOptions(select(/^Huvudsaklig uppvärmning/), 'Värmepump');
  await user.clear(field(/^Geografisk justeringsfaktor/));
  await user.type(field(/^Geografisk justeringsfaktor/), '1,15');
}

describe('a site manager creating a property (Swedish)', () => {
  it('sends the property, then shows its overview saying it was created', async () => {
    api.answer(propertiesApi([]));
    const { user } = renderNew();
    expect(screen.getByRole('heading', { level: 1, name: 'Ny fastighet' })).toBeVisible();
    // The only organization is chosen already; Stockholm time and Fgeo 1 are the defaults.
    expect(select(/^Organisation/)).toHaveValue(SOLROSEN.id);
    expect(field(/^Geografisk justeringsfaktor/)).toHaveValue('1');
    expect(select(/^Tidszon/)).toHaveValue('Europe/Stockholm');
    await fillSwedish(user);
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solrosen 3' }, AFTER_SAVING),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Fastigheten har skapats');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: '/properties',
      body: {
        name: 'Solrosen 3',
        organizationId: SOLROSEN.id,
        address: 'Solrosvägen 3, Solna',
        propertyType: 'commercial',
        heatedArea: 2450.5,
        buildYear: 1965,
        timeZone: 'Europe/Stockholm',
        heatingCarrier: 'heat-pump',
        geoFactor: 1.15,
      },
    });
    // The overview shows the answer to the POST, with the API's id, without fetching it again.
    expect(screen.getByRole('link', { name: 'Redigera fastighet' })).toHaveAttribute(
      'href',
      `/property/${NEW_PROPERTY_ID}/overview/edit-property`,
    );
    expect(api.requests.filter((request) => request.method === 'GET')).toHaveLength(0);
  });

  it('sends the time zone chosen from the searchable list', async () => {
    api.answer(propertiesApi([]));
    const { user } = renderNew();
    await user.type(field(/^Namn/), 'Solrosen 3');
    const timeZone = select(/^Tidszon/);
    await user.clear(timeZone);
    await user.type(timeZone, 'Helsinki');
    await user.click(await screen.findByRole('option', { name: 'Europe/Helsinki' }));
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));
    await screen.findByText('Fastigheten har skapats', undefined, AFTER_SAVING);
    expect(posts()[0]?.body).toMatchObject({ timeZone: 'Europe/Helsinki' });
  });

  it('sends nothing with wrong fields, names each problem in Swedish and focuses the first', async () => {
    api.answer(propertiesApi([]));
    const { user } = renderNew();
    await user.type(field(/^Tempererad area/), 'stor');
    await user.type(field(/^Byggår/), '1965,5');
    await user.clear(field(/^Geografisk justeringsfaktor/));
    await user.type(field(/^Geografisk justeringsfaktor/), '5');
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));

    expect(field(/^Namn/)).toHaveAccessibleDescription('Skriv ett namn.');
    expect(field(/^Tempererad area/)).toHaveAccessibleDescription(
      expect.stringContaining('Skriv den tempererade arean som ett tal, t.ex. 2\u00a0450,5.'),
    );
    expect(field(/^Byggår/)).toHaveAccessibleDescription(
      'Byggåret måste vara ett helt år, t.ex. 1965.',
    );
    expect(field(/^Geografisk justeringsfaktor/)).toHaveAccessibleDescription(
      expect.stringContaining('Faktorn måste vara mellan 0,5 och 3.'),
    );
    expect(field(/^Namn/)).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });

  it('asks a member of several organizations to choose one', async () => {
    api.answer(propertiesApi([]));
    const { user } = renderNew(karinManagingBoth);
    expect(select(/^Organisation/)).toHaveValue('');
    await user.type(field(/^Namn/), 'Vallmon');
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));
    expect(select(/^Organisation/)).toHaveAccessibleDescription('Välj en organisation.');
    expect(posts()).toHaveLength(0);

    await user.selectOptions(select(/^Organisation/), 'Brf Vallmon');
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));
    await screen.findByText('Fastigheten har skapats', undefined, AFTER_SAVING);
    expect(posts()[0]?.body).toMatchObject({ organizationId: BRF_VALLMON.id });
  });

  it('chooses the organization handed over by the screen before (a new organization)', async () => {
    api.answer(propertiesApi([]));
    renderNew(karinManagingBoth, 'sv', '/after-organization');
    expect(await screen.findByRole('combobox', { name: /^Organisation/ })).toHaveValue(
      BRF_VALLMON.id,
    );
  });

  it('chooses the handed organization when the user turns out to be in it only later', async () => {
    // Right after creating an organization, the user's organizations may still be on their way.
    api.answer(propertiesApi([]));
    const { store } = renderNew(karin, 'sv', '/after-organization');
    expect(await screen.findByRole('combobox', { name: /^Organisation/ })).toHaveValue(SOLROSEN.id);
    act(() => {
      store.dispatch(
        currentUserApi.util.upsertQueryEntries([
          { endpointName: 'getCurrentUser', arg: karin.id, value: karinManagingBoth },
        ]),
      );
    });
    // The cache tells its subscribers in a batch, a moment later.
    await waitFor(() => expect(select(/^Organisation/)).toHaveValue(BRF_VALLMON.id));
  });

  it('offers only the organizations the user manages, and chooses the one there is', () => {
    api.answer(propertiesApi([]));
    renderNew(karinManagingSolrosenOnly);
    const organization = select(/^Organisation/) as HTMLSelectElement;
    expect([...organization.options].map((option) => option.textContent)).toEqual(['Brf Solrosen']);
    expect(organization).toHaveValue(SOLROSEN.id);
  });

  it('does not choose a handed-over organization the user does not manage', async () => {
    api.answer(propertiesApi([]));
    renderNew(karinManagingSolrosenOnly, 'sv', '/after-organization');
    expect(await screen.findByRole('combobox', { name: /^Organisation/ })).toHaveValue(SOLROSEN.id);
  });

  it("says 'Det gick inte att skapa fastigheten' and keeps what was typed", async () => {
    api.answer(propertiesApi([], { fail: 'POST' }));
    const { user } = renderNew();
    await fillSwedish(user);
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att skapa fastigheten',
    );
    expect(field(/^Namn/)).toHaveValue('  Solrosen 3 ');
    expect(field(/^Tempererad area/)).toHaveValue('2 450,5');
  });

  it('shows the rules the API refuses (VALIDATION_FAILED) on their fields, in Swedish', async () => {
    const issue = { field: 'name', rule: 'too_big', limit: 200, message: 'Too long.' };
    const refused = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'name: Too long.',
        code: 'VALIDATION_FAILED',
        details: { issues: [issue] },
      },
    };
    api.answer(propertiesApi([], { fail: 'POST', failure: refused }));
    const { user } = renderNew();
    await fillSwedish(user);
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att skapa fastigheten',
    );
    expect(field(/^Namn/)).toHaveAccessibleDescription('Namnet får ha högst 200 tecken.');
    expect(field(/^Namn/)).toHaveFocus();
  });

  it('shows the permission message when the API answers 403', async () => {
    api.answer(propertiesApi([], { fail: 'POST', failure: forbidden }));
    const { user } = renderNew();
    await user.type(field(/^Namn/), 'Solrosen 3');
    await user.click(screen.getByRole('button', { name: 'Skapa fastighet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att skapa en fastighet',
    );
  });

  it('leads a site manager without an organization to create one first', () => {
    renderNew({ ...karin, organizations: [] });
    expect(screen.getByText('Skapa en organisation först')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ny organisation' })).toHaveAttribute(
      'href',
      '/organizations/new',
    );
    expect(screen.queryByRole('button', { name: 'Skapa fastighet' })).not.toBeInTheDocument();
  });

  it('links back to the properties', () => {
    renderNew();
    expect(screen.getByRole('link', { name: 'Tillbaka till fastigheterna' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });
});

describe('a site manager creating a property (English)', () => {
  async function create(reply = propertiesApi([])) {
    api.answer(reply);
    const { user } = renderNew(karin, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'New property' })).toBeVisible();
    await user.type(field(/^Name/), 'Solrosen 3');
    await user.type(field(/^Heated floor area/), '2,450.5');
    await user.click(screen.getByRole('button', { name: 'Create property' }));
    return user;
  }

  it("says 'Property created' and reads English number notation", async () => {
    await create();
    expect(await screen.findByText('Property created', undefined, AFTER_SAVING)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Property created');
    expect(posts()[0]?.body).toMatchObject({ heatedArea: 2450.5 });
  });

  it("says 'Failed to create property'", async () => {
    await create(propertiesApi([], { fail: 'POST' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create property');
  });

  it("says 'You don't have the permissions to create a property' on a 403", async () => {
    await create(propertiesApi([], { fail: 'POST', failure: forbidden }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have the permissions to create a property",
    );
  });

  it('names problems in English', async () => {
    api.answer(propertiesApi([]));
    const { user } = renderNew(karin, 'en');
    await user.type(field(/^Build year/), '999');
    await user.click(screen.getByRole('button', { name: 'Create property' }));
    expect(field(/^Name/)).toHaveAccessibleDescription('Enter a name.');
    expect(field(/^Build year/)).toHaveAccessibleDescription(
      'The build year must be 1000 or later.',
    );
    expect(posts()).toHaveLength(0);
  });
});

describe('a user at properties/new', () => {
  it('is told they lack the permission, in Swedish, with no form', () => {
    renderNew(erik);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Du har inte behörighet att skapa en fastighet');
    expect(within(alert).getByRole('link', { name: 'Tillbaka till fastigheterna' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Namn/ })).not.toBeInTheDocument();
  });

  it("is told: 'You don't have the permissions to create a property'", () => {
    renderNew(erik, 'en');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You don't have the permissions to create a property",
    );
  });
});
