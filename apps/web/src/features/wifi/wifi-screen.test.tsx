// A property's WiFi screen against a loopback API: a site manager adds, edits (the password kept
// when left empty) and deletes networks, the contract's rules in Swedish on the fields; a user sees
// the networks, shows a password and the QR code card, and changes nothing — in both languages.
import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { erik, karin } from '../../test/people';
import { propertiesApi, solrosen1 } from '../../test/properties';
import { renderComponent } from '../../test/render';
import { failure, serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import type { ReceivedRequest, Reply } from '../../test/test-api';
import { aNetwork, wifiApi } from './test-wifi';
import WifiScreen from './wifi-screen';

const api = serveTestApi();
const PROPERTY_ID = solrosen1.id;

const LAUNDRY = aNetwork(
  { propertyId: PROPERTY_ID, ssid: 'Solrosen Tvätt', note: 'Tvättstugan, boende' },
  'sol;ros:en,42',
);
const GUESTS = aNetwork({ propertyId: PROPERTY_ID, ssid: 'Solrosen Gäst', security: 'open' });

function renderWifi({
  networks = [LAUNDRY, GUESTS],
  user = karin,
  language = 'sv',
  refuse,
  override = () => undefined,
}: {
  networks?: ReturnType<typeof aNetwork>[];
  user?: User;
  language?: 'sv' | 'en';
  refuse?: 403 | 500;
  /** Answers first where it returns a reply. */
  override?: (request: ReceivedRequest) => Reply | undefined;
} = {}) {
  const wifi = wifiApi(PROPERTY_ID, networks, { refuse });
  const properties = propertiesApi([solrosen1]);
  api.answer((request) => override(request) ?? wifi(request) ?? properties(request));
  const store = signedInStore(user);
  const rendered = renderComponent(
    <Routes>
      <Route path={paths.propertyWifi.path} element={<WifiScreen />} />
    </Routes>,
    { route: paths.propertyWifi.href(PROPERTY_ID), store, language },
  );
  return { ...rendered, wifi, store };
}

const networkCard = async (ssid: string) =>
  screen.findByRole('article', { name: ssid }) as Promise<HTMLElement>;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the WiFi screen of a site manager (Swedish)', () => {
  it('lists the networks by name with their security, hidden or not, and note', async () => {
    renderWifi({
      networks: [LAUNDRY, aNetwork({ propertyId: PROPERTY_ID, ssid: 'Dolda', hidden: true })],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    const names = (await screen.findAllByRole('article')).map(
      (card) => within(card).getByRole('heading').textContent,
    );
    expect(names).toEqual(['Dolda', 'Solrosen Tvätt']);
    const laundry = await networkCard('Solrosen Tvätt');
    expect(laundry).toHaveTextContent('WPA2');
    expect(laundry).toHaveTextContent('Tvättstugan, boende');
    expect(within(await networkCard('Dolda')).getByText('Dolt')).toBeVisible();
    // No password is fetched until asked for.
    expect(api.requests.some((request) => request.url?.endsWith('/password'))).toBe(false);
  });

  it("adds a network and says 'Uppdaterat'", async () => {
    const { user, wifi } = renderWifi({ networks: [] });
    expect(await screen.findByText(/Fastigheten har inga WiFi-nätverk än/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Lägg till nätverk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lägg till WiFi-nätverk' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nätverksnamn/ }), 'Cykelrummet');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Säkerhet/ }), 'WPA3');
    await user.type(within(dialog).getByRole('textbox', { name: /^Lösenord/ }), 'Cykel:2024;ok');
    await user.click(within(dialog).getByRole('switch', { name: /Dolt nätverk/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Anteckning/ }), 'Bara cyklar');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect((await screen.findByRole('status')).textContent).toContain('Uppdaterat');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      ssid: 'Cykelrummet',
      password: 'Cykel:2024;ok',
      security: 'WPA3',
      hidden: true,
      note: 'Bara cyklar',
    });
    expect(await networkCard('Cykelrummet')).toHaveTextContent('WPA3');
    expect(wifi.networks()).toHaveLength(1);
  });

  it('says what is wrong on the fields, in Swedish, and sends nothing', async () => {
    const { user } = renderWifi({ networks: [] });
    await user.click(await screen.findByRole('button', { name: 'Lägg till nätverk' }));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByRole('textbox', { name: /^Lösenord/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Nätverksnamn/ }), 'å'.repeat(17));
    await user.type(password, 'kort');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(
      await within(dialog).findByText(
        'Nätverksnamnet är för långt: högst 32 byte (å, ä och ö räknas som två).',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('Ange ett lösenord på 8 till 63 tecken.')).toBeVisible();
    await user.clear(password);
    await user.type(password, 'blåbärssylt');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(
      await within(dialog).findByText(
        'Lösenordet får bara innehålla bokstäverna a–z, siffror, mellanslag och tecken: inte å, ä eller ö.',
      ),
    ).toBeVisible();
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('sends no password for an open network, whatever was typed before choosing it', async () => {
    const { user } = renderWifi({ networks: [] });
    await user.click(await screen.findByRole('button', { name: 'Lägg till nätverk' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Nätverksnamn/ }), 'Gäster');
    await user.type(within(dialog).getByRole('textbox', { name: /^Lösenord/ }), 'glömt-bort');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Säkerhet/ }), 'open');
    expect(within(dialog).getByRole('textbox', { name: /^Lösenord/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uppdaterat');
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({ ssid: 'Gäster', security: 'open', password: '' });
  });

  it('edits the note alone: the password field starts empty and the stored one is kept', async () => {
    const { user, wifi } = renderWifi();
    const card = await networkCard('Solrosen Tvätt');
    await user.click(within(card).getByRole('button', { name: 'Ändra: Solrosen Tvätt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ändra Solrosen Tvätt' });
    expect(within(dialog).getByRole('textbox', { name: /^Lösenord/ })).toHaveValue('');
    expect(
      within(dialog).getByText('Lämna tomt för att behålla det nuvarande lösenordet.'),
    ).toBeVisible();
    const note = within(dialog).getByRole('textbox', { name: /Anteckning/ });
    await user.clear(note);
    await user.type(note, 'Tvättstuga och torkrum');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uppdaterat');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ password: '', note: 'Tvättstuga och torkrum' });
    expect(wifi.passwordOf(LAUNDRY.network.id)).toBe(LAUNDRY.password);
    expect(await within(card).findByText('Tvättstuga och torkrum')).toBeVisible();
  });

  it("shows the API's refusal of a missing password on the field, in Swedish", async () => {
    const { user } = renderWifi();
    const card = await networkCard('Solrosen Gäst');
    await user.click(within(card).getByRole('button', { name: 'Ändra: Solrosen Gäst' }));
    const dialog = await screen.findByRole('dialog');
    // The open network had no password to keep: the server alone can tell.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Säkerhet/ }), 'WPA2');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(await within(dialog).findByText('Ange ett lösenord på 8 till 63 tecken.')).toBeVisible();
    // The field is focused once the message is shown (an effect after it).
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Lösenord/ })).toHaveFocus(),
    );
  });

  it("deletes a network once confirmed and says 'Borttagningen lyckades'", async () => {
    const { user, wifi } = renderWifi();
    const card = await networkCard('Solrosen Gäst');
    await user.click(within(card).getByRole('button', { name: 'Ta bort: Solrosen Gäst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort WiFi-nätverket?' });
    expect(dialog).toHaveTextContent('Solrosen Gäst tas bort ur portalen.');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Borttagningen lyckades');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Solrosen Gäst' })).not.toBeInTheDocument(),
    );
    expect(wifi.networks().map((network) => network.ssid)).toEqual(['Solrosen Tvätt']);
  });

  it("says when the API refuses the caller's role", async () => {
    const { user } = renderWifi({ refuse: 403 });
    const card = await networkCard('Solrosen Gäst');
    await user.click(within(card).getByRole('button', { name: 'Ta bort: Solrosen Gäst' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ta bort' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra WiFi-nätverken',
    );
  });
});

describe('the WiFi screen of a user', () => {
  it('shows the networks without a way to change them, and a password when asked', async () => {
    const { user } = renderWifi({ user: erik });
    const card = await networkCard('Solrosen Tvätt');
    expect(screen.queryByRole('button', { name: 'Lägg till nätverk' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Ändra/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Ta bort/ })).not.toBeInTheDocument();
    expect(within(card).queryByText(LAUNDRY.password)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Visa lösenord: Solrosen Tvätt' }));
    expect(await within(card).findByText(LAUNDRY.password)).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Dölj lösenord: Solrosen Tvätt' }));
    expect(within(card).queryByText(LAUNDRY.password)).not.toBeInTheDocument();
    // An open network has none to show.
    const guests = await networkCard('Solrosen Gäst');
    expect(guests).toHaveTextContent('Öppet nätverk: inget lösenord.');
    expect(within(guests).queryByRole('button', { name: /Visa lösenord/ })).not.toBeInTheDocument();
  });

  it('shows the QR code card with the name and password, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user, store } = renderWifi({ user: erik });
    const card = await networkCard('Solrosen Tvätt');
    await user.click(within(card).getByRole('button', { name: 'Visa QR-kod: Solrosen Tvätt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anslut till Solrosen Tvätt' });
    const code = await within(dialog).findByRole('img', {
      name: 'QR-kod för att ansluta till nätverket Solrosen Tvätt',
    });
    expect(code.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(within(dialog).getByText('Solrosen Tvätt')).toBeVisible();
    expect(within(dialog).getByText(LAUNDRY.password)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Skriv ut' }));
    expect(print).toHaveBeenCalledOnce();
    // Shown, drawn and printed, the password is kept nowhere in the app's store (the e2e test
    // reads the code itself).
    expect(JSON.stringify(store.getState())).not.toContain(LAUNDRY.password);
  });

  it('says when a stored password cannot be read', async () => {
    const { user } = renderWifi({
      user: erik,
      override: (request) =>
        request.url?.endsWith('/password')
          ? failure(409, 'x', { code: 'WIFI_PASSWORD_UNREADABLE' })
          : undefined,
    });
    const card = await networkCard('Solrosen Tvätt');
    await user.click(within(card).getByRole('button', { name: 'Visa lösenord: Solrosen Tvätt' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Det sparade lösenordet går inte att läsa. En förvaltare behöver ange det igen.',
    );
  });
});

describe('the WiFi screen in English', () => {
  it("uses the English texts and says 'Updated' after a save", async () => {
    const { user } = renderWifi({ language: 'en' });
    const card = await networkCard('Solrosen Tvätt');
    await user.click(within(card).getByRole('button', { name: 'Edit: Solrosen Tvätt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Solrosen Tvätt' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Updated');
    await user.click(within(card).getByRole('button', { name: 'Delete: Solrosen Tvätt' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully deleted');
  });
});
