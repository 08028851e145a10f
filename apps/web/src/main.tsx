// Starts the web app under /portal.
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { makeStore } from './app/store';
import { BASE_PATH } from './config/env';
import { connectHttpClientToStore } from './features/auth/model/session-wiring';
import { createI18n } from './lib/i18n';

const router = createBrowserRouter(routes, { basename: BASE_PATH });
const store = makeStore();
// A refreshed token or an ended session (SPEC §8) reaches the store from the HTTP client.
connectHttpClientToStore(store);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store} i18n={createI18n()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
