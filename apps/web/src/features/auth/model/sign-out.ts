// Signing out forgets the session on this device at once, then asks the API to end the refresh
// token's session (best effort); the chosen language stays (SPEC §3 keys).

import { api } from '../../../api/api-slice';
import { logout } from '../../../lib/auth-slice';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  http,
  REFRESH_TOKEN_STORAGE_KEY,
  USER_ID_STORAGE_KEY,
} from '../../../lib/http';
import type { AppThunk } from '../../../lib/store-hooks';

export const SESSION_STORAGE_KEYS = [
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  USER_ID_STORAGE_KEY,
] as const;

/**
 * Local sign-out happens before the call, so the screen that dispatched it can move to the
 * sign-in page straight away, and an unreachable API never keeps anyone signed in. The returned
 * promise settles when the call has (it never rejects).
 */
export const signOut = (): AppThunk<Promise<void>> => async (dispatch) => {
  const refreshToken = localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY);
  for (const key of SESSION_STORAGE_KEYS) localStorage.removeItem(key);
  dispatch(logout());
  // Nothing the previous user loaded stays in the cache for the next one.
  dispatch(api.util.resetApiState());
  if (!refreshToken) return;
  try {
    // The refresh token is the credential here; an expired access token must not trigger a
    // refresh (which, with the session already gone, would clear the language too).
    await http.post('/auth/logout/', { refreshToken }, { withoutSession: true });
  } catch {
    // Best effort: the server's copy of the session expires on its own.
  }
};
