// For the area screens' tests: the screens at their routes with the current address on show, so
// a test sees what a user sees and where they end up.
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths';
import AreaEditScreen from '../features/areas/screens/area-edit-screen';
import AreaNewScreen from '../features/areas/screens/area-new-screen';
import AreaScreen from '../features/areas/screens/area-screen';
import AreasNewScreen from '../features/areas/screens/areas-new-screen';
import PropertyAreasScreen from '../features/areas/screens/property-areas-screen';
import { PROPERTY } from './areas';
import { karin } from './people';
import { renderComponent } from './render';
import { signedInStore } from './store';

/** What the address bar would show: path and search. */
export function CurrentAddress() {
  const location = useLocation();
  return <div data-testid="address">{`${location.pathname}${location.search}`}</div>;
}

export const currentAddress = () => screen.getByTestId('address').textContent;

/** The area screens at their routes, starting at `route`, signed in as `user`. */
export function renderAreaRoute(
  route: string,
  { user = karin, language = 'sv' }: { user?: User; language?: Language } = {},
) {
  return renderComponent(
    <>
      <Routes>
        <Route path={paths.property.path} element={<PropertyAreasScreen />} />
        <Route path={paths.propertyAreas.path} element={<PropertyAreasScreen />} />
        <Route path={paths.propertyAreasOfType.path} element={<PropertyAreasScreen />} />
        <Route path={paths.propertyNewArea.path} element={<AreaNewScreen />} />
        <Route path={paths.propertyNewAreas.path} element={<AreasNewScreen />} />
        <Route path={paths.area.path} element={<AreaScreen />} />
        <Route path={paths.areaEdit.path} element={<AreaEditScreen />} />
        <Route path={paths.propertyOverview.path} element={<h1>Översikt</h1>} />
        <Route path="*" element={<h1>Another page</h1>} />
      </Routes>
      <CurrentAddress />
    </>,
    { route, store: signedInStore(user), language },
  );
}

/**
 * renderAreaRoute for a screen that creates areas, once its property has arrived: the form, or
 * the permission message, waits for it, since the role in its organization decides which.
 */
export async function renderAreaCreateRoute(
  route: string,
  options?: { user?: User; language?: Language },
) {
  const rendered = renderAreaRoute(route, options);
  await screen.findByText(PROPERTY.name);
  return rendered;
}
