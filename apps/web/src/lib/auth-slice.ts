// The auth state of SPEC §3–4: whether someone is signed in and their access token.
//
// Actions and a plain reducer rather than createSlice: every change replaces the state whole, so
// createSlice's immer drafts would do nothing here. It saves only the slice's own code (0.25 KB
// gzipped of W7): a module sits in one chunk, and as the store is made in the sign-in screen's,
// that chunk holds what the shell uses of Redux Toolkit too, immer included (docs/web-loading.md).
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { ACCESS_TOKEN_STORAGE_KEY } from './session-keys';

export type AuthState = { isLoggedIn: boolean; accessToken: string };

/** SPEC §3: logged in initially exactly when an access value is stored locally. */
export function initialAuthState(storage: Storage = localStorage): AuthState {
  const stored = storage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  return { isLoggedIn: Boolean(stored), accessToken: stored ?? '' };
}

const loggedOut: AuthState = { isLoggedIn: false, accessToken: '' };

export const loginSucceeded = createAction<string>('auth/loginSucceeded');
export const loginFailed = createAction('auth/loginFailed');
export const accessTokenSet = createAction<string>('auth/accessTokenSet');
export const accessTokenCleared = createAction('auth/accessTokenCleared');
export const logout = createAction('auth/logout');

/** The state under `auth`; starts from the stored token (initialAuthState). */
export function authReducer(state: AuthState | undefined, action: UnknownAction): AuthState {
  if (loginSucceeded.match(action) || accessTokenSet.match(action))
    return { isLoggedIn: true, accessToken: action.payload };
  if (loginFailed.match(action) || accessTokenCleared.match(action) || logout.match(action))
    return loggedOut;
  return state ?? initialAuthState();
}
