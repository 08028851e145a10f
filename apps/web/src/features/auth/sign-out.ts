// Signing out forgets the session on this device; the chosen language stays (SPEC §3 keys).
import type { AppThunk } from '../../app/store';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../lib/http';
import { logout } from './auth-slice';

export const SESSION_STORAGE_KEYS = [ACCESS_TOKEN_STORAGE_KEY, 'session', 'id'] as const;

export const signOut = (): AppThunk => (dispatch) => {
  for (const key of SESSION_STORAGE_KEYS) localStorage.removeItem(key);
  dispatch(logout());
};
