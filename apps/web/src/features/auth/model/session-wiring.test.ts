// SPEC §8 end to end in the client: a call answered 418 refreshes through the store's HTTP
// client, and the store follows (new token, or logged out with the user state reset).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../lib/http';
import { serveTestApi } from '../../../test/serve-test-api';
import { makeStore } from '../../../test/store';
import { connectHttpClientToStore } from './session-wiring';

const api = serveTestApi();
let disconnect: (() => void) | undefined;

beforeEach(() => {
  localStorage.setItem('access', 'expired');
  localStorage.setItem('session', 'refresh-1');
  localStorage.setItem('id', 'user-1');
  localStorage.setItem('language', 'en');
});

afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

const expired = { statusCode: 418, error: "I'm a Teapot", message: 'Access token expired.' };
const user = { id: 'user-1', email: 'anna@example.se', name: 'Anna' };

/** An API where 'expired' has expired and the refresh answers `refresh`. */
function expiringApi(refresh: { status: number; body: unknown }) {
  api.answer(({ url, headers }) => {
    if (url === '/auth/refresh/') return refresh;
    if (headers.authorization === 'Bearer expired') return { status: 418, body: expired };
    return { status: 200, body: user };
  });
}

function connectedStore(preloadedState?: Parameters<typeof makeStore>[0]) {
  const store = makeStore(preloadedState);
  disconnect = connectHttpClientToStore(store);
  return store;
}

describe('connectHttpClientToStore', () => {
  it('puts a refreshed access token into the auth state', async () => {
    expiringApi({ status: 200, body: { accessToken: 'fresh', refreshToken: 'refresh-2' } });
    const store = connectedStore();
    const response = await http.get('/user/user-1');
    expect(response.data).toEqual(user);
    expect(store.getState().auth).toEqual({ isLoggedIn: true, accessToken: 'fresh' });
    expect({ ...localStorage }).toEqual({
      access: 'fresh',
      session: 'refresh-2',
      id: 'user-1',
      language: 'en',
    });
  });

  it('logs the store out and resets the user state when the refresh fails', async () => {
    expiringApi({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'No.' } });
    const empty = { user: null, error: '', success: '' };
    const store = connectedStore({
      user: {
        createUser: { user: null, error: '', success: 'user.submitted' },
        updateUser: empty,
        fetchUser: empty,
      },
    });

    await expect(http.get('/user/user-1')).rejects.toEqual(expired);

    expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
    expect(store.getState().user.createUser).toEqual(empty);
    expect(localStorage.length).toBe(0);
  });

  it('tells the store nothing once disconnected', async () => {
    expiringApi({ status: 200, body: { accessToken: 'fresh' } });
    const store = connectedStore();
    disconnect?.();
    disconnect = undefined;
    await http.get('/user/user-1');
    expect(store.getState().auth).toEqual({ isLoggedIn: true, accessToken: 'expired' });
  });
});
