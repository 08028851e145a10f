// Renders the app (or one component) the way main.tsx does, with a fresh store and i18n, so a
// test sees what a user sees. The router is in memory and has no /portal basename.
import type { Language } from '@portal/contracts/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';
import { createI18n } from '../lib/i18n';
import { resources } from './catalogues';
import { type AppStore, makeStore } from './store';

export type RenderOptions = {
  /** The path the router starts on, relative to /portal. */
  route?: string;
  store?: AppStore;
  language?: Language;
  /** The route table; the app's own unless a test needs a freshly imported one. */
  routes?: RouteObject[];
};

function setUp(language: Language) {
  const i18n = createI18n(language, { resources });
  // Under fake timers user-event's own pauses must move the fake clock, or they never end.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  return { i18n, user };
}

/** Renders the app's routes starting at `route`. */
export function renderWithProviders(
  route: string,
  options?: RenderOptions,
): ReturnType<typeof renderRoute>;
/** Renders `ui` inside the providers and a MemoryRouter at `options.route`. */
export function renderWithProviders(
  ui: ReactElement,
  options?: RenderOptions,
): ReturnType<typeof renderComponent>;
export function renderWithProviders(uiOrRoute: ReactElement | string, options: RenderOptions = {}) {
  return typeof uiOrRoute === 'string'
    ? renderRoute(uiOrRoute, options)
    : renderComponent(uiOrRoute, options);
}

function renderRoute(route: string, options: RenderOptions) {
  const { store = makeStore(), language = 'sv', routes = appRoutes } = options;
  const { i18n, user } = setUp(language);
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProviders store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, i18n, router, user };
}

/** Renders a single component inside the providers and a MemoryRouter at `route`. */
export function renderComponent(ui: ReactElement, options: RenderOptions = {}) {
  const { route = '/', store = makeStore(), language = 'sv' } = options;
  const { i18n, user } = setUp(language);
  const result = render(
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store, i18n, user };
}
