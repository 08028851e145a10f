// Preloading: as soon as the router knows the address, the code of every lazily loaded route it
// matches and the catalogues their handles name start loading — once, and again for a new address.
import type { i18n } from 'i18next';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../components/lazy-screen';
import { preloadRoutes } from './route-preload';

const screenModule = { default: () => null };

function setUp(initialPath: string) {
  const loadLayout = vi.fn(async () => screenModule);
  const loadScreen = vi.fn(async () => screenModule);
  const loadOther = vi.fn(async () => screenModule);
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: lazyScreen(loadLayout),
      handle: { namespaces: ['account'] },
      children: [
        { path: 'screen', Component: lazyScreen(loadScreen), handle: { namespaces: ['areas'] } },
        { path: 'other', Component: lazyScreen(loadOther), handle: { title: 'x' } },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const loadNamespaces = vi.fn(async () => {});
  const { stop, firstAddressLoaded } = preloadRoutes(router, routes, {
    loadNamespaces,
  } as unknown as i18n);
  return { router, stop, firstAddressLoaded, loadLayout, loadScreen, loadOther, loadNamespaces };
}

describe('preloadRoutes', () => {
  it("starts the layout's and the screen's code and their catalogues before anything renders", () => {
    const { loadLayout, loadScreen, loadOther, loadNamespaces } = setUp('/screen');
    expect(loadLayout).toHaveBeenCalledTimes(1);
    expect(loadScreen).toHaveBeenCalledTimes(1);
    expect(loadOther).not.toHaveBeenCalled();
    expect(loadNamespaces).toHaveBeenCalledExactlyOnceWith(['account', 'areas']);
  });

  it('preloads the next address once the router goes there, and stops when told', async () => {
    const { router, stop, loadOther, loadScreen, loadNamespaces } = setUp('/screen');
    await router.navigate('/other');
    expect(loadOther).toHaveBeenCalledTimes(1);
    expect(loadNamespaces).toHaveBeenLastCalledWith(['account']);
    stop();
    await router.navigate('/screen');
    expect(loadScreen).toHaveBeenCalledTimes(1);
  });

  it('tells when the first address has everything it needs, and does so even when a part failed', async () => {
    let finishScreen: (module: typeof screenModule) => void = () => {};
    const routes: RouteObject[] = [
      {
        path: '/',
        Component: lazyScreen(() => Promise.reject(new Error('offline'))),
        children: [
          {
            path: 'screen',
            Component: lazyScreen(() => new Promise((resolve) => (finishScreen = resolve))),
            handle: { namespaces: ['areas'] },
          },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/screen'] });
    const loadNamespaces = vi.fn(async () => {});
    const { firstAddressLoaded } = preloadRoutes(router, routes, {
      loadNamespaces,
    } as unknown as i18n);
    let settled = false;
    void firstAddressLoaded.then(() => (settled = true));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    finishScreen(screenModule);
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});

describe("the portal's routes", () => {
  it("preload the shell's catalogue with a screen's own: the solar screen's address asks for 'areas' at once", async () => {
    const { routes: portalRoutes } = await import('./router');
    const loadNamespaces = vi.fn(async () => {});
    const router = createMemoryRouter(portalRoutes, {
      initialEntries: ['/property/0d721d0d-bf4b-45be-833c-ca17570039e7/solar-panel'],
    });
    const { stop } = preloadRoutes(router, portalRoutes, { loadNamespaces } as unknown as i18n);
    stop();
    expect(loadNamespaces).toHaveBeenCalledExactlyOnceWith(
      expect.arrayContaining(['areas', 'energy', 'charts']),
    );
  });
});
