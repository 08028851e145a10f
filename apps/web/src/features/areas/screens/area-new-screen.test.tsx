// Creating one area against a loopback API: the request sent, 'Area created' on the new area,
// the client-side checks that send nothing, a taken number, other failures, the permission
// message for users and for a 403, in both languages.

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actLikeTheApi, anArea, apartments, failing, PROPERTY } from '../../../test/areas';
import { erik, karinManagingVallmonOnly } from '../../../test/people';
import {
  currentAddress,
  renderAreaCreateRoute,
  renderAreaRoute,
} from '../../../test/render-area-route';
import { serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const base = `/property/${PROPERTY.id}`;
const newArea = `${base}/overview/new-area`;
const posts = () => api.requests.filter((request) => request.method === 'POST');

type User = ReturnType<typeof renderAreaRoute>['user'];

async function fillIn(
  user: User,
  fields: { name?: string; type?: string; number?: string; floorArea?: string },
  labels = { name: 'Namn', type: 'Typ', number: 'Nummer', floorArea: 'Yta (m²)' },
) {
  if (fields.name) await user.type(screen.getByRole('textbox', { name: labels.name }), fields.name);
  if (fields.type)
    await user.selectOptions(screen.getByRole('combobox', { name: labels.type }), fields.type);
  if (fields.number)
    await user.type(screen.getByRole('textbox', { name: labels.number }), fields.number);
  if (fields.floorArea)
    await user.type(screen.getByRole('textbox', { name: labels.floorArea }), fields.floorArea);
}

const create = (user: User, name = 'Skapa utrymme') =>
  user.click(screen.getByRole('button', { name }));

describe('a site manager creating an area (Swedish)', () => {
  it('shows the form with the translated types, apartments first', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(newArea);
    expect(screen.getByRole('heading', { level: 1, name: 'Nytt utrymme' })).toBeVisible();
    expect(await screen.findByText('Solrosen 1')).toBeVisible();
    const type = screen.getByRole('combobox', { name: 'Typ' }) as HTMLSelectElement;
    expect([...type.options].map((option) => option.textContent)).toEqual([
      'Lägenhet',
      'Cykelrum',
      'Entré',
      'Soprum',
      'Tvättstuga',
      'Övrigt',
    ]);
    expect(type).toHaveValue('apt');
  });

  it('sends name, type and floor area with a decimal comma, then shows the new area', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { name: '  Tvättstuga A ', type: 'Tvättstuga', floorArea: '24,5' });
    await create(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tvättstuga A' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Utrymmet har skapats');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: `/properties/${PROPERTY.id}/areas`,
      body: { name: 'Tvättstuga A', areaType: 'lau', number: null, floorArea: 24.5 },
    });
    expect(currentAddress()).toMatch(new RegExp(`^${base}/area/lau/[0-9a-f-]{36}$`));
  });

  it('creates an apartment by its number alone, named by type and number', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { number: '1025' });
    await create(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lägenhet 1025' })).toBeVisible();
    expect(posts()[0]?.body).toEqual({ name: '', areaType: 'apt', number: 1025, floorArea: null });
  });

  it('starts with the type the list was showing', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(`${newArea}?type=sop`);
    expect(screen.getByRole('combobox', { name: 'Typ' })).toHaveValue('sop');
  });

  it('asks for a name or a number, and sends nothing', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { floorArea: '30' });
    await create(user);
    expect(screen.getByRole('textbox', { name: 'Namn' })).toHaveAccessibleDescription(
      /^Ange ett namn eller ett nummer\./,
    );
    expect(posts()).toHaveLength(0);
  });

  it.each([
    ['10a', 'Ange ett heltal, t.ex. 1001.'],
    ['10,5', 'Ange ett heltal, t.ex. 1001.'],
    ['-5', 'Numret kan inte vara negativt.'],
    // Swedish groups digits with no-break spaces.
    ['123456789', 'Numret får vara högst 99\u00a0999\u00a0999.'],
  ])('refuses the number %s with %s, sending nothing', async (number, message) => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { number });
    await create(user);
    expect(screen.getByRole('textbox', { name: 'Nummer' })).toHaveAccessibleDescription(
      new RegExp(`^${message.replace(/[.]/g, '\\.')}`),
    );
    expect(screen.getByRole('textbox', { name: 'Nummer' })).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it.each([
    ['stor', 'Ange ytan som ett tal, t.ex. 72,5.'],
    ['0', 'Ytan måste vara större än 0 m².'],
    ['2000000', 'Ytan får vara högst 1\u00a0000\u00a0000 m².'],
  ])('refuses the floor area %s with %s, sending nothing', async (floorArea, message) => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { number: '1001', floorArea });
    await create(user);
    expect(screen.getByRole('textbox', { name: 'Yta (m²)' })).toHaveAccessibleDescription(
      new RegExp(`^${message.replace(/[.]/g, '\\.')}`),
    );
    expect(posts()).toHaveLength(0);
  });

  it('says a taken number is taken, at the field and in the alert', async () => {
    actLikeTheApi(api, apartments(1001, 1002));
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { number: '1002' });
    await create(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att skapa ett utrymme');
    expect(alert).toHaveTextContent('Det finns redan ett utrymme med det numret.');
    expect(screen.getByRole('textbox', { name: 'Nummer' })).toHaveAccessibleDescription(
      /^Numret används redan i fastigheten\./,
    );
    expect(currentAddress()).toBe(newArea);
  });

  it("says 'Det gick inte att skapa ett utrymme' for any other failure", async () => {
    actLikeTheApi(api, [], (request) => (request.method === 'POST' ? failing(500) : undefined));
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { number: '1001' });
    await create(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att skapa ett utrymme');
    expect(alert).toHaveTextContent('Något gick fel på servern. Försök igen om en stund.');
    expect(alert).not.toHaveTextContent('numret');
  });

  it('shows the permission message when the API refuses the role', async () => {
    actLikeTheApi(api, [], (request) =>
      request.method === 'POST'
        ? failing(403, "You don't have the permissions to create an area")
        : undefined,
    );
    const { user } = await renderAreaCreateRoute(newArea);
    await fillIn(user, { number: '1001' });
    await create(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att skapa ett utrymme',
    );
  });

  it('leads back to the areas', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(newArea);
    expect(screen.getByRole('link', { name: 'Avbryt' })).toHaveAttribute('href', `${base}/area`);
  });

  it('says the property does not exist when the API answers 404', async () => {
    actLikeTheApi(api, []);
    renderAreaRoute('/property/00000000-0000-4000-8000-999999999999/overview/new-area');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fastigheten finns inte' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skapa utrymme' })).not.toBeInTheDocument();
  });

  it('says when the property cannot be fetched, and shows the form once a retry brings it', async () => {
    let fail = true;
    actLikeTheApi(api, [], (request) =>
      fail && request.url === `/properties/${PROPERTY.id}` ? failing(500) : undefined,
    );
    const { user } = renderAreaRoute(newArea);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att hämta fastigheten',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Nytt utrymme' })).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('textbox', { name: 'Namn' })).toBeVisible();
  });
});

describe('a user at the new-area form', () => {
  it('is told they lack the permission, and offered no form', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(newArea, { user: erik });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att skapa ett utrymme',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByRole('link')).toHaveAttribute(
      'href',
      `${base}/area`,
    );
  });

  it("is told so when they manage another organization, not the property's", async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(newArea, { user: karinManagingVallmonOnly });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att skapa ett utrymme',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("is told so in English: 'You don't have the permissions to create an area'", async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(newArea, { user: erik, language: 'en' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You don't have the permissions to create an area",
    );
  });
});

describe('a site manager creating an area (English)', () => {
  const labels = { name: 'Name', type: 'Type', number: 'Number', floorArea: 'Floor area (m²)' };

  it("reads a decimal point and says 'Area created'", async () => {
    actLikeTheApi(api, [anArea({ areaType: 'apt', number: 1001 })]);
    const { user } = await renderAreaCreateRoute(newArea, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'New area' })).toBeVisible();
    await fillIn(user, { name: 'Laundry A', type: 'Laundry room', floorArea: '72.5' }, labels);
    await create(user, 'Create area');
    expect(await screen.findByRole('heading', { level: 1, name: 'Laundry A' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Area created');
    expect(posts()[0]?.body).toMatchObject({ areaType: 'lau', floorArea: 72.5 });
  });

  it('refuses a decimal comma, which English reads as a thousands separator', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea, { language: 'en' });
    await fillIn(user, { number: '1', floorArea: '72,5' }, labels);
    await create(user, 'Create area');
    expect(screen.getByRole('textbox', { name: 'Floor area (m²)' })).toHaveAccessibleDescription(
      /^Enter the floor area as a number, e\.g\. 72\.5\./,
    );
    expect(posts()).toHaveLength(0);
  });

  it("says 'Failed to create an area' and names the taken number's problem", async () => {
    actLikeTheApi(api, apartments(1001, 1001));
    const { user } = await renderAreaCreateRoute(newArea, { language: 'en' });
    await fillIn(user, { number: '1001' }, labels);
    await create(user, 'Create area');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create an area');
    expect(alert).toHaveTextContent('An area with this number already exists.');
  });

  it("asks for 'a name or a number'", async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(newArea, { language: 'en' });
    await create(user, 'Create area');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      /^Enter a name or a number\./,
    );
    expect(posts()).toHaveLength(0);
  });
});
