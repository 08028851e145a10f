// The route table: every path of the registry, each with its lazily loaded screen; a route whose
// screen is not built yet shows the not-found page, as does any path outside the registry.
// Matching registered routes even so gives the shell their parameters (the property's menu).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../components/lazy-screen';
import { NotFoundScreen } from '../components/not-found-screen';
import { type PathName, paths } from '../config/paths';
import { RouteErrorScreen } from './route-error-screen';

// The shell is its own chunk: the public screens (sign-in first of all) do not need it.
const AppShellLayout = lazyScreen(() => import('./shell/app-shell-layout'));

export const screens: Partial<Record<PathName, ComponentType>> = {
  dashboard: lazyScreen(() => import('../features/dashboard/dashboard-screen')),
};

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShellLayout,
    errorElement: <RouteErrorScreen />,
    children: [
      ...(Object.keys(paths) as PathName[]).map((name): RouteObject => {
        const { path } = paths[name];
        const Component = screens[name] ?? NotFoundScreen;
        return path === '' ? { index: true, Component } : { path, Component };
      }),
      { path: '*', Component: NotFoundScreen },
    ],
  },
];
