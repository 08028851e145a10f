// Starts the web app under /portal. What loads when, and why: docs/web-loading.md.
import './app/global.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { preloadRoutes } from './app/route-preload';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { BASE_PATH, FIRST_RENDER_WAIT_MS } from './config/env';
import { connectHttpClientToStore } from './features/auth/model/session-wiring';
import { createI18n } from './lib/i18n';

const i18n = createI18n();
const router = createBrowserRouter(routes, { basename: BASE_PATH });
// The screen's code and catalogues start loading now, beside the layout's.
const { firstAddressLoaded } = preloadRoutes(router, routes, i18n);
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
// The first render waits a little for the address's code and catalogues (fetched side by side),
// so a quick load shows the screen whole rather than a 'Loading...' per layout, each held back
// by React's throttled reveal. Then, as a transition, it yields to the browser every few
// milliseconds instead of holding the main thread for all of it (W8's total blocking time). A
// slow load renders at once without one, since a transition would show nothing at all until
// every piece is in, where SPEC §2 wants 'Loading...' (docs/web-loading.md).
const everythingIn = Promise.allSettled([
  firstAddressLoaded,
  i18n.loadNamespaces(i18n.options.ns ?? []),
]).then(() => true);
// A visitor who is not signed in goes to the sign-in screen, which is in the first chunk.
const waitedLongEnough = new Promise<false>((resolve) =>
  setTimeout(() => resolve(false), store.getState().auth.isLoggedIn ? FIRST_RENDER_WAIT_MS : 0),
);
void Promise.race([everythingIn, waitedLongEnough]).then((whole) => {
  const render = () => createRoot(root).render(app);
  if (whole) startTransition(render);
  else render();
});
