// The route table: every path of the registry, each with its lazily loaded screen. The public
// group (SPEC §2) stands on its own; the main group sits inside the shell. A route whose screen
// is not built yet shows the not-found page, as does any path outside the registry; matching
// registered routes even so gives the shell their parameters (the property's menu). The shell is
// behind the session guard: visitors go to sign-in and come back afterwards. Each route names its
// title in its handle (app/document-title.tsx), so screens set none themselves.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../components/lazy-screen';
import { NotFoundScreen } from '../components/not-found-screen';
import { type PathName, PUBLIC_PATHS, paths } from '../config/paths';
import { RequireSession } from '../features/auth/components/require-session';
import type { TitleHandle } from './document-title';
import { RouteErrorScreen } from './route-error-screen';

// Layouts are chunks of their own: the sign-in screen does not pay for the shell, nor the
// shell for the public pages.
const AppShellLayout = lazyScreen(() => import('./shell/app-shell-layout'));
const PublicLayout = lazyScreen(() => import('./public-layout'));

export const screens: Partial<Record<PathName, ComponentType>> = {
  login: lazyScreen(() => import('../features/auth/screens/login-screen')),
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
  propertyOverview: lazyScreen(
    () => import('../features/properties/screens/property-overview-screen'),
  ),
  propertyEdit: lazyScreen(() => import('../features/properties/screens/property-edit-screen')),
  // Areas inside a property
  property: lazyScreen(() => import('../features/areas/screens/property-areas-screen')),
  propertyAreas: lazyScreen(() => import('../features/areas/screens/property-areas-screen')),
  propertyAreasOfType: lazyScreen(() => import('../features/areas/screens/property-areas-screen')),
  propertyNewArea: lazyScreen(() => import('../features/areas/screens/area-new-screen')),
  propertyNewAreas: lazyScreen(() => import('../features/areas/screens/areas-new-screen')),
  area: lazyScreen(() => import('../features/areas/screens/area-screen')),
  areaEdit: lazyScreen(() => import('../features/areas/screens/area-edit-screen')),
};

const isPublic = (name: PathName) => (PUBLIC_PATHS as readonly PathName[]).includes(name);

const NOT_FOUND_TITLE: TitleHandle = { title: 'notFound' };

function routeFor(name: PathName): RouteObject {
  const { path } = paths[name];
  const screen = screens[name];
  const Component = screen ?? NotFoundScreen;
  // A route without its screen yet is a not-found page, and titled so.
  const handle: TitleHandle = screen ? { title: name as TitleHandle['title'] } : NOT_FOUND_TITLE;
  return path === '' ? { index: true, Component, handle } : { path, Component, handle };
}

const names = Object.keys(paths) as PathName[];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    children: [
      { Component: PublicLayout, children: names.filter(isPublic).map(routeFor) },
      {
        // Checked before the shell's code loads: a visitor is sent on at once.
        Component: RequireSession,
        children: [
          {
            Component: AppShellLayout,
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
