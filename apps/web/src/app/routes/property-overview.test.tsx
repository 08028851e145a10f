// A property's overview as its route composes it: its details and areas, its alerts (an offline
// gateway with the meters silent with it, possible leaks, what ended lately), then how many
// devices of each type it has and the way to its device log, in both languages.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { anAlert, answerAlerts } from '../../features/alerts/test-alerts';
import { PROPERTY } from '../../test/areas';
import { actLikeTheDeviceApi, aDevice, gateway, TECHNICAL_ROOM } from '../../test/devices';
import { erik } from '../../test/people';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import PropertyOverviewRoute from './property-overview';

const api = serveTestApi();

function renderOverview(language: 'sv' | 'en' = 'sv') {
  return renderComponent(
    <Routes>
      <Route path={paths.propertyOverview.path} element={<PropertyOverviewRoute />} />
    </Routes>,
    {
      route: paths.propertyOverview.href(PROPERTY.id),
      store: signedInStore(erik),
      language,
    },
  );
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

describe("a property's overview", () => {
  it('counts its devices by type, leading to the device log', async () => {
    actLikeTheDeviceApi(api, {
      devices: [
        gateway(),
        aDevice({ deviceType: 'hw', idNumber: '70000001' }),
        aDevice({ deviceType: 'hw', idNumber: '70000002' }),
      ],
    });
    renderOverview();
    const devices = await section('Enheter');
    expect(within(devices).getByText('3 enheter')).toBeVisible();
    expect(
      within(devices)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Varmvattenmätare2', 'Gatewayer1']);
    expect(within(devices).getByRole('link', { name: 'Enhetslogg' })).toHaveAttribute(
      'href',
      paths.propertyDeviceLog.href(PROPERTY.id),
    );
  });

  it('says in English when it has none', async () => {
    actLikeTheDeviceApi(api);
    renderOverview('en');
    const devices = await section('Devices');
    expect(within(devices).getByText('No devices yet')).toBeVisible();
    expect(within(devices).queryAllByRole('listitem')).toHaveLength(0);
  });
});

describe("a property's alerts on its overview", () => {
  const room = TECHNICAL_ROOM;
  const hub = aDevice(
    { deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:09', lastSeenAt: '2026-11-24T07:00:00.000Z' },
    room,
  );
  const meters = [
    aDevice({ deviceType: 'hw', idNumber: '70000011' }, room),
    aDevice({ deviceType: 'cw', idNumber: '70000012' }, room),
  ];
  const leaking = aDevice({ deviceType: 'cw', idNumber: '70000013', name: 'Lgh 1002 KV' }, room);

  it('lists the offline gateway with the meters silent with it, possible leaks, then what ended', async () => {
    actLikeTheDeviceApi(api, {
      devices: [hub, ...meters, leaking],
      override: answerAlerts(PROPERTY.id, {
        open: [
          anAlert(leaking, room, {
            kind: 'leak',
            startedAt: '2026-11-21T01:00:00.000Z',
            leakRules: ['nights', 'continuous'],
          }),
          anAlert(hub, room, { silentMeterIds: meters.map((meter) => meter.id) }),
        ],
        recent: [
          anAlert(meters[0] as (typeof meters)[0], room, {
            startedAt: '2026-11-22T08:00:00.000Z',
            endedAt: '2026-11-22T09:30:00.000Z',
            reason: 'disconnected',
          }),
        ],
      }),
    });
    renderOverview();
    const alerts = await section('Larm');
    expect(await within(alerts).findByText('2 aktiva')).toBeVisible();
    const [open, ended] = within(alerts).getAllByRole('list');
    expect(
      within(open as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Möjligt läckageKallvattenmätare Lgh 1002 KVUndercentral' +
        'Sedan 21 nov. 2026 02:00 · vatten varje timme 02–05 tre nätter i rad · vatten utan uppehåll i 24 timmar',
      'OfflineGateway AA:BB:CC:00:00:09Undercentral' +
        'Sedan 24 nov. 2026 11:00 · senast hörd 24 nov. 2026 08:00 · 2 mätare i området tysta med den',
    ]);
    expect(within(alerts).getByRole('link', { name: 'Gateway AA:BB:CC:00:00:09' })).toHaveAttribute(
      'href',
      paths.device.href(PROPERTY.id, room.areaType, room.id, 'gw', hub.id),
    );
    expect(within(alerts).getAllByRole('link', { name: 'Undercentral' })[0]).toHaveAttribute(
      'href',
      paths.area.href(PROPERTY.id, room.areaType, room.id),
    );
    expect(
      within(alerts).getByRole('heading', { level: 3, name: 'Avslutade de senaste 7 dagarna' }),
    ).toBeVisible();
    expect(within(ended as HTMLElement).getByRole('listitem')).toHaveTextContent(
      'OfflineVarmvattenmätare 70000011Undercentral' +
        '22 nov. 2026 09:00–22 nov. 2026 10:30 · aldrig hörd · anslutningen bröts',
    );
  });

  it('says in English when all is well, and how many more there are beyond those shown', async () => {
    actLikeTheDeviceApi(api, { override: answerAlerts(PROPERTY.id, {}) });
    const { unmount } = renderOverview('en');
    const quiet = await section('Alerts');
    expect(
      await within(quiet).findByText(
        'No alerts. Every gateway and meter is being heard, and nothing suggests a leak.',
      ),
    ).toBeVisible();
    unmount();

    actLikeTheDeviceApi(api, {
      devices: [hub],
      override: answerAlerts(PROPERTY.id, { open: [anAlert(hub, room)], openTotal: 204 }),
    });
    renderOverview('en');
    const busy = await section('Alerts');
    expect(await within(busy).findByText('204 open')).toBeVisible();
    expect(within(busy).getByText('203 more open alerts are not shown.')).toBeVisible();
    expect(within(busy).getByRole('listitem')).toHaveTextContent(
      'OfflineGateway AA:BB:CC:00:00:09Undercentral' +
        'Since 24 Nov 2026, 11:00 · last heard 24 Nov 2026, 08:00',
    );
  });

  it("says 'Something went wrong' when they cannot be fetched, with a retry", async () => {
    actLikeTheDeviceApi(api, { override: answerAlerts(PROPERTY.id, {}, { fail: true }) });
    const { user } = renderOverview();
    const alerts = await section('Larm');
    const failure = await within(alerts).findByRole('alert');
    expect(failure).toHaveTextContent('Något gick fel');
    expect(failure).toHaveTextContent('Larmen kunde inte hämtas.');
    actLikeTheDeviceApi(api, { override: answerAlerts(PROPERTY.id, {}) });
    await user.click(within(failure).getByRole('button', { name: 'Försök igen' }));
    expect(await within(alerts).findByText(/^Inga larm/)).toBeVisible();
  });
});
