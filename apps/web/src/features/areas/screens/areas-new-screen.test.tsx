// Creating several areas against a loopback API: the live preview, the request sent, the list of
// the new areas with its message, the checks that send nothing (a reversed range, more than 500,
// text that is not a number), the API's overlap, the permission message, in both languages.

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actLikeTheApi, apartments, failing, PROPERTY } from '../../../test/areas';
import { erik } from '../../../test/people';
import { currentAddress, renderAreaCreateRoute } from '../../../test/render-area-route';
import { serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const base = `/property/${PROPERTY.id}`;
const multiple = `${base}/overview/new-area/multiple`;
const posts = () => api.requests.filter((request) => request.method === 'POST');

type User = Awaited<ReturnType<typeof renderAreaCreateRoute>>['user'];
type Fields = { type?: string; from?: string; to?: string; prefix?: string; floorArea?: string };

const SWEDISH = {
  type: 'Typ',
  from: 'Från',
  to: 'Till',
  prefix: 'Namnprefix',
  floorArea: 'Yta per utrymme (m²)',
  preview: 'Det här skapas',
  submit: 'Skapa utrymmen',
};
const ENGLISH = {
  type: 'Type',
  from: 'From',
  to: 'To',
  prefix: 'Name prefix',
  floorArea: 'Floor area of each (m²)',
  preview: 'To be created',
  submit: 'Create areas',
};

/** The field whose label starts with `label` (a required one ends in an asterisk). */
const field = (label: string) =>
  screen.getByRole('textbox', {
    name: (name) => name.startsWith(label),
  });

async function fillIn(user: User, fields: Fields, labels = SWEDISH) {
  if (fields.type)
    await user.selectOptions(screen.getByRole('combobox', { name: labels.type }), fields.type);
  if (fields.from) await user.type(field(labels.from), fields.from);
  if (fields.to) await user.type(field(labels.to), fields.to);
  if (fields.prefix) await user.type(field(labels.prefix), fields.prefix);
  if (fields.floorArea) await user.type(field(labels.floorArea), fields.floorArea);
}

const preview = (labels = SWEDISH) => screen.getByRole('region', { name: labels.preview });
const submit = (user: User, labels = SWEDISH) =>
  user.click(screen.getByRole('button', { name: labels.submit }));

describe('the preview (Swedish)', () => {
  it('asks for both numbers first', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(multiple);
    expect(screen.getByRole('heading', { level: 1, name: 'Flera utrymmen' })).toBeVisible();
    expect(preview()).toHaveTextContent('Fyll i ”Från” och ”Till” för att se vad som skapas.');
  });

  it("says '24 lägenheter: 1001–1024' and how they will be shown", async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1001', to: '1024' });
    expect(preview()).toHaveTextContent('24 lägenheter: 1001–1024');
    expect(preview()).toHaveTextContent('Visas som Lägenhet 1001 … Lägenhet 1024');
  });

  it('follows the type and the name prefix', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { type: 'Tvättstuga', from: '1', to: '3', prefix: 'Tvätt ' });
    expect(preview()).toHaveTextContent('3 tvättstugor: 1–3');
    expect(preview()).toHaveTextContent('Visas som Tvätt 1 … Tvätt 3');
  });

  it('describes a single area as one', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { type: 'Cykelrum', from: '5', to: '5' });
    expect(preview()).toHaveTextContent('1 cykelrum: 5');
    expect(preview()).toHaveTextContent('Visas som Cykelrum 5');
  });

  it('warns at once about more than 500 and about a reversed range', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1', to: '501' });
    expect(preview()).toHaveTextContent(
      'Högst 500 utrymmen kan skapas åt gången; den här serien har 501.',
    );
    await user.clear(field('Till'));
    await user.type(field('Till'), '0');
    expect(preview()).toHaveTextContent('”Till” får inte vara mindre än ”Från”.');
  });
});

describe('a site manager creating several areas (Swedish)', () => {
  it('sends the range and shows the new areas with how many were created', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1001', to: '1024', prefix: 'Lgh ', floorArea: '72,5' });
    await submit(user);

    expect(await screen.findByRole('region', { name: 'Lägenheter (24)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('24 utrymmen har skapats');
    expect(screen.getByRole('link', { name: 'Lgh 1001' })).toBeVisible();
    expect(currentAddress()).toBe(`${base}/area/apt`);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: `/properties/${PROPERTY.id}/areas/bulk`,
      body: { areaType: 'apt', from: 1001, to: 1024, namePrefix: 'Lgh ', floorArea: 72.5 },
    });
  });

  it("says 'Utrymmet har skapats' for a range of one", async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { type: 'Cykelrum', from: '5', to: '5' });
    await submit(user);
    expect(await screen.findByRole('region', { name: 'Cykelrum (1)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Utrymmet har skapats');
    expect(posts()[0]?.body).toEqual({
      areaType: 'bic',
      from: 5,
      to: 5,
      namePrefix: '',
      floorArea: null,
    });
  });

  it('starts with the type the list was showing', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(`${multiple}?type=lau`);
    expect(screen.getByRole('combobox', { name: 'Typ' })).toHaveValue('lau');
  });

  it.each<[string, Fields, 'Från' | 'Till', string]>([
    [
      'a reversed range',
      { from: '1024', to: '1001' },
      'Till',
      '”Till” får inte vara mindre än ”Från”.',
    ],
    [
      'more than 500',
      { from: '1', to: '501' },
      'Till',
      'Högst 500 utrymmen kan skapas åt gången; den här serien har 501.',
    ],
    ['a word', { from: 'tio', to: '20' }, 'Från', 'Ange ett heltal, t.ex. 1001.'],
    ['a decimal', { from: '1', to: '2,5' }, 'Till', 'Ange ett heltal, t.ex. 1001.'],
    ['nothing', { to: '20' }, 'Från', 'Ange ett nummer.'],
    ['a negative number', { from: '-1', to: '20' }, 'Från', 'Numret kan inte vara negativt.'],
  ])('refuses %s and sends nothing', async (_case, fields, label, message) => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, fields);
    await submit(user);
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
    expect(currentAddress()).toBe(multiple);
  });

  it('refuses a floor area that is not a number', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1', to: '2', floorArea: 'stor' });
    await submit(user);
    expect(field('Yta per utrymme')).toHaveAccessibleDescription(
      expect.stringContaining('Ange ytan som ett tal, t.ex. 72,5.'),
    );
    expect(posts()).toHaveLength(0);
  });

  it('lists the numbers that already exist when the API refuses the range', async () => {
    actLikeTheApi(api, apartments(1003, 1004));
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1001', to: '1024' });
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att skapa ett utrymme');
    expect(alert).toHaveTextContent('Det finns redan utrymmen med de här numren: 1003, 1004.');
    expect(currentAddress()).toBe(multiple);
  });

  it('says there are more when the API names only the first 100', async () => {
    actLikeTheApi(api, apartments(1001, 1105));
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1001', to: '1200' });
    await submit(user);
    const first100 = Array.from({ length: 100 }, (_, index) => 1001 + index).join(', ');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Det finns redan utrymmen med de här numren: ${first100} med flera.`,
    );
  });

  it("says 'Det gick inte att skapa ett utrymme' for any other failure", async () => {
    actLikeTheApi(api, [], (request) => (request.method === 'POST' ? failing(500) : undefined));
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1', to: '2' });
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att skapa ett utrymme');
    expect(alert).toHaveTextContent('Något gick fel på servern. Försök igen om en stund.');
  });

  it('shows a rule the API refuses (VALIDATION_FAILED) at its field, beside the alert', async () => {
    actLikeTheApi(api, [], (request) =>
      request.method === 'POST'
        ? {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'namePrefix: Too long.',
              code: 'VALIDATION_FAILED',
              details: {
                issues: [
                  { field: 'namePrefix', rule: 'too_big', limit: 100, message: 'Too long.' },
                ],
              },
            },
          }
        : undefined,
    );
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1', to: '2', prefix: 'Lgh ' });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att skapa ett utrymme',
    );
    expect(field('Namnprefix')).toHaveAccessibleDescription(
      expect.stringContaining('Namnprefixet får ha högst 100 tecken.'),
    );
  });

  it('shows the permission message when the API refuses the role', async () => {
    actLikeTheApi(api, [], (request) =>
      request.method === 'POST'
        ? failing(403, "You don't have the permissions to create an area")
        : undefined,
    );
    const { user } = await renderAreaCreateRoute(multiple);
    await fillIn(user, { from: '1', to: '2' });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att skapa ett utrymme',
    );
  });
});

describe('a user at the several-areas form', () => {
  it('is told they lack the permission, and offered no form', async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(multiple, { user: erik });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att skapa ett utrymme',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skapa utrymmen' })).not.toBeInTheDocument();
  });

  it("is told so in English: 'You don't have the permissions to create an area'", async () => {
    actLikeTheApi(api, []);
    await renderAreaCreateRoute(multiple, { user: erik, language: 'en' });
    expect(within(screen.getByRole('alert')).getByText(/^You don't have/)).toHaveTextContent(
      "You don't have the permissions to create an area",
    );
  });
});

describe('a site manager creating several areas (English)', () => {
  it("previews '24 apartments: 1001–1024' and says '24 areas created'", async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Several areas' })).toBeVisible();
    await fillIn(user, { from: '1001', to: '1024', floorArea: '72.5' }, ENGLISH);
    expect(preview(ENGLISH)).toHaveTextContent('24 apartments: 1001–1024');
    expect(preview(ENGLISH)).toHaveTextContent('Shown as Apartment 1001 … Apartment 1024');
    await submit(user, ENGLISH);
    expect(await screen.findByRole('region', { name: 'Apartments (24)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('24 areas created');
    expect(posts()[0]?.body).toMatchObject({ floorArea: 72.5 });
  });

  it("says 'Area created' for one", async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple, { language: 'en' });
    await fillIn(user, { type: 'Laundry room', from: '1', to: '1' }, ENGLISH);
    await submit(user, ENGLISH);
    expect(await screen.findByRole('region', { name: 'Laundry rooms (1)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/^Area created$/);
  });

  it('refuses a reversed range and more than 500 in English', async () => {
    actLikeTheApi(api, []);
    const { user } = await renderAreaCreateRoute(multiple, { language: 'en' });
    await fillIn(user, { from: '10', to: '9' }, ENGLISH);
    await submit(user, ENGLISH);
    expect(field('To')).toHaveAccessibleDescription(
      expect.stringContaining('‘To’ must not be less than ‘From’.'),
    );
    await user.clear(field('To'));
    await user.type(field('To'), '600');
    await submit(user, ENGLISH);
    expect(field('To')).toHaveAccessibleDescription(
      expect.stringContaining('At most 500 areas can be created at once; this range has 591.'),
    );
    expect(posts()).toHaveLength(0);
  });

  it("names the existing numbers: 'Areas with these numbers already exist: 1003, 1004.'", async () => {
    actLikeTheApi(api, apartments(1003, 1004));
    const { user } = await renderAreaCreateRoute(multiple, { language: 'en' });
    await fillIn(user, { from: '1001', to: '1024' }, ENGLISH);
    await submit(user, ENGLISH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create an area');
    expect(alert).toHaveTextContent('Areas with these numbers already exist: 1003, 1004.');
  });
});
