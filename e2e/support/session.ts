// Signing in without the sign-in screen: through the API, with the tokens placed where the web
// app keeps them (SPEC §3 local storage keys), before the page loads.
import type { Page } from '@playwright/test';
import { rememberSecret, rememberSession } from './secrets-seen';

/** Seeded by PORTAL_DEMO (apps/server/src/demo/seed-demo.ts). */
export const DEMO_SITE_MANAGER = { email: 'forvaltare@example.se', password: 'Solrosen-demo-2026' };
export const DEMO_MEMBER = { email: 'styrelsen@example.se', password: 'Solrosen-demo-2026' };

export async function signInThroughApi(page: Page, account: { email: string; password: string }) {
  rememberSecret(account.password, 'password');
  const response = await page.request.post('/api/auth/login/', { data: account });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  const session = (await response.json()) as Session;
  await openSession(page, session);
  return session;
}

type Session = { accessToken: string; refreshToken: string; id: string };

/** Places a session's tokens where the web app keeps them, once per tab: signing out stays out. */
export async function openSession(page: Page, session: Session) {
  rememberSession(session);
  await page.addInitScript((stored) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('access', stored.accessToken);
    window.localStorage.setItem('session', stored.refreshToken);
    window.localStorage.setItem('id', stored.id);
  }, session);
}
