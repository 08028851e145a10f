// The route table: every path of the registry, each with its lazily loaded screen. The public
// group (SPEC §2) stands on its own; the main group sits inside the shell. A route whose screen
// is not built yet shows the not-found page, as does any path outside the registry; matching
// registered routes even so gives the shell their parameters (the property's menu).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../components/lazy-screen';
import { NotFoundScreen } from '../components/not-found-screen';
import { type PathName, PUBLIC_PATHS, paths } from '../config/paths';
import { RouteErrorScreen } from './route-error-screen';

// Layouts are chunks of their own: the sign-in screen does not pay for the shell, nor the
// shell for the public pages.
const AppShellLayout = lazyScreen(() => import('./shell/app-shell-layout'));
const PublicLayout = lazyScreen(() => import('./public-layout'));

export const screens: Partial<Record<PathName, ComponentType>> = {
  dashboard: lazyScreen(() => import('../features/dashboard/dashboard-screen')),
};

const isPublic = (name: PathName) => (PUBLIC_PATHS as readonly PathName[]).includes(name);

function routeFor(name: PathName): RouteObject {
  const { path } = paths[name];
  const Component = screens[name] ?? NotFoundScreen;
  return path === '' ? { index: true, Component } : { path, Component };
}

const names = Object.keys(paths) as PathName[];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    children: [
      { Component: PublicLayout, children: names.filter(isPublic).map(routeFor) },
      {
        Component: AppShellLayout,
        children: [
          {
            // A screen that crashes keeps the shell around it.
            errorElement: <RouteErrorScreen />,
            children: [
              ...names.filter((name) => !isPublic(name)).map(routeFor),
              { path: '*', Component: NotFoundScreen },
            ],
          },
        ],
      },
    ],
  },
];
