// An area's screen against a loopback API: its details in both languages, what site managers and
// users are offered, deleting after a confirmation (cancelling sends nothing), failures, a wrong
// type in the address corrected, and an unknown area.

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actLikeTheApi, anArea, failing, PROPERTY } from '../../../test/areas';
import { erik, karinManagingVallmonOnly } from '../../../test/people';
import { currentAddress, renderAreaRoute } from '../../../test/render-area-route';
import { serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const base = `/property/${PROPERTY.id}`;
const flat = anArea({ areaType: 'apt', name: 'Lgh 1001', number: 1001, floorArea: 72.5 });
const unnamed = anArea({ areaType: 'apt', number: 1002 });
const areaUrl = (id: string, type = 'apt') => `${base}/area/${type}/${id}`;
const deletes = () => api.requests.filter((request) => request.method === 'DELETE');

/** The value beside the label `label` in the area's details. */
function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

describe("an area's details", () => {
  it('shows name, type, number, floor area and creation date in Swedish', async () => {
    actLikeTheApi(api, [flat, unnamed]);
    renderAreaRoute(areaUrl(flat.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    expect(detail('Namn')).toBe('Lgh 1001');
    expect(detail('Typ')).toBe('Lägenhet');
    expect(detail('Nummer')).toBe('1001');
    expect(detail('Yta')).toBe('72,5 m²');
    expect(detail('Skapad')).toBe('4 mars 2024');
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /areas/${flat.id}`,
    ]);
    expect(screen.getByRole('link', { name: 'Tillbaka till utrymmena' })).toHaveAttribute(
      'href',
      `${base}/area/apt`,
    );
  });

  it('names an unnamed area by type and number, and says what is not given', async () => {
    actLikeTheApi(api, [flat, unnamed]);
    renderAreaRoute(areaUrl(unnamed.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lägenhet 1002' })).toBeVisible();
    expect(detail('Namn')).toBe('Inte angivet');
    expect(detail('Yta')).toBe('Inte angivet');
  });

  it('shows them in English', async () => {
    actLikeTheApi(api, [flat, unnamed]);
    renderAreaRoute(areaUrl(flat.id), { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    expect(detail('Type')).toBe('Apartment');
    expect(detail('Floor area')).toBe('72.5 m²');
    expect(detail('Created')).toBe('4 March 2024');
    expect(screen.getByRole('link', { name: 'Edit area' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete area' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the areas' })).toBeVisible();
  });

  it("offers a site manager 'Redigera utrymme'", async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl(flat.id));
    expect(await screen.findByRole('link', { name: 'Redigera utrymme' })).toHaveAttribute(
      'href',
      `${areaUrl(flat.id)}/edit-area`,
    );
  });

  it('offers a user neither editing nor deleting', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl(flat.id), { user: erik });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Redigera utrymme' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ta bort utrymme' })).not.toBeInTheDocument();
  });

  it("offers neither to a site manager of another organization than the area's", async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl(flat.id), { user: karinManagingVallmonOnly });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Redigera utrymme' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ta bort utrymme' })).not.toBeInTheDocument();
  });

  it("replaces an address with the wrong type by the area's own", async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl(flat.id, 'lau'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    await waitFor(() => expect(currentAddress()).toBe(areaUrl(flat.id)));
  });

  it('replaces an address with an unknown type too', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl(flat.id, 'garage'));
    await waitFor(() => expect(currentAddress()).toBe(areaUrl(flat.id)));
  });

  it('says an unknown area does not exist', async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl('00000000-0000-4000-8000-999999999999'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Utrymmet finns inte' }),
    ).toBeVisible();
    // Utrymmet is neuter: 'det', not 'den'.
    expect(
      screen.getByText('Det kan ha tagits bort, eller så har du inte tillgång till det.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till fastighetens utrymmen' })).toHaveAttribute(
      'href',
      `${base}/area`,
    );
  });

  it("says 'Area not found' in English", async () => {
    actLikeTheApi(api, [flat]);
    renderAreaRoute(areaUrl('00000000-0000-4000-8000-999999999999'), { language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Area not found' })).toBeVisible();
    expect(
      screen.getByText('It may have been deleted, or you do not have access to it.'),
    ).toBeVisible();
  });

  it('says when the area cannot be fetched, and tries again on request', async () => {
    api.answer(() => failing(500));
    const { user } = renderAreaRoute(areaUrl(flat.id));
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att hämta utrymmet.');
    actLikeTheApi(api, [flat]);
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
  });
});

describe('deleting an area', () => {
  async function openConfirmation(language: 'sv' | 'en' = 'sv') {
    const rendered = renderAreaRoute(areaUrl(flat.id), { language });
    const name = language === 'sv' ? 'Ta bort utrymme' : 'Delete area';
    await rendered.user.click(await screen.findByRole('button', { name }));
    const title = language === 'sv' ? 'Ta bort utrymmet?' : 'Delete area?';
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: title }) };
  }

  it('says what goes with the area, and sends nothing when cancelled', async () => {
    actLikeTheApi(api, [flat, unnamed]);
    const { user, dialog } = await openConfirmation();
    expect(dialog).toHaveTextContent(
      'Lgh 1001 tas bort, och med det utrymmets enheter med deras bilder, PIN-koder och mätvärden. Det går inte att ångra.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);
    expect(currentAddress()).toBe(areaUrl(flat.id));
  });

  it("sends DELETE once confirmed, then lists the property's areas with 'Borttagningen lyckades'", async () => {
    actLikeTheApi(api, [flat, unnamed]);
    const { user, dialog } = await openConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));

    expect(await screen.findByRole('region', { name: 'Lägenheter (1)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Borttagningen lyckades');
    expect(screen.queryByRole('link', { name: 'Lgh 1001' })).not.toBeInTheDocument();
    expect(currentAddress()).toBe(`${base}/area/apt`);
    expect(deletes()).toHaveLength(1);
    expect(deletes()[0]?.url).toBe(`/areas/${flat.id}`);
  });

  it("says 'Det gick inte att ta bort' when deleting fails, and stays", async () => {
    actLikeTheApi(api, [flat], (request) =>
      request.method === 'DELETE' ? failing(500) : undefined,
    );
    const { user, dialog } = await openConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att ta bort');
    expect(alert).toHaveTextContent('Något gick fel på servern. Försök igen om en stund.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Lgh 1001' })).toBeVisible();
    expect(currentAddress()).toBe(areaUrl(flat.id));
  });

  it("says 'Du har inte behörighet att ta bort ett utrymme' when the API refuses the role", async () => {
    actLikeTheApi(api, [flat], (request) =>
      request.method === 'DELETE'
        ? failing(403, "You don't have the permissions to delete an area")
        : undefined,
    );
    const { user, dialog } = await openConfirmation();
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Du har inte behörighet att ta bort ett utrymme');
    expect(alert).not.toHaveTextContent('ändra ett utrymme');
    expect(alert).toHaveTextContent('Bara en förvaltare kan lägga till, ändra eller ta bort');
  });

  it("says 'You don't have the permissions to delete an area' in English", async () => {
    actLikeTheApi(api, [flat], (request) =>
      request.method === 'DELETE' ? failing(403, 'Forbidden') : undefined,
    );
    const { user, dialog } = await openConfirmation('en');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have the permissions to delete an area",
    );
  });

  it("says 'Delete area?' and 'Successfully deleted' in English", async () => {
    actLikeTheApi(api, [flat, unnamed]);
    const { user, dialog } = await openConfirmation('en');
    expect(dialog).toHaveTextContent(
      "Lgh 1001 will be deleted, and with it the area's devices with their images, PIN codes and readings.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('region', { name: 'Apartments (1)' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Successfully deleted');
  });

  it("says 'Failed to delete' in English", async () => {
    actLikeTheApi(api, [flat], (request) =>
      request.method === 'DELETE' ? failing(500) : undefined,
    );
    const { user, dialog } = await openConfirmation('en');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete');
  });
});
