// Signing out forgets this device's session at once (the keys of SPEC §3, not the language) and
// ends it on the server (POST /auth/logout/), best effort. Against a real API server on loopback.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { http } from '../../../lib/http';
import { serveTestApi } from '../../../test/serve-test-api';
import { makeStore } from '../../../test/store';
import { signOut } from './sign-out';

const api = serveTestApi();

function signedInStore() {
  localStorage.setItem('access', 'access-token');
  localStorage.setItem('session', 'refresh-token');
  localStorage.setItem('id', 'user-1');
  localStorage.setItem('language', 'en');
  return makeStore();
}

const expectSignedOut = (store: ReturnType<typeof makeStore>) => {
  expect({ ...localStorage }).toEqual({ language: 'en' });
  expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
};

describe('signOut', () => {
  it('posts the refresh token to /auth/logout/', async () => {
    api.answer(() => ({ status: 204 }));
    const store = signedInStore();
    await store.dispatch(signOut());
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/logout/',
      body: { refreshToken: 'refresh-token' },
    });
    expectSignedOut(store);
  });

  it('signs out on this device at once, before the server has answered', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.answer(async () => {
      await answered;
      return { status: 204 };
    });
    const store = signedInStore();
    const done = store.dispatch(signOut());
    expectSignedOut(store);
    release();
    await done;
  });

  it('signs out even when the server fails', async () => {
    api.answer(() => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom.' },
    }));
    const store = signedInStore();
    await expect(store.dispatch(signOut())).resolves.toBeUndefined();
    expect(api.requests).toHaveLength(1);
    expectSignedOut(store);
  });

  it('signs out even when the server cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const store = signedInStore();
    http.defaults.baseURL = `http://127.0.0.1:${port}`;
    try {
      await expect(store.dispatch(signOut())).resolves.toBeUndefined();
    } finally {
      http.defaults.baseURL = api.url;
    }
    expectSignedOut(store);
  });

  it('does not refresh an expired access token for the call, and keeps the language', async () => {
    api.answer(({ url }) =>
      url === '/auth/logout/'
        ? { status: 418, body: { statusCode: 418, error: "I'm a Teapot", message: 'Expired.' } }
        : { status: 200, body: { accessToken: 'fresh' } },
    );
    const store = signedInStore();
    await store.dispatch(signOut());
    expect(api.requests.map(({ url }) => url)).toEqual(['/auth/logout/']);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expectSignedOut(store);
  });

  it('makes no call when no refresh token is stored', async () => {
    api.answer(() => ({ status: 204 }));
    localStorage.setItem('access', 'access-token');
    localStorage.setItem('language', 'en');
    const store = makeStore();
    await store.dispatch(signOut());
    expect(api.requests).toHaveLength(0);
    expectSignedOut(store);
  });
});
