// Editing an area against a loopback API: the form filled in, PUT with the whole area, 'Updated'
// on the area, the checks that send nothing, a taken number and other failures, the read-only
// message for users, a wrong type in the address and an unknown area, in both languages.

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actLikeTheApi, anArea, failing, PROPERTY } from '../../../test/areas';
import { erik, karinManagingVallmonOnly } from '../../../test/people';
import { currentAddress, renderAreaRoute } from '../../../test/render-area-route';
import { serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const base = `/property/${PROPERTY.id}`;
const flat = anArea({ areaType: 'apt', name: 'Lgh 1001', number: 1001, floorArea: 72.5 });
const neighbour = anArea({ areaType: 'apt', number: 1002 });
const areaUrl = (id: string, type = 'apt') => `${base}/area/${type}/${id}`;
const editUrl = (id: string, type = 'apt') => `${areaUrl(id, type)}/edit-area`;
const puts = () => api.requests.filter((request) => request.method === 'PUT');

const textbox = (name: string) => screen.getByRole('textbox', { name });
type User = ReturnType<typeof renderAreaRoute>['user'];
const save = (user: User, name = 'Spara') => user.click(screen.getByRole('button', { name }));

describe('a site manager editing an area (Swedish)', () => {
  it('shows the form filled in, the floor area with a decimal comma', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(editUrl(flat.id));
    expect(screen.getByRole('heading', { level: 1, name: 'Redigera utrymme' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Namn' })).toHaveValue('Lgh 1001');
    expect(screen.getByRole('combobox', { name: 'Typ' })).toHaveValue('apt');
    expect(textbox('Nummer')).toHaveValue('1001');
    expect(textbox('Yta (m²)')).toHaveValue('72,5');
    expect(screen.getByRole('link', { name: 'Avbryt' })).toHaveAttribute('href', areaUrl(flat.id));
  });

  it("saves the whole area with PUT and shows it with 'Uppdaterat'", async () => {
    actLikeTheApi(api, [flat]);
    const { user } = renderAreaRoute(editUrl(flat.id));
    await user.clear(await screen.findByRole('textbox', { name: 'Yta (m²)' }));
    await user.type(textbox('Yta (m²)'), '80,25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Typ' }), 'Övrigt');
    await save(user);

    expect(await screen.findByRole('status')).toHaveTextContent('Uppdaterat');
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({
      url: `/areas/${flat.id}`,
      body: { name: 'Lgh 1001', areaType: 'misc', number: 1001, floorArea: 80.25 },
    });
    // The area's address follows its new type.
    expect(currentAddress()).toBe(areaUrl(flat.id, 'misc'));
    expect(screen.getByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    expect(screen.getByText('80,25 m²')).toBeVisible();
  });

  it('asks for a name or a number, and sends nothing', async () => {
    actLikeTheApi(api, [flat]);
    const { user } = renderAreaRoute(editUrl(flat.id));
    await user.clear(await screen.findByRole('textbox', { name: 'Namn' }));
    await user.clear(textbox('Nummer'));
    await save(user);
    expect(textbox('Namn')).toHaveAccessibleDescription(/^Ange ett namn eller ett nummer\./);
    expect(puts()).toHaveLength(0);
  });

  it("says 'Det gick inte att uppdatera' and why, for a number another area has", async () => {
    actLikeTheApi(api, [flat, neighbour], (request) =>
      request.method === 'PUT'
        ? {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message: 'An area with this number already exists.',
              code: 'CONFLICT',
            },
          }
        : undefined,
    );
    const { user } = renderAreaRoute(editUrl(flat.id));
    await user.clear(await screen.findByRole('textbox', { name: 'Nummer' }));
    await user.type(textbox('Nummer'), '1002');
    await save(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att uppdatera');
    expect(alert).toHaveTextContent('Det finns redan ett utrymme med det numret.');
    expect(textbox('Nummer')).toHaveAccessibleDescription(/^Numret används redan/);
    expect(currentAddress()).toBe(editUrl(flat.id));
  });

  it("says 'Det gick inte att uppdatera' for any other failure", async () => {
    actLikeTheApi(api, [flat], (request) => (request.method === 'PUT' ? failing(500) : undefined));
    const { user } = renderAreaRoute(editUrl(flat.id));
    await screen.findByRole('textbox', { name: 'Namn' });
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att uppdatera');
  });

  it('shows the permission message when the API refuses the role', async () => {
    actLikeTheApi(api, [flat], (request) =>
      request.method === 'PUT' ? failing(403, 'Forbidden.') : undefined,
    );
    const { user } = renderAreaRoute(editUrl(flat.id));
    await screen.findByRole('textbox', { name: 'Namn' });
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra ett utrymme',
    );
  });

  it("replaces an address with the wrong type by the area's own", async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(editUrl(flat.id, 'sop'));
    await screen.findByRole('textbox', { name: 'Namn' });
    await waitFor(() => expect(currentAddress()).toBe(editUrl(flat.id)));
  });

  it('says an unknown area does not exist', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(editUrl('00000000-0000-4000-8000-999999999999'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Utrymmet finns inte' }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('a user at the edit form', () => {
  it('is told they may not change areas, with the way back to the area', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(editUrl(flat.id), { user: erik });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra ett utrymme',
    );
    expect(screen.getByRole('link', { name: 'Tillbaka till utrymmet' })).toHaveAttribute(
      'href',
      areaUrl(flat.id),
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("is told so when they manage another organization, not the area's", async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(editUrl(flat.id), { user: karinManagingVallmonOnly });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra ett utrymme',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('is told so in English', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(editUrl(flat.id), { user: erik, language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have the permissions to change an area",
    );
  });
});

describe('a site manager editing an area (English)', () => {
  it("shows the floor area with a decimal point and says 'Updated'", async () => {
    actLikeTheApi(api, [flat]);
    const { user } = renderAreaRoute(editUrl(flat.id), { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit area' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Floor area (m²)' })).toHaveValue('72.5');
    await user.clear(textbox('Name'));
    await user.type(textbox('Name'), 'Apt 1001');
    await save(user, 'Save');
    expect(await screen.findByRole('status')).toHaveTextContent('Updated');
    expect(puts()[0]?.body).toMatchObject({ name: 'Apt 1001', floorArea: 72.5 });
  });

  it("says 'Failed to update'", async () => {
    actLikeTheApi(api, [flat], (request) => (request.method === 'PUT' ? failing(500) : undefined));
    const { user } = renderAreaRoute(editUrl(flat.id), { language: 'en' });
    await screen.findByRole('textbox', { name: 'Name' });
    await save(user, 'Save');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update');
  });
});
