// A property's overview as its route composes it: its details and areas, its alerts (an offline
// gateway with the meters silent with it, possible leaks, what ended lately), then how many
// devices of each type it has and the way to its device log, and its energy this month against
// last year with its energy class and the ways into the energy views, in both languages.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { anAlert, answerAlerts } from '../../features/alerts/test-alerts';
import { aGlance, answerEnergyOverview } from '../../features/energy/test-energy';
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

describe("a property's energy on its overview", () => {
  const glance = aGlance(PROPERTY.id);

  it('compares this month with the same days last year per type, in Swedish number format', async () => {
    actLikeTheDeviceApi(api, { override: answerEnergyOverview([glance]) });
    renderOverview();
    const energy = await section('Energi');
    const table = await within(energy).findByRole('table');
    expect(within(table).getByText('1–24 nov. 2026 jämfört med samma dagar i fjol')).toBeVisible();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Mätartyp', 'Hittills i månaden', 'Samma dagar i fjol', 'Förändring'],
      ['Värme', '12,3\u00a0MWh', '11\u00a0MWh', '+12\u00a0%'],
      ['El (delvis uppskattad)', '3\u00a0400\u00a0kWh', '3\u00a0500\u00a0kWh', '−2,9\u00a0%'],
      ['Varmvatten', '42,3\u00a0m³', 'Inget att jämföra med', 'Inget att jämföra med'],
    ]);
    expect(api.requests.map((request) => request.url)).toContain(
      `/energy-overview?propertyIds=${PROPERTY.id}`,
    );
  });

  it('shows the energy class, leading to the energy summary, and the ways into each energy view', async () => {
    actLikeTheDeviceApi(api, { override: answerEnergyOverview([glance]) });
    renderOverview();
    const energy = await section('Energi');
    expect(
      await within(energy).findByRole('link', {
        name: 'Energiklass C, visa energisammanställningen',
      }),
    ).toHaveAttribute('href', paths.propertyEnergySummary.href(PROPERTY.id));
    const views = within(energy).getByRole('navigation', { name: 'Energivyer' });
    expect(
      within(views)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Energisammanställning', paths.propertyEnergySummary.href(PROPERTY.id)],
      ['Jämför', paths.propertyCompare.href(PROPERTY.id)],
      ['Uppskatta förbrukning', paths.propertyUsage.href(PROPERTY.id)],
      ['Solceller', paths.propertySolar.href(PROPERTY.id)],
    ]);
  });

  it('says so in English when there are no meters and no class', async () => {
    actLikeTheDeviceApi(api, {
      override: answerEnergyOverview([{ ...glance, byType: [], energyClass: null }]),
    });
    renderOverview('en');
    const energy = await section('Energy');
    expect(await within(energy).findByText('No meters yet')).toBeVisible();
    expect(within(energy).getByText('No energy class')).toBeVisible();
    expect(within(energy).getByRole('link', { name: 'Energy summary' })).toBeVisible();
    expect(within(energy).getByRole('link', { name: 'Solar Panels' })).toBeVisible();
  });

  it('shows the change in English number format', async () => {
    actLikeTheDeviceApi(api, { override: answerEnergyOverview([glance]) });
    renderOverview('en');
    const energy = await section('Energy');
    expect(await within(energy).findByRole('table')).toHaveTextContent(
      'Electricity (partly estimated)3,400 kWh3,500 kWh-2.9%',
    );
    expect(within(energy).getByRole('link', { name: /^Energy class C/ })).toBeVisible();
  });

  it("says 'Something went wrong' when the energy cannot be fetched, with a retry", async () => {
    actLikeTheDeviceApi(api, { override: answerEnergyOverview([], { fail: true }) });
    const { user } = renderOverview();
    const energy = await section('Energi');
    const failure = await within(energy).findByRole('alert');
    expect(failure).toHaveTextContent('Det gick inte att hämta energiuppgifterna.');
    actLikeTheDeviceApi(api, { override: answerEnergyOverview([glance]) });
    await user.click(within(failure).getByRole('button', { name: 'Försök igen' }));
    expect(await within(energy).findByRole('table')).toBeVisible();
  });
});
