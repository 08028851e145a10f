// Signing in (DESIGN §4.2): POST /auth/login/, then the session lives in local storage (SPEC §3
// keys) and the auth state (SPEC §4).
import type { Login, LoginResponse } from '@portal/contracts/auth';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { loginFailed, loginSucceeded } from '../../../lib/auth-slice';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  type ApiError,
  http,
  REFRESH_TOKEN_STORAGE_KEY,
  USER_ID_STORAGE_KEY,
} from '../../../lib/http';

/** Stores a new session where SPEC §3 keeps it (access, session, id); answers the access token. */
export function keepSession(session: LoginResponse) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, session.accessToken);
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, session.refreshToken);
  localStorage.setItem(USER_ID_STORAGE_KEY, session.id);
  return session.accessToken;
}

/** Rejects with the API's error body, so the sign-in screen can say what went wrong. */
export const login = createAsyncThunk<LoginResponse, Login, { rejectValue: ApiError }>(
  'auth/login',
  async (credentials, { dispatch, rejectWithValue }) => {
    try {
      const { data } = await http.post<LoginResponse>('/auth/login/', credentials);
      dispatch(loginSucceeded(keepSession(data)));
      return data;
    } catch (error) {
      dispatch(loginFailed());
      return rejectWithValue(error as ApiError);
    }
  },
);

/** What went wrong, for the sign-in screen: with this code, so the screen's first chunk does not
 * hold the map of the API's codes (lib/api-errors.ts) for a failure that comes only after it. */
export { describeAuthError } from './auth-errors';
