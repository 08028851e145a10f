// Starts the web app under /portal. What loads when, and why: docs/web-loading.md.
import './app/global.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { preloadRoutes } from './app/route-preload';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { BASE_PATH } from './config/env';
import { connectHttpClientToStore } from './features/auth/model/session-wiring';
import { createI18n } from './lib/i18n';

const i18n = createI18n();
const router = createBrowserRouter(routes, { basename: BASE_PATH });
// The screen's code and catalogues start loading now, beside the layout's.
preloadRoutes(router, routes, i18n);
const store = makeStore();
// A refreshed token or an ended session (SPEC §8) reaches the store from the HTTP client.
connectHttpClientToStore(store);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders store={store} i18n={i18n}>
      {/* Nothing shows until the current language's 'translation' catalogue is in. */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  </StrictMode>
);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for all of it (W8's total blocking time, docs/web-loading.md).
startTransition(() => createRoot(root).render(app));
