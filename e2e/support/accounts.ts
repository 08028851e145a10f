// Accounts of their own for tests that change them (a password reset ends every session of the
// account, so it must not be a shared demo account): registered by e-mail through the API.
import type { APIRequestContext } from '@playwright/test';
import { hasPortalLink, linkParts, portalLinkIn, waitForMail } from './mailbox';
import { rememberSecret, rememberSession } from './secrets-seen';

/** An address nobody else in the run uses. */
export function uniqueAddress(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.se`;
}

type NewAccount = { email: string; password: string; name: string };
type Session = { accessToken: string; refreshToken: string; id: string };

/** Registers `email` (POST /api/user/) and follows the mailed key: a site manager of nothing yet. */
export async function registerThroughApi(request: APIRequestContext, account: NewAccount) {
  const registered = await request.post('/api/user/', { data: { email: account.email } });
  if (registered.status() !== 202)
    throw new Error(`registration failed: ${registered.status()} ${await registered.text()}`);
  return completeSignup(request, account);
}

/** A site manager (signed in as `inviter`) invites `email` into an organization with `role`,
 * and the invitee follows the mailed key. */
export async function inviteThroughApi(
  request: APIRequestContext,
  inviter: { accessToken: string },
  account: NewAccount & { role: 'site-manager' | 'user'; organizationId: string },
) {
  rememberSession(inviter);
  const invited = await request.post('/api/user/', {
    headers: { Authorization: `Bearer ${inviter.accessToken}` },
    data: { email: account.email, role: account.role, organizationId: account.organizationId },
  });
  if (invited.status() !== 201)
    throw new Error(`invitation failed: ${invited.status()} ${await invited.text()}`);
  return completeSignup(request, account);
}

/** POST /api/auth/signup/ with the key from the signup mail sent to the account's address. */
async function completeSignup(request: APIRequestContext, account: NewAccount): Promise<Session> {
  const link = portalLinkIn(
    await waitForMail(account.email, 15_000, hasPortalLink('signup')),
    'signup',
  );
  const { key, email } = linkParts(link);
  rememberSecret(account.password, 'password');
  const signedUp = await request.post('/api/auth/signup/', {
    data: { key, email, name: account.name, password: account.password },
  });
  if (!signedUp.ok())
    throw new Error(`signup failed: ${signedUp.status()} ${await signedUp.text()}`);
  const session = (await signedUp.json()) as Session;
  rememberSession(session);
  return session;
}
