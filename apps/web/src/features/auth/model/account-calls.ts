// The public screens' calls (DESIGN §4.1–4.2) that start no session: registering an address,
// checking a signup link and recovering a password. Sent without the stored session: they are a visitor's calls, and a stale
// access token must neither be sent nor trigger a refresh.
import type { ResetPassword, SignupCheck, SignupCheckResponse } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/domain';
import { http } from '../../../lib/http';

/** POST /user/ anonymously: the API mails a signup link (202 whether or not the address is known). */
export async function requestRegistration(email: string, language: Language): Promise<void> {
  await http.post('/user/', { email: email.trim(), language }, { withoutSession: true });
}

/** POST /auth/reset-password-email/: always 202; a link goes out if the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('/auth/reset-password-email/', { email: email.trim() }, { withoutSession: true });
}

/** POST /auth/reset-password/: 204, or 400 for a used or expired link or a weak password. */
export async function resetPassword(request: ResetPassword): Promise<void> {
  await http.post('/auth/reset-password/', request, { withoutSession: true });
}

/**
 * POST /auth/signup/check: whether a signup link still works ('valid'), its account exists
 * already ('used'), or it is unknown, expired or replaced ('invalid'). Uses nothing up.
 */
export async function checkSignupLink(link: SignupCheck): Promise<SignupCheckResponse['status']> {
  const { data } = await http.post<SignupCheckResponse>('/auth/signup/check', link, {
    withoutSession: true,
  });
  return data.status;
}
