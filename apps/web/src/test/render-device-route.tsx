// For the device screens' tests: 'Add device', the device's screen and the area's devices at
// their routes, and the current address on show, so a test sees what a user sees and where they
// end up.
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import AreaDevicesScreen from '../features/devices/screens/area-devices-screen';
import DeviceNewScreen from '../features/devices/screens/device-new-screen';
import DeviceScreen from '../features/devices/screens/device-screen';
import { TECHNICAL_ROOM } from './devices';
import { karin } from './people';
import { renderComponent } from './render';
import { CurrentAddress } from './render-area-route';
import { signedInStore } from './store';

export { currentAddress } from './render-area-route';

/** The technical room's addresses. */
export const ROOM = `/property/${TECHNICAL_ROOM.propertyId}/area/misc/${TECHNICAL_ROOM.id}`;
export const NEW_DEVICE = `${ROOM}/devices/new`;
export const ROOM_DEVICES = `${ROOM}/devices`;

/** The device screens at their routes, starting at `route`, signed in as `user`. */
export function renderDeviceRoute(
  route: string,
  { user = karin, language = 'sv' }: { user?: User; language?: Language } = {},
) {
  return renderComponent(
    <>
      <Routes>
        <Route path={paths.areaNewDevice.path} element={<DeviceNewScreen />} />
        <Route path={paths.device.path} element={<DeviceScreen />} />
        <Route path={paths.areaDevices.path} element={<AreaDevicesScreen />} />
        <Route path="*" element={<h1>Another page</h1>} />
      </Routes>
      <CurrentAddress />
    </>,
    { route, store: signedInStore(user), language },
  );
}
