// A property's overview as its route composes it: its details and areas, then how many devices
// of each type it has and the way to its device log, in both languages.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { PROPERTY } from '../../test/areas';
import { actLikeTheDeviceApi, aDevice, gateway } from '../../test/devices';
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
