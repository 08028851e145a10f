// The route table: every path of the registry, each with its lazily loaded screen. The public
// group (SPEC §2) stands on its own; the main group sits inside the shell. A route whose screen
// is not built yet shows the not-found page, as does any path outside the registry; matching
// registered routes even so gives the shell their parameters (the property's menu). The shell is
// behind the session guard: visitors go to sign-in and come back afterwards. Each route names its
// title in its handle (app/document-title.tsx), so screens set none themselves, and the catalogues
// its screen reads, fetched with its code (app/route-preload.ts).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../components/lazy-screen';
import { NotFoundScreen } from '../components/not-found-screen';
import { type PathName, PUBLIC_PATHS, paths } from '../config/paths';
import { RequireSession } from '../features/auth/components/require-session';
import LoginScreen from '../features/auth/screens/login-screen';
import { FORM_NAMESPACES } from '../lib/form-namespaces';
import type { Namespace } from '../lib/i18n';
import type { TitleHandle } from './document-title';
import PublicLayout from './public-layout';
import { RouteErrorScreen } from './route-error-screen';
import type { NamespacesHandle } from './route-preload';

// The shell is a chunk of its own: the sign-in screen does not pay for it. The sign-in screen and
// its layout are in the first chunk instead: most visits start there, and it has a size budget
// (docs/web-loading.md), so it shows without waiting for another round trip.
const AppShellLayout = lazyScreen(() => import('./shell/app-shell-layout'));

export const screens: Partial<Record<PathName, ComponentType>> = {
  login: LoginScreen,
  signup: lazyScreen(() => import('../features/auth/screens/signup-request-screen')),
  signupInvitation: lazyScreen(() => import('../features/auth/screens/signup-screen')),
  resetPassword: lazyScreen(() => import('../features/auth/screens/reset-password-request-screen')),
  resetPasswordWithKey: lazyScreen(() => import('../features/auth/screens/reset-password-screen')),
  dashboard: lazyScreen(() => import('./routes/dashboard')),
  profile: lazyScreen(() => import('../features/account/profile-screen')),
  profileEdit: lazyScreen(() => import('../features/account/profile-edit-screen')),
  profileNew: lazyScreen(() => import('../features/account/profile-new-screen')),
  organizationUsers: lazyScreen(
    () => import('../features/organization-users/organization-users-screen'),
  ),
  organizationUsersNew: lazyScreen(
    () => import('../features/organization-users/invite-user-screen'),
  ),
  // Organizations, properties, the property overview and its forms
  organizations: lazyScreen(() => import('../features/organizations/organizations-screen')),
  organizationsNew: lazyScreen(() => import('../features/organizations/organization-new-screen')),
  properties: lazyScreen(() => import('../features/properties/screens/properties-screen')),
  propertiesNew: lazyScreen(() => import('../features/properties/screens/property-new-screen')),
  propertyOverview: lazyScreen(() => import('./routes/property-overview')),
  propertyEdit: lazyScreen(() => import('../features/properties/screens/property-edit-screen')),
  // Areas inside a property
  property: lazyScreen(() => import('../features/areas/screens/property-areas-screen')),
  propertyAreas: lazyScreen(() => import('../features/areas/screens/property-areas-screen')),
  propertyAreasOfType: lazyScreen(() => import('../features/areas/screens/property-areas-screen')),
  propertyNewArea: lazyScreen(() => import('../features/areas/screens/area-new-screen')),
  propertyNewAreas: lazyScreen(() => import('../features/areas/screens/areas-new-screen')),
  area: lazyScreen(() => import('./routes/area')),
  areaEdit: lazyScreen(() => import('../features/areas/screens/area-edit-screen')),
  // Devices of an area, and the property's device log
  areaDevices: lazyScreen(() => import('../features/devices/screens/area-devices-screen')),
  propertyDeviceLog: lazyScreen(() => import('../features/devices/screens/device-log-screen')),
  areaNewDevice: lazyScreen(() => import('../features/devices/screens/device-new-screen')),
  device: lazyScreen(() => import('./routes/device')),
  deviceNewImage: lazyScreen(
    () => import('../features/device-images/screens/device-image-new-screen'),
  ),
  areaNewDeviceImage: lazyScreen(() => import('./routes/area-new-device-image')),
  areaDevicesImport: lazyScreen(() => import('./routes/area-devices-import')),
  deviceNewPinCode: lazyScreen(() => import('../features/pin-codes/screens/pin-code-new-screen')),
  // A property's energy views
  propertySolar: lazyScreen(() => import('../features/energy/screens/solar-screen')),
  propertyWifi: lazyScreen(() => import('../features/wifi/wifi-screen')),
  propertyEnergySummary: lazyScreen(
    () => import('../features/energy/screens/energy-summary-screen'),
  ),
  propertyUsage: lazyScreen(() => import('./routes/property-usage')),
  propertyCompare: lazyScreen(() => import('../features/energy/screens/compare-screen')),
  propertyData: lazyScreen(() => import('../features/exports/screens/export-screen')),
};

/** A screen with a contract form reads every catalogue a form message may come from. */
const FORM = FORM_NAMESPACES;

/**
 * The catalogues a screen reads besides 'translation' (the public screens': on their layout). One
 * missing here still arrives, only after the screen's code instead of beside it.
 */
const screenNamespaces: Partial<Record<PathName, readonly Namespace[]>> = {
  signup: FORM,
  signupInvitation: FORM,
  resetPassword: FORM,
  resetPasswordWithKey: FORM,
  dashboard: ['account', 'properties', 'areas', 'energy'],
  profile: ['account'],
  profileEdit: FORM,
  profileNew: FORM,
  organizationUsers: ['account'],
  organizationUsersNew: FORM,
  organizations: ['organizations'],
  organizationsNew: FORM,
  properties: ['properties'],
  propertiesNew: FORM,
  propertyOverview: ['properties', 'areas', 'devices', 'energy'],
  propertyEdit: FORM,
  property: ['properties', 'areas'],
  propertyAreas: ['properties', 'areas'],
  propertyAreasOfType: ['properties', 'areas'],
  propertyNewArea: FORM,
  propertyNewAreas: FORM,
  area: ['properties', 'areas', 'devices'],
  areaEdit: FORM,
  areaDevices: ['areas', 'devices'],
  propertyDeviceLog: ['areas', 'devices'],
  areaNewDevice: FORM,
  // The device's screen edits it in place with the device form, its images below.
  device: [...FORM, 'images'],
  deviceNewImage: ['devices', 'images'],
  areaNewDeviceImage: [...FORM, 'images'],
  areaDevicesImport: ['areas', 'devices', 'errors'],
  deviceNewPinCode: FORM,
  propertySolar: ['energy', 'charts'],
  // The networks, and the form that adds or changes one.
  propertyWifi: FORM,
  propertyEnergySummary: ['energy'],
  // The estimate's charts, and the prices form below it.
  propertyUsage: [...FORM, 'energy', 'charts', 'prices'],
  // The kinds' area types are named from the areas catalogue; the charts' texts from 'charts'.
  propertyCompare: ['energy', 'charts', 'areas'],
  // The export form (its messages come from FORM, 'exports' and 'areas' among them) and history.
  propertyData: FORM,
};

/**
 * What every public screen reads (Swedish comes bundled, lib/i18n). The sign-in screen fetches the
 * API's error messages itself once the visitor starts on the form.
 */
const PUBLIC_HANDLE: NamespacesHandle = { namespaces: ['auth'] };

const SHELL_HANDLE: NamespacesHandle = { namespaces: ['areas'] };

const isPublic = (name: PathName) => (PUBLIC_PATHS as readonly PathName[]).includes(name);

const NOT_FOUND_TITLE: TitleHandle = { title: 'notFound' };

function routeFor(name: PathName): RouteObject {
  const { path } = paths[name];
  const screen = screens[name];
  const Component = screen ?? NotFoundScreen;
  // A route without its screen yet is a not-found page, and titled so.
  const handle: TitleHandle & NamespacesHandle = screen
    ? { title: name as TitleHandle['title'], namespaces: screenNamespaces[name] }
    : NOT_FOUND_TITLE;
  return path === '' ? { index: true, Component, handle } : { path, Component, handle };
}

const names = Object.keys(paths) as PathName[];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    children: [
      {
        Component: PublicLayout,
        handle: PUBLIC_HANDLE,
        children: names.filter(isPublic).map(routeFor),
      },
      {
        // Checked before the shell's code loads: a visitor is sent on at once.
        Component: RequireSession,
        children: [
          {
            Component: AppShellLayout,
            // The shell names an area in the document title (entity-names.ts) with the areas
            // catalogue: fetched beside its code, or every screen without 'areas' of its own waits
            // for it after the shell's first render (and React's reveal of it, ~300 ms).
            handle: SHELL_HANDLE,
            children: [
              {
                // A screen that crashes keeps the shell around it.
                errorElement: <RouteErrorScreen />,
                children: [
                  ...names.filter((name) => !isPublic(name)).map(routeFor),
                  { path: '*', Component: NotFoundScreen, handle: NOT_FOUND_TITLE },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
