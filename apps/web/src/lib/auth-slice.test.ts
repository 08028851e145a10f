// SPEC §3–4: the auth state starts from the stored access token and follows the auth events.
import { describe, expect, it } from 'vitest';
import { makeStore } from '../test/store';
import {
  type AuthState,
  accessTokenCleared,
  accessTokenSet,
  authReducer,
  initialAuthState,
  loginFailed,
  loginSucceeded,
  logout,
} from './auth-slice';

const loggedIn: AuthState = { isLoggedIn: true, accessToken: 'old-token' };
const loggedOut: AuthState = { isLoggedIn: false, accessToken: '' };
const reduce = authReducer;

describe('initialAuthState', () => {
  it("is logged out with an empty token when no 'access' is stored", () => {
    expect(initialAuthState()).toEqual(loggedOut);
  });

  it("is logged in with the stored token when 'access' is stored", () => {
    localStorage.setItem('access', 'stored-token');
    expect(initialAuthState()).toEqual({ isLoggedIn: true, accessToken: 'stored-token' });
  });

  it('is what a new store starts with', () => {
    localStorage.setItem('access', 'stored-token');
    expect(makeStore().getState().auth).toEqual({ isLoggedIn: true, accessToken: 'stored-token' });
  });
});

describe('auth reducers', () => {
  it('loginSucceeded marks logged in with the new token', () => {
    expect(reduce(loggedOut, loginSucceeded('new-token'))).toEqual({
      isLoggedIn: true,
      accessToken: 'new-token',
    });
  });

  it('accessTokenSet marks logged in with the new token', () => {
    expect(reduce(loggedOut, accessTokenSet('refreshed-token'))).toEqual({
      isLoggedIn: true,
      accessToken: 'refreshed-token',
    });
  });

  it('accessTokenSet replaces the token of someone already logged in', () => {
    expect(reduce(loggedIn, accessTokenSet('refreshed-token')).accessToken).toBe('refreshed-token');
  });

  it('accessTokenCleared marks logged out and empties the token', () => {
    expect(reduce(loggedIn, accessTokenCleared())).toEqual(loggedOut);
  });

  it('logout marks logged out and empties the token', () => {
    expect(reduce(loggedIn, logout())).toEqual(loggedOut);
  });

  it('loginFailed marks logged out and empties the token', () => {
    expect(reduce(loggedIn, loginFailed())).toEqual(loggedOut);
  });
});
