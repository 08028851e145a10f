// Accounts of their own for tests that change them (a password reset ends every session of the
// account, so it must not be a shared demo account): registered by e-mail through the API.
import type { APIRequestContext } from '@playwright/test';
import { hasPortalLink, linkParts, portalLinkIn, waitForMail } from './mailbox';

/** An address nobody else in the run uses. */
export function uniqueAddress(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.se`;
}

/** Registers `email` (POST /api/user/), follows the mailed key (POST /api/auth/signup/). */
export async function registerThroughApi(
  request: APIRequestContext,
  account: { email: string; password: string; name: string },
) {
  const registered = await request.post('/api/user/', { data: { email: account.email } });
  if (registered.status() !== 202)
    throw new Error(`registration failed: ${registered.status()} ${await registered.text()}`);
  const link = portalLinkIn(
    await waitForMail(account.email, 15_000, hasPortalLink('signup')),
    'signup',
  );
  const { key, email } = linkParts(link);
  const signedUp = await request.post('/api/auth/signup/', {
    data: { key, email, name: account.name, password: account.password },
  });
  if (!signedUp.ok())
    throw new Error(`signup failed: ${signedUp.status()} ${await signedUp.text()}`);
  return (await signedUp.json()) as { accessToken: string; refreshToken: string; id: string };
}
