// Fetches what the matched routes need as soon as the address is known — each lazily loaded
// layout's and screen's code, and the catalogues their handles name — side by side, instead of
// each only once the one around it has rendered (docs/web-loading.md).
import type { i18n } from 'i18next';
import { type DataRouter, type Location, matchRoutes, type RouteObject } from 'react-router';
import { isLazyScreen } from '../components/lazy-screen';
import type { Namespace } from '../lib/i18n';

/** What a route carries for preloading: the catalogues its screen reads besides 'translation'. */
export type NamespacesHandle = { namespaces?: readonly Namespace[] };

const namespacesOf = (handle: unknown): readonly Namespace[] =>
  (typeof handle === 'object' && handle !== null && (handle as NamespacesHandle).namespaces) || [];

/** Starts fetching the code and catalogues of these matched routes (nothing already there). */
export function preloadMatches(matches: readonly { route: RouteObject }[], i18n: i18n) {
  const namespaces = new Set<Namespace>();
  for (const { route } of matches) {
    if (isLazyScreen(route.Component)) route.Component.preload();
    for (const namespace of namespacesOf(route.handle)) namespaces.add(namespace);
  }
  if (namespaces.size > 0) void i18n.loadNamespaces([...namespaces]);
}

/**
 * For the router's first address and every later one; returns a function that stops. The routes
 * are matched in the table as written: the router's own copies no longer carry `Component`.
 */
export function preloadRoutes(router: DataRouter, routes: RouteObject[], i18n: i18n): () => void {
  let preloaded: Location | undefined;
  const preload = (location: Location) => {
    if (location === preloaded) return;
    preloaded = location;
    preloadMatches(matchRoutes(routes, location, router.basename) ?? [], i18n);
  };
  preload(router.state.location);
  return router.subscribe((state) => preload(state.location));
}
