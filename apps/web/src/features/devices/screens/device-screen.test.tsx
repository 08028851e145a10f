// A device's screen against a loopback API that acts like the device API: its details by type,
// editing in place with 'Successfully saved ID', a gateway's key renewed and shown once, deleting
// with its confirmation and the notice on the area's devices, a gateway the area still needs,
// read-only for users, a corrected address and an unknown device.

import type { Device } from '@portal/contracts/devices';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actLikeTheDeviceApi, aDevice, GATEWAY_KEY, gateway } from '../../../test/devices';
import { erik } from '../../../test/people';
import {
  currentAddress,
  ROOM,
  ROOM_DEVICES,
  renderDeviceRoute,
} from '../../../test/render-device-route';
import { serveTestApi } from '../../../test/serve-test-api';

const api = serveTestApi();

const addressOf = (device: Device) => `${ROOM}/devices/${device.deviceType}/${device.id}`;
const NEW_KEY = `${GATEWAY_KEY.slice(0, -4)}NEW1`;

/** Renders the device's screen once the device is in. */
async function renderDevice(device: Device, options?: Parameters<typeof renderDeviceRoute>[1]) {
  const rendered = renderDeviceRoute(addressOf(device), options);
  await screen.findByRole('heading', { level: 1, name: device.name || device.idNumber });
  return rendered;
}

/** The value of the details row labelled `label`. */
function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe("a device's details", () => {
  it('shows an electricity meter with its use and main', async () => {
    const meter = aDevice({
      deviceType: 'el',
      idNumber: 'KAM12345678',
      name: 'El lgh 1001',
      role: 'household',
      main: true,
      lastSeenAt: '2026-11-20T08:30:00.000Z',
    });
    actLikeTheDeviceApi(api, { devices: [gateway(), meter] });
    await renderDevice(meter);
    expect(detail('Typ')).toBe('Elmätare');
    expect(detail('ID')).toBe('KAM12345678');
    expect(detail('Användning')).toBe('Hushållsel');
    expect(detail('Huvudmätare')).toBe('Ja, fastighetens huvudmätare av den här typen');
    // On the property's clock: 08:30 UTC is 09:30 in Stockholm in November.
    expect(detail('Senaste kontakt')).toBe('20 nov. 2026 09:30');
    expect(detail('Tillagd')).toBe('2 november 2026');
    expect(screen.queryByText('Platser för PIN-koder')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tillbaka till utrymmets enheter' })).toHaveAttribute(
      'href',
      ROOM_DEVICES,
    );
    expect(screen.getByRole('link', { name: 'Visa enhetens logg' })).toHaveAttribute(
      'href',
      `/property/${meter.propertyId}/device-log?device=${meter.id}`,
    );
  });

  it('shows a door with its slots, in English, never heard from', async () => {
    const door = aDevice({ deviceType: 'door', idNumber: 'TVATT-1', idFormatConfirmed: true });
    actLikeTheDeviceApi(api, { devices: [gateway(), door] });
    await renderDevice(door, { language: 'en' });
    expect(detail('Type')).toBe('Door');
    expect(detail('Name')).toBe('Not given');
    expect(detail('PIN code slots')).toBe('30');
    expect(detail('Last seen')).toBe('Not heard from yet');
    expect(detail('ID format')).toBe('Does not fit the type; kept as entered');
    expect(screen.queryByText('Use')).not.toBeInTheDocument();
    expect(screen.queryByText('Main meter')).not.toBeInTheDocument();
  });

  it('corrects an address with the wrong type', async () => {
    const meter = aDevice({ deviceType: 'cw', idNumber: '12345678' });
    actLikeTheDeviceApi(api, { devices: [gateway(), meter] });
    renderDeviceRoute(`${ROOM}/devices/heat/${meter.id}`);
    await waitFor(() => expect(currentAddress()).toBe(addressOf(meter)));
    expect(await screen.findByRole('heading', { level: 1, name: '12345678' })).toBeVisible();
  });

  it('says an unknown device is not found, with the way to the area’s devices', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    renderDeviceRoute(`${ROOM}/devices/heat/00000000-0000-4000-9000-999999999999`);
    expect(await screen.findByRole('heading', { name: 'Enheten finns inte' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Till utrymmets enheter' })).toHaveAttribute(
      'href',
      ROOM_DEVICES,
    );
  });
});

describe('a site manager changing a device', () => {
  it("edits it in place and says 'ID:t har sparats'", async () => {
    const meter = aDevice({ deviceType: 'heat', idNumber: 'KAM12345678', name: 'Värme' });
    actLikeTheDeviceApi(api, { devices: [gateway(), meter] });
    const { user } = await renderDevice(meter);
    await user.click(screen.getByRole('button', { name: 'Redigera enhet' }));
    expect(screen.getByRole('heading', { name: 'Redigera enhet' })).toBeVisible();
    const name = screen.getByRole('textbox', { name: 'Namn' });
    expect(name).toHaveValue('Värme');
    expect(screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' })).toHaveValue(
      'KAM12345678',
    );
    await user.clear(name);
    await user.type(name, 'Värme undercentral');
    await user.click(
      screen.getByRole('checkbox', { name: 'Fastighetens huvudmätare av den här typen' }),
    );
    await user.click(screen.getByRole('button', { name: 'Spara' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Värme undercentral' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('ID:t har sparats');
    expect(detail('Huvudmätare')).toBe('Ja, fastighetens huvudmätare av den här typen');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({
      url: `/devices/${meter.id}`,
      body: { idNumber: 'KAM12345678', name: 'Värme undercentral', main: true },
    });
  });

  it('leaves the form unchanged on cancel', async () => {
    const meter = aDevice({ deviceType: 'heat', idNumber: 'KAM12345678' });
    actLikeTheDeviceApi(api, { devices: [gateway(), meter] });
    const { user } = await renderDevice(meter);
    await user.click(screen.getByRole('button', { name: 'Redigera enhet' }));
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.getByRole('button', { name: 'Redigera enhet' })).toBeVisible();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("renews a gateway's key after a warning and shows the new key once", async () => {
    const hub = gateway();
    actLikeTheDeviceApi(api, { devices: [hub] });
    const { user } = await renderDevice(hub);
    await user.click(screen.getByRole('button', { name: 'Förnya nyckeln' }));
    const dialog = await screen.findByRole('dialog', { name: 'Förnya gatewayens nyckel?' });
    expect(dialog).toHaveTextContent('Gatewayens nuvarande nyckel slutar fungera direkt.');
    await user.click(within(dialog).getByRole('button', { name: 'Förnya nyckeln' }));

    const key = await screen.findByRole('textbox', { name: 'Nyckel för mätvärden' });
    expect(key).toHaveValue(NEW_KEY);
    expect(screen.getByText(/Den visas inte igen/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Jag har sparat nyckeln' }));
    expect(screen.queryByRole('textbox', { name: 'Nyckel för mätvärden' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Förnya nyckeln' })).toBeVisible();
  });

  it('deletes a device after its confirmation, and the area’s devices say so', async () => {
    const meter = aDevice({ deviceType: 'hw', idNumber: '66345678', name: 'VV 1001' });
    const { devices } = actLikeTheDeviceApi(api, { devices: [gateway(), meter] });
    const { user } = await renderDevice(meter);
    await user.click(screen.getByRole('button', { name: 'Ta bort enhet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort enheten?' });
    expect(dialog).toHaveTextContent('VV 1001 tas bort, och med den dess bilder, PIN-koder');
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enheter i Undercentral' }),
    ).toBeVisible();
    expect(currentAddress()).toBe(ROOM_DEVICES);
    expect(screen.getByRole('status')).toHaveTextContent('Enheten har tagits bort');
    expect(devices.some((device) => device.id === meter.id)).toBe(false);
  });

  it('says why a gateway the area still needs cannot be deleted', async () => {
    const hub = gateway();
    actLikeTheDeviceApi(api, {
      devices: [hub, aDevice({ deviceType: 'heat', idNumber: '12345678' })],
    });
    const { user } = await renderDevice(hub);
    await user.click(screen.getByRole('button', { name: 'Ta bort enhet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort enheten?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ta bort' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att ta bort enheten');
    expect(alert).toHaveTextContent(
      'Utrymmets övriga enheter behöver den här gatewayen: ta bort dem först.',
    );
    expect(currentAddress()).toBe(addressOf(hub));
  });
});

describe('a user looking at a device', () => {
  it('sees the details, and nothing to edit, renew or delete', async () => {
    const hub = gateway();
    actLikeTheDeviceApi(api, { devices: [hub] });
    await renderDevice(hub, { user: erik });
    expect(detail('Typ')).toBe('Gateway');
    expect(screen.getByRole('link', { name: 'Visa enhetens logg' })).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
