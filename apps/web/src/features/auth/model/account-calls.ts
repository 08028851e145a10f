// The public screens' calls (DESIGN §4.1–4.2) that start no session: registering an address and
// recovering a password. Sent without the stored session: they are a visitor's calls, and a stale
// access token must neither be sent nor trigger a refresh.
import type { ResetPassword } from '@portal/contracts/auth';
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
