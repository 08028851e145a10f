// Signing in against a real API server on loopback: the session's keys, the auth state, and the
// error body a sign-in screen shows.
import { describe, expect, it } from 'vitest';
import { serveTestApi } from '../../../test/serve-test-api';
import { makeStore } from '../../../test/store';
import { login } from './auth-thunks';

const api = serveTestApi();

const credentials = { email: 'anna@example.se', password: 'correct horse battery' };
const answer = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  id: '0b5d3c52-8a5e-4d55-9f6a-3f1a2b9c7d10',
  user: { id: '0b5d3c52-8a5e-4d55-9f6a-3f1a2b9c7d10', email: 'anna@example.se' },
};
const wrongPassword = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Wrong e-mail address or password.',
};

describe('login', () => {
  it('posts the credentials to /auth/login/', async () => {
    api.answer(() => ({ status: 200, body: answer }));
    await makeStore().dispatch(login(credentials));
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/auth/login/',
      body: credentials,
    });
  });

  it("stores 'access', 'session' and 'id' and logs the store in", async () => {
    api.answer(() => ({ status: 200, body: answer }));
    localStorage.setItem('language', 'en');
    const store = makeStore();
    const result = await store.dispatch(login(credentials)).unwrap();
    expect(result).toEqual(answer);
    expect({ ...localStorage }).toEqual({
      access: 'access-1',
      session: 'refresh-1',
      id: answer.id,
      language: 'en',
    });
    expect(store.getState().auth).toEqual({ isLoggedIn: true, accessToken: 'access-1' });
  });

  it('on failure logs the store out, stores nothing and rejects with the error body', async () => {
    api.answer(() => ({ status: 401, body: wrongPassword }));
    const store = makeStore({ auth: { isLoggedIn: true, accessToken: 'stale' } });
    await expect(store.dispatch(login(credentials)).unwrap()).rejects.toEqual(wrongPassword);
    expect(store.getState().auth).toEqual({ isLoggedIn: false, accessToken: '' });
    expect(localStorage.length).toBe(0);
  });
});
