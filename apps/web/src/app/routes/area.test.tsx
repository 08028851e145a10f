// An area's page as its route composes it: the area's details, its alerts, then its devices (each
// marked when offline or a possible leak), in both languages; a site manager is offered adding
// one, a user is not.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { anAlert, answerAlerts } from '../../features/alerts/test-alerts';
import { actLikeTheDeviceApi, aDevice, gateway, TECHNICAL_ROOM } from '../../test/devices';
import { erik, karin } from '../../test/people';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import AreaRoute from './area';

const api = serveTestApi();
const room = TECHNICAL_ROOM;
const areaUrl = paths.area.href(room.propertyId, room.areaType, room.id);

function renderArea(user = karin, language: 'sv' | 'en' = 'sv') {
  return renderComponent(
    <Routes>
      <Route path={paths.area.path} element={<AreaRoute />} />
    </Routes>,
    { route: areaUrl, store: signedInStore(user), language },
  );
}

const devicesSection = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

describe("an area's page", () => {
  it('lists its devices below its details', async () => {
    const meter = aDevice({ deviceType: 'cw', idNumber: 'AXI66345678', name: 'Kallvatten' });
    actLikeTheDeviceApi(api, { devices: [gateway(), meter] });
    renderArea();
    expect(await screen.findByRole('heading', { level: 1, name: 'Undercentral' })).toBeVisible();
    const section = await devicesSection('Enheter');
    expect(
      await within(section).findByRole('heading', { level: 3, name: 'Kallvattenmätare' }),
    ).toBeVisible();
    expect(within(section).getByRole('link', { name: /Kallvatten/ })).toHaveAttribute(
      'href',
      paths.device.href(room.propertyId, 'misc', room.id, 'cw', meter.id),
    );
    expect(within(section).getByRole('link', { name: 'Visa enheterna' })).toHaveAttribute(
      'href',
      paths.areaDevices.href(room.propertyId, 'misc', room.id),
    );
    expect(within(section).getByRole('link', { name: 'Lägg till enhet' })).toHaveAttribute(
      'href',
      paths.areaNewDevice.href(room.propertyId, 'misc', room.id),
    );
  });

  it('says in English when it has none, and offers a user no adding', async () => {
    actLikeTheDeviceApi(api);
    renderArea(erik, 'en');
    const section = await devicesSection('Devices');
    expect(await within(section).findByText('No devices in this area yet.')).toBeVisible();
    expect(within(section).queryByRole('link', { name: 'Add device' })).toBeNull();
  });
});

describe("an area's alerts", () => {
  const hub = gateway();
  const meter = aDevice({ deviceType: 'cw', idNumber: '70000021', name: 'Kallvatten' });
  const heat = aDevice({ deviceType: 'heat', idNumber: '70000022' });
  const door = aDevice({ deviceType: 'door', idNumber: 'LOCK-UC-1' });
  const alerts = answerAlerts(room.propertyId, {
    open: [
      anAlert(meter, room, {
        kind: 'leak',
        startedAt: '2026-11-23T09:00:00.000Z',
        leakRules: ['continuous'],
      }),
      anAlert(hub, room, { silentMeterIds: [meter.id, heat.id] }),
    ],
  });
  const rowOf = (section: HTMLElement, name: RegExp) =>
    within(section).getByRole('link', { name }).closest('li') as HTMLElement;

  it('flags the area at the top and marks its devices, the meters silent with the gateway too', async () => {
    actLikeTheDeviceApi(api, { devices: [hub, meter, heat, door], override: alerts });
    renderArea(erik);
    const leak = await screen.findByRole('alert', { name: 'Möjligt läckage' });
    expect(leak).toHaveTextContent(
      'Kallvattenmätare KallvattenSedan 23 nov. 2026 10:00 · vatten utan uppehåll i 24 timmar',
    );
    expect(screen.getByRole('alert', { name: 'Offline' })).toHaveTextContent(
      'Gateway GatewaySedan 24 nov. 2026 11:00 · aldrig hörd · 2 mätare i området tysta med den',
    );
    // Asked for the area's alerts only.
    expect(api.requests.map((request) => request.url)).toContain(
      `/properties/${room.propertyId}/alerts?areaId=${room.id}`,
    );

    const section = await devicesSection('Enheter');
    await within(section).findByRole('heading', { level: 3, name: 'Kallvattenmätare' });
    const badges = (name: RegExp) =>
      within(rowOf(section, name))
        .queryAllByText(/^(Offline|Möjligt läckage)$/)
        .map((badge) => badge.textContent);
    expect(badges(/^Gateway/)).toEqual(['Offline']);
    expect(badges(/^Kallvatten/)).toEqual(['Möjligt läckage', 'Offline']);
    expect(badges(/^70000022/)).toEqual(['Offline']);
    expect(badges(/^LOCK-UC-1/)).toEqual([]);
  });

  it('reads in English, and shows nothing when all is well', async () => {
    actLikeTheDeviceApi(api, { devices: [hub, meter], override: alerts });
    const { unmount } = renderArea(karin, 'en');
    expect(await screen.findByRole('alert', { name: 'Possible leak' })).toHaveTextContent(
      'Cold water meter KallvattenSince 23 Nov 2026, 10:00 · water running for 24 hours without a break',
    );
    const section = await devicesSection('Devices');
    await within(section).findByRole('heading', { level: 3, name: 'Cold water meters' });
    expect(within(rowOf(section, /^Kallvatten/)).getByText('Possible leak')).toBeVisible();
    unmount();

    actLikeTheDeviceApi(api, {
      devices: [hub, meter],
      override: answerAlerts(room.propertyId, {}),
    });
    renderArea(karin, 'en');
    const quiet = await devicesSection('Devices');
    await within(quiet).findByRole('heading', { level: 3, name: 'Cold water meters' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(quiet).queryByText('Offline')).not.toBeInTheDocument();
  });
});
