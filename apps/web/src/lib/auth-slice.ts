// The auth state of SPEC §3–4: whether someone is signed in and their access token.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ACCESS_TOKEN_STORAGE_KEY } from './session-keys';

export type AuthState = { isLoggedIn: boolean; accessToken: string };

/** SPEC §3: logged in initially exactly when an access value is stored locally. */
export function initialAuthState(storage: Storage = localStorage): AuthState {
  const stored = storage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  return { isLoggedIn: Boolean(stored), accessToken: stored ?? '' };
}

const loggedOut: AuthState = { isLoggedIn: false, accessToken: '' };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginSucceeded: (_state, action: PayloadAction<string>) => ({
      isLoggedIn: true,
      accessToken: action.payload,
    }),
    loginFailed: () => loggedOut,
    accessTokenSet: (_state, action: PayloadAction<string>) => ({
      isLoggedIn: true,
      accessToken: action.payload,
    }),
    accessTokenCleared: () => loggedOut,
    logout: () => loggedOut,
  },
});

export const { loginSucceeded, loginFailed, accessTokenSet, accessTokenCleared, logout } =
  authSlice.actions;
