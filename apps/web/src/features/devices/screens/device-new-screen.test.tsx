// Adding a device against a loopback API that acts like the device API: the type first, then the
// fields of that type; a gateway's key shown once; the gateway-first rule; SPEC §5's question for
// an id that does not fit; a taken or missing id at the field; other failures; the permission
// message for users — in Swedish, and in English where the wording differs.

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actLikeTheDeviceApi, aDevice, GATEWAY_KEY, gateway } from '../../../test/devices';
import { erik } from '../../../test/people';
import {
  currentAddress,
  NEW_DEVICE,
  ROOM,
  renderDeviceRoute,
} from '../../../test/render-device-route';
import { failure, serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const posts = () => api.requests.filter((request) => request.method === 'POST');
const DEVICE_ADDRESS = new RegExp(`^${ROOM}/devices/(\\w+)/[0-9a-f-]{36}$`);

type User = ReturnType<typeof renderDeviceRoute>['user'];

/** Renders 'Add device' once the area and its devices are in ('Loading...' is gone). */
async function renderNewDevice(
  route = NEW_DEVICE,
  options?: Parameters<typeof renderDeviceRoute>[1],
) {
  const rendered = renderDeviceRoute(route, options);
  await waitFor(() => expect(screen.queryByText(/^(Laddar|Loading)/)).not.toBeInTheDocument());
  return rendered;
}

const add = (user: User, name = 'Lägg till enhet') =>
  user.click(screen.getByRole('button', { name }));

describe('a site manager adding a device (Swedish)', () => {
  it('asks for the type first, as seven large choices, then shows the fields of that type', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice();
    const choice = await screen.findByRole('group', { name: 'Vilken sorts enhet?' });
    expect(
      within(choice)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Värmemätare',
      'Elmätare',
      'Varmvattenmätare',
      'Kallvattenmätare',
      'Gateway',
      'Dörr',
      'Kodlås',
    ]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(choice).getByRole('link', { name: 'Elmätare' }));
    expect(currentAddress()).toBe(`${NEW_DEVICE}?type=el`);
    const id = await screen.findByRole('textbox', { name: 'M-Bus-adress eller serienummer' });
    // Serial numbers are digits: a phone opens its number pad.
    expect(id).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('radiogroup', { name: 'Användning' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Fastighetsel' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Fastighetens huvudmätare av den här typen' }),
    ).not.toBeChecked();
    expect(
      screen.queryByRole('textbox', { name: 'Antal platser för PIN-koder' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Byt typ' }));
    await user.click(await screen.findByRole('link', { name: 'Dörr' }));
    expect(await screen.findByRole('textbox', { name: 'Lås-ID' })).toHaveAttribute(
      'inputmode',
      'text',
    );
    expect(screen.getByRole('textbox', { name: 'Antal platser för PIN-koder' })).toHaveValue('30');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows as it is typed how the id will be saved, or why it does not fit', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=heat`);
    const id = screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' });
    await user.type(id, '12345678 2d2c 1b04');
    expect(screen.getByText('Sparas som KAM12345678-1B-04')).toBeVisible();
    await user.clear(id);
    await user.type(id, 'Pump 3');
    expect(
      screen.getByText(
        'Det här ID:t passar inte typen värmemätare. Väntat: ett serienummer med 8 siffror, med eller utan tillverkarens kod (KAM12345678) eller en M-Bus-adress på 16 tecken för den här sortens mätare.',
      ),
    ).toBeVisible();
  });

  it('offers the full keyboard for a meter id with letters', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=cw`);
    const id = screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' });
    await user.click(screen.getByRole('button', { name: 'Tangentbord med bokstäver' }));
    expect(id).toHaveAttribute('inputmode', 'text');
    expect(id).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Siffertangentbord' }));
    expect(id).toHaveAttribute('inputmode', 'numeric');
  });

  it('adds a gateway and shows its key once, with a warning and a copy button, then its page', async () => {
    actLikeTheDeviceApi(api);
    const { user, store } = await renderNewDevice(`${NEW_DEVICE}?type=gw`);
    await user.type(screen.getByRole('textbox', { name: 'MAC-adress' }), 'aa-bb-cc-00-00-02');
    expect(screen.getByText('Sparas som AA:BB:CC:00:00:02')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Namn' }), 'Gateway källaren');
    await add(user);

    expect(await screen.findByRole('heading', { name: 'Gatewayens nyckel' })).toHaveFocus();
    expect(posts()[0]).toMatchObject({
      url: `/areas/${ROOM.split('/').at(-1)}/devices`,
      body: { deviceType: 'gw', idNumber: 'aa-bb-cc-00-00-02', name: 'Gateway källaren' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Den visas inte igen');
    const key = screen.getByRole('textbox', { name: 'Nyckel för mätvärden' });
    expect(key).toHaveValue(GATEWAY_KEY);
    expect(key).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Kopiera nyckeln' }));
    expect(await screen.findByText('Kopierad')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(GATEWAY_KEY);

    await user.click(screen.getByRole('button', { name: 'Jag har sparat nyckeln' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gateway källaren' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('ID:t har sparats');
    expect(currentAddress()).toMatch(DEVICE_ADDRESS);
    expect(currentAddress()).toContain('/devices/gw/');
    // Gone from the page and from the store: nothing keeps the key once it has been shown.
    expect(screen.queryByDisplayValue(GATEWAY_KEY)).not.toBeInTheDocument();
    await waitFor(() => expect(JSON.stringify(store.getState())).not.toContain(GATEWAY_KEY));
  });

  it('says when the key could not be copied', async () => {
    actLikeTheDeviceApi(api);
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=gw`);
    await user.type(screen.getByRole('textbox', { name: 'MAC-adress' }), 'AABBCC000003');
    await add(user);
    await screen.findByRole('heading', { name: 'Gatewayens nyckel' });
    const writeText = navigator.clipboard.writeText;
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    try {
      await user.click(screen.getByRole('button', { name: 'Kopiera nyckeln' }));
      expect(
        await screen.findByText(
          'Det gick inte att kopiera. Markera nyckeln och kopiera den för hand.',
        ),
      ).toBeVisible();
    } finally {
      navigator.clipboard.writeText = writeText;
    }
  });

  it('adds a meter and opens its page with the notice', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=hw`);
    await user.type(
      screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' }),
      '66345678',
    );
    await add(user);
    expect(await screen.findByRole('heading', { level: 1, name: '66345678' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('ID:t har sparats');
    expect(posts()[0]?.body).toEqual({
      deviceType: 'hw',
      idNumber: '66345678',
      name: '',
      main: false,
      confirmIdFormat: false,
    });
    expect(currentAddress()).toContain('/devices/hw/');
  });

  it('sends the slots of a keypad', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=keypad`);
    await user.type(screen.getByRole('textbox', { name: 'Lås-ID' }), 'entre-1');
    const slots = screen.getByRole('textbox', { name: 'Antal platser för PIN-koder' });
    await user.clear(slots);
    await user.type(slots, '300');
    await add(user);
    expect(slots).toHaveAccessibleDescription(/Ange ett heltal från 1 till 250\./);
    expect(posts()).toHaveLength(0);
    await user.clear(slots);
    await user.type(slots, '50');
    await add(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'ENTRE-1' })).toBeVisible();
    expect(posts()[0]?.body).toMatchObject({ deviceType: 'keypad', slotCount: 50 });
  });

  it('asks for a gateway first in an area without one, and sends nothing', async () => {
    actLikeTheDeviceApi(api);
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=heat`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Det finns inga gatewayer i det här utrymmet.');
    expect(alert).toHaveTextContent('En gateway måste läggas till först');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Lägg till en gateway' }));
    expect(currentAddress()).toBe(`${NEW_DEVICE}?type=gw`);
    expect(await screen.findByRole('textbox', { name: 'MAC-adress' })).toBeVisible();
    expect(posts()).toHaveLength(0);
  });

  it("says 'ID saknas' for a blank id, and sends nothing", async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=door`);
    await user.type(screen.getByRole('textbox', { name: 'Lås-ID' }), '   ');
    await add(user);
    const id = screen.getByRole('textbox', { name: 'Lås-ID' });
    expect(id).toHaveAccessibleDescription(/ID saknas/);
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });

  it("asks SPEC §5's question for an id that does not fit, and saves it once confirmed", async () => {
    const { devices } = actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=heat`);
    await user.type(
      screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' }),
      'Pump 3',
    );
    await add(user);

    const dialog = await screen.findByRole('dialog', { name: 'Lägga till enheten ändå?' });
    expect(dialog).toHaveTextContent(
      'ID-formatet stämmer inte med enhetstypen. Är du säker på att du vill lägga till enheten?',
    );
    expect(posts()[0]?.body).toMatchObject({ confirmIdFormat: false });
    await user.click(within(dialog).getByRole('button', { name: 'Lägg till ändå' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'PUMP 3' })).toBeVisible();
    expect(posts()).toHaveLength(2);
    expect(posts()[1]?.body).toMatchObject({ idNumber: 'Pump 3', confirmIdFormat: true });
    expect(devices.at(-1)).toMatchObject({ idNumber: 'PUMP 3', idFormatConfirmed: true });
    expect(screen.getByText('Passar inte typen; sparat som angivet')).toBeVisible();
  });

  it('keeps the form when the question is answered no', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=heat`);
    const id = screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' });
    await user.type(id, 'Pump 3');
    await add(user);
    const dialog = await screen.findByRole('dialog', { name: 'Lägga till enheten ändå?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ändra ID:t' }));
    // The dialog fades out.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(id).toHaveValue('Pump 3');
    expect(posts()).toHaveLength(1);
    expect(currentAddress()).toBe(`${NEW_DEVICE}?type=heat`);
  });

  it('says at the field that the id is taken, naming the area, with a link to that device', async () => {
    const taken = aDevice({ deviceType: 'heat', idNumber: 'KAM12345678' });
    actLikeTheDeviceApi(api, { devices: [gateway(), taken] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=heat`);
    const id = screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' });
    await user.type(id, 'kam12345678');
    await add(user);
    const link = await screen.findByRole('link', { name: 'Visa den enheten' });
    expect(id).toHaveAccessibleDescription(
      /Det här ID:t används redan av en enhet i Undercentral\./,
    );
    expect(link).toHaveAttribute('href', `${ROOM}/devices/heat/${taken.id}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Det gick inte att spara ID:t' with the reason for any other failure", async () => {
    actLikeTheDeviceApi(api, {
      devices: [gateway()],
      override: (request) => (request.method === 'POST' ? failure(500, 'Boom') : undefined),
    });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=gw`);
    await user.type(screen.getByRole('textbox', { name: 'MAC-adress' }), 'AABBCC000004');
    await add(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att spara ID:t');
    expect(alert).toHaveTextContent('Något gick fel på servern. Försök igen om en stund.');
    expect(currentAddress()).toBe(`${NEW_DEVICE}?type=gw`);
  });

  it("says the API's 'A gateway device must be added first' when the gateway went meanwhile", async () => {
    actLikeTheDeviceApi(api, {
      devices: [gateway()],
      override: (request) =>
        request.method === 'POST'
          ? failure(409, 'No gateway', { code: 'GATEWAY_REQUIRED' })
          : undefined,
    });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=el`);
    await user.type(
      screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' }),
      '12345678',
    );
    await add(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att spara ID:t');
    expect(alert).toHaveTextContent('En gateway måste läggas till först');
  });
});

describe('a site manager adding a device (English)', () => {
  it('adds a household electricity meter marked main', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(NEW_DEVICE, { language: 'en' });
    await user.click(await screen.findByRole('link', { name: 'Electricity meter' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'M-Bus address or serial number' }),
      '12345678',
    );
    expect(screen.getByText('Saved as 12345678')).toBeVisible();
    const household = screen.getByRole('radio', { name: 'Household electricity' });
    expect(household).toHaveAccessibleDescription(
      "A flat's own electricity, left out of the primary energy number.",
    );
    await user.click(household);
    await user.click(
      screen.getByRole('checkbox', { name: "The property's main meter of this type" }),
    );
    await add(user, 'Add device');
    expect(await screen.findByRole('heading', { level: 1, name: '12345678' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Successfully saved ID');
    expect(posts()[0]?.body).toMatchObject({ deviceType: 'el', role: 'household', main: true });
  });

  it("asks SPEC §5's question in English", async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const { user } = await renderNewDevice(`${NEW_DEVICE}?type=door`, { language: 'en' });
    await user.type(screen.getByRole('textbox', { name: 'Lock ID' }), 'Tvätt');
    await add(user, 'Add device');
    const dialog = await screen.findByRole('dialog', { name: 'Add the device anyway?' });
    expect(dialog).toHaveTextContent(
      'ID format does not match device type. Are you sure you want to add this device?',
    );
    expect(within(dialog).getByRole('button', { name: 'Add anyway' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Change the ID' })).toBeVisible();
  });
});

describe('a user adding a device', () => {
  it('sees the permission message instead of the form', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    await renderNewDevice(`${NEW_DEVICE}?type=heat`, { user: erik });
    expect(await screen.findByText('Du har inte behörighet att lägga till en enhet')).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tillbaka till utrymmets enheter' })).toHaveAttribute(
      'href',
      `${ROOM}/devices`,
    );
  });
});
