// An area's page as its route composes it: the area's details, then its devices, in both
// languages; a site manager is offered adding one, a user is not.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
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
