// Signing out forgets this device's session but keeps the chosen language.
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../test/store';
import { signOut } from './sign-out';

function signedInStore() {
  localStorage.setItem('access', 'access-token');
  localStorage.setItem('session', 'refresh-token');
  localStorage.setItem('id', 'user-1');
  localStorage.setItem('language', 'en');
  return makeStore();
}

describe('signOut', () => {
  it("removes 'access', 'session' and 'id' from local storage", () => {
    const store = signedInStore();
    store.dispatch(signOut());
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('id')).toBeNull();
  });

  it('keeps the chosen language', () => {
    const store = signedInStore();
    store.dispatch(signOut());
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('logs the store out with an empty token', () => {
    const store = signedInStore();
    expect(store.getState().auth.isLoggedIn).toBe(true);
    store.dispatch(signOut());
    expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
  });
});
