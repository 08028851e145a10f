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

/**
 * Starts fetching the code and catalogues of these matched routes (nothing already there); the
 * promise settles, never rejecting, once all of it is in or has failed (a failure is the screen's
 * to show when it renders).
 */
export async function preloadMatches(
  matches: readonly { route: RouteObject }[],
  i18n: i18n,
): Promise<void> {
  const namespaces = new Set<Namespace>();
  const loads: Promise<unknown>[] = [];
  for (const { route } of matches) {
    if (isLazyScreen(route.Component)) loads.push(route.Component.preload());
    for (const namespace of namespacesOf(route.handle)) namespaces.add(namespace);
  }
  if (namespaces.size > 0) loads.push(i18n.loadNamespaces([...namespaces]));
  await Promise.allSettled(loads);
}

/**
 * For the router's first address and every later one. The routes are matched in the table as
 * written: the router's own copies no longer carry `Component`. `firstAddressLoaded` settles once
 * the first address's code and catalogues are in, so the first render can show the screen
 * whole instead of 'Loading...' states one after another.
 */
export function preloadRoutes(
  router: DataRouter,
  routes: RouteObject[],
  i18n: i18n,
): { firstAddressLoaded: Promise<void>; stop: () => void } {
  let preloaded: Location | undefined;
  const preload = (location: Location) => {
    if (location === preloaded) return Promise.resolve();
    preloaded = location;
    return preloadMatches(matchRoutes(routes, location, router.basename) ?? [], i18n);
  };
  const firstAddressLoaded = preload(router.state.location);
  const stop = router.subscribe((state) => void preload(state.location));
  return { firstAddressLoaded, stop };
}
