// An area's devices against a loopback API: grouped by type with what tells them apart, in both
// languages; what site managers and users are offered; the gateway-first message; an unknown
// area; a failure with a retry.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { failing } from '../../../test/areas';
import { actLikeTheDeviceApi, aDevice, gateway, TECHNICAL_ROOM } from '../../../test/devices';
import { erik, karin } from '../../../test/people';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import AreaDevicesScreen from './area-devices-screen';

const api = serveTestApi();
const room = TECHNICAL_ROOM;
const listUrl = paths.areaDevices.href(room.propertyId, room.areaType, room.id);

const heat = aDevice({
  deviceType: 'heat',
  idNumber: 'KAM70112233-1B-04',
  name: 'Fjärrvärme, huvudmätare',
  main: true,
  lastSeenAt: '2026-11-22T09:15:00.000Z',
});
const solar = aDevice({ deviceType: 'el', idNumber: 'KAM70110001', role: 'production' });
const door = aDevice({ deviceType: 'door', idNumber: 'ÅTERVINNING', idFormatConfirmed: true });

function renderList(
  route = listUrl,
  options: { user?: typeof karin; language?: 'sv' | 'en' } = {},
) {
  return renderComponent(
    <Routes>
      <Route path={paths.areaDevices.path} element={<AreaDevicesScreen />} />
    </Routes>,
    { route, store: signedInStore(options.user ?? karin), language: options.language ?? 'sv' },
  );
}

/** The list of the type headed `heading`: its items' texts. */
function itemsUnder(heading: string) {
  const section = screen.getByRole('heading', { name: heading }).closest('section');
  if (!section) throw new Error(`No section headed ${heading}`);
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe("an area's devices", () => {
  it('groups them by type with id, use, main meter and last seen, in Swedish', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway(), heat, solar, door] });
    renderList();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enheter i Undercentral' }),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Värmemätare',
      'Elmätare',
      'Gatewayer',
      'Dörrar',
    ]);
    expect(itemsUnder('Värmemätare')).toEqual([
      // In the property's time zone: 09:15 UTC is 10:15 in Stockholm in November.
      'Fjärrvärme, huvudmätareHuvudmätareKAM70112233-1B-04 · Senaste kontakt 22 nov. 2026 10:15',
    ]);
    expect(itemsUnder('Elmätare')).toEqual(['KAM70110001Produktion (solel) · Ingen kontakt ännu']);
    expect(itemsUnder('Dörrar')).toEqual([
      'ÅTERVINNINGID sparat som angivet30 platser för PIN-koder · Ingen kontakt ännu',
    ]);
    expect(screen.getByRole('link', { name: /Fjärrvärme/ })).toHaveAttribute(
      'href',
      paths.device.href(room.propertyId, 'misc', room.id, 'heat', heat.id),
    );
    expect(screen.getByRole('link', { name: 'Enhetslogg' })).toHaveAttribute(
      'href',
      paths.propertyDeviceLog.href(room.propertyId),
    );
    expect(screen.queryByText('Det finns inga gatewayer i det här utrymmet.')).toBeNull();
  });

  it('shows them in English', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway(), solar] });
    renderList(listUrl, { language: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Devices in Undercentral' }),
    ).toBeVisible();
    expect(itemsUnder('Electricity meters')).toEqual([
      'KAM70110001Production (solar) · Not heard from yet',
    ]);
    expect(screen.getByRole('link', { name: 'Add device' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import devices' })).toBeVisible();
  });

  it('offers a site manager adding and importing, and a user neither', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    const first = renderList();
    expect(await screen.findByRole('link', { name: 'Lägg till enhet' })).toHaveAttribute(
      'href',
      paths.areaNewDevice.href(room.propertyId, 'misc', room.id),
    );
    expect(screen.getByRole('link', { name: 'Importera enheter' })).toHaveAttribute(
      'href',
      paths.areaDevicesImport.href(room.propertyId, 'misc', room.id),
    );
    first.unmount();
    renderList(listUrl, { user: erik });
    expect(await screen.findByRole('heading', { name: 'Gatewayer' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Lägg till enhet' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Importera enheter' })).toBeNull();
  });

  it('says there are no gateways, and offers a site manager the gateway first', async () => {
    actLikeTheDeviceApi(api);
    renderList();
    expect(await screen.findByText('Det finns inga gatewayer i det här utrymmet.')).toBeVisible();
    expect(screen.getByText('Det finns inga enheter i det här utrymmet ännu.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lägg till en gateway' })).toHaveAttribute(
      'href',
      `${paths.areaNewDevice.href(room.propertyId, 'misc', room.id)}?type=gw`,
    );
  });

  it('tells a user there are no gateways without offering one', async () => {
    actLikeTheDeviceApi(api);
    renderList(listUrl, { user: erik });
    expect(await screen.findByText('Det finns inga gatewayer i det här utrymmet.')).toBeVisible();
    expect(screen.getByText('En förvaltare lägger till utrymmets enheter.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Lägg till en gateway' })).toBeNull();
  });

  it('corrects a wrong area type in the address', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    renderList(paths.areaDevices.href(room.propertyId, 'apt', room.id));
    expect(await screen.findByRole('heading', { name: 'Gatewayer' })).toBeVisible();
    // The links are built from the area's real type.
    expect(screen.getByRole('link', { name: /Gateway/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/area/misc/'),
    );
  });

  it('shows an unknown area as not found', async () => {
    actLikeTheDeviceApi(api);
    renderList(
      paths.areaDevices.href(room.propertyId, 'misc', '00000000-0000-4000-8000-999999999999'),
    );
    expect(await screen.findByRole('heading', { name: 'Utrymmet finns inte' })).toBeVisible();
  });

  it('says when the devices cannot be fetched, and fetches them again on request', async () => {
    let failures = 1;
    actLikeTheDeviceApi(api, {
      devices: [gateway()],
      override: (request) =>
        request.url?.endsWith('/devices') && failures-- > 0 ? failing(500) : undefined,
    });
    const { user } = renderList();
    expect(await screen.findByText('Enheterna kunde inte hämtas.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('heading', { name: 'Gatewayer' })).toBeVisible();
  });
});
