// SPEC §3–4: the user state's transitions, and its thunks against a real API server on loopback
// (jsdom's XMLHttpRequest, as in the browser; the server answers CORS since its port differs).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@portal/contracts/users';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../lib/http';
import { makeStore } from '../test/store';
import {
  createUser,
  fetchUser,
  initialUserState,
  resetCreateUserMessages,
  resetUpdateUserMessages,
  type UserState,
  updateUser,
  userSlice,
} from './user-slice';

const anna: User = {
  id: '0b5d3c52-8a5e-4d55-9f6a-3f1a2b9c7d10',
  email: 'anna@example.se',
  name: 'Anna Lind',
  phone: '070-123 45 67',
  role: 'site-manager',
  language: 'sv',
  invitationStatus: 'accepted',
  pushNotifications: true,
  emailNotifications: false,
  organizations: [],
};
const bertil: User = { ...anna, id: 'c7a1f0d2-1b1e-4a4f-8f0e-5a6b7c8d9e0f', name: 'Bertil' };

const empty = { user: null, error: '', success: '' };
const conflict = { statusCode: 409, error: 'Conflict', message: 'Conflict, already exists.' };
const badRequest = { statusCode: 400, error: 'Bad Request', message: 'Enter a valid e-mail.' };
const reduce = userSlice.reducer;

/** A state where every part holds something, to see exactly which keys a transition touches. */
const busy = (): UserState => ({
  createUser: { user: bertil, error: 'user.failed', success: 'user.submitted' },
  updateUser: { user: bertil, error: 'user.failed', success: 'user.updated' },
  fetchUser: { user: bertil, error: 'Failed to fetch user', success: 'kept' },
});

describe('user reducers (SPEC §4)', () => {
  it('starts with three empty parts', () => {
    expect(initialUserState()).toEqual({ createUser: empty, updateUser: empty, fetchUser: empty });
    expect(makeStore().getState().user).toEqual(initialUserState());
  });

  it("create success: the user, success 'user.submitted', error cleared", () => {
    const state = reduce(busy(), createUser.fulfilled(anna, 'r', { email: anna.email }));
    expect(state).toEqual({
      ...busy(),
      createUser: { user: anna, error: '', success: 'user.submitted' },
    });
  });

  it("create failure with 'Conflict, already exists.': error 'user.exist', success cleared", () => {
    const state = reduce(busy(), createUser.rejected(null, 'r', { email: anna.email }, conflict));
    expect(state).toEqual({
      ...busy(),
      createUser: { user: bertil, error: 'user.exist', success: '' },
    });
  });

  it("create failure with any other message: error 'user.failed', success cleared", () => {
    const state = reduce(busy(), createUser.rejected(null, 'r', { email: anna.email }, badRequest));
    expect(state.createUser).toEqual({ user: bertil, error: 'user.failed', success: '' });
    expect(
      reduce(initialUserState(), createUser.rejected(new Error('boom'), 'r', { email: anna.email }))
        .createUser,
    ).toEqual({ user: null, error: 'user.failed', success: '' });
  });

  it('create failure: only the exact text means the user exists', () => {
    const almost = { ...conflict, message: 'Conflict, already exists' };
    const state = reduce(busy(), createUser.rejected(null, 'r', { email: anna.email }, almost));
    expect(state.createUser.error).toBe('user.failed');
  });

  it("update success: the user, success 'user.updated', error cleared", () => {
    const state = reduce(busy(), updateUser.fulfilled(anna, 'r', anna));
    expect(state).toEqual({
      ...busy(),
      updateUser: { user: anna, error: '', success: 'user.updated' },
    });
  });

  it("update failure: error 'user.failed', success cleared", () => {
    const state = reduce(busy(), updateUser.rejected(null, 'r', anna, badRequest));
    expect(state).toEqual({
      ...busy(),
      updateUser: { user: bertil, error: 'user.failed', success: '' },
    });
  });

  it('update failure with the conflict text is still user.failed', () => {
    const state = reduce(initialUserState(), updateUser.rejected(null, 'r', anna, conflict));
    expect(state.updateUser.error).toBe('user.failed');
  });

  it('fetch success: the user is stored and an earlier error cleared', () => {
    const state = reduce(busy(), fetchUser.fulfilled(anna, 'r', anna.id));
    expect(state).toEqual({
      ...busy(),
      fetchUser: { user: anna, error: '', success: 'kept' },
    });
  });

  it("fetch failure: error 'Failed to fetch user' and the user cleared", () => {
    const state = reduce(busy(), fetchUser.rejected(null, 'r', anna.id, badRequest));
    expect(state).toEqual({
      ...busy(),
      fetchUser: { user: null, error: 'Failed to fetch user', success: 'kept' },
    });
  });

  it('resetCreateUserMessages clears only the create error and success', () => {
    expect(reduce(busy(), resetCreateUserMessages())).toEqual({
      ...busy(),
      createUser: { user: bertil, error: '', success: '' },
    });
  });

  it('resetUpdateUserMessages clears only the update error and success', () => {
    expect(reduce(busy(), resetUpdateUserMessages())).toEqual({
      ...busy(),
      updateUser: { user: bertil, error: '', success: '' },
    });
  });

  it("the auth slice's logout resets all three parts", () => {
    expect(reduce(busy(), { type: 'auth/logout' })).toEqual(initialUserState());
  });

  it('other auth actions leave the user state alone', () => {
    expect(reduce(busy(), { type: 'auth/loginFailed' })).toEqual(busy());
    expect(reduce(busy(), { type: 'auth/logout/extra' })).toEqual(busy());
  });

  it('pending calls change nothing', () => {
    expect(reduce(busy(), createUser.pending('r', { email: anna.email }))).toEqual(busy());
    expect(reduce(busy(), updateUser.pending('r', anna))).toEqual(busy());
    expect(reduce(busy(), fetchUser.pending('r', anna.id))).toEqual(busy());
  });
});

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };
type Reply = { status: number; body: unknown };

let server: Server;
let baseURL: string;
let apiURL: string | undefined;
let reply: Reply;
let received: Received | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received = { method: request.method, url: request.url, headers: request.headers, body };
      response.writeHead(reply.status, { ...cors, 'Content-Type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiURL = http.defaults.baseURL;
  http.defaults.baseURL = baseURL;
});

afterAll(async () => {
  http.defaults.baseURL = apiURL;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = undefined;
  localStorage.setItem('access', 'access-token');
});

describe('user thunks against the API (SPEC §7)', () => {
  it('createUser posts the address to /user/ and keeps the answer’s user', async () => {
    reply = { status: 201, body: { user: anna } };
    const store = makeStore();
    const request = { email: anna.email, role: 'user', organizationId: anna.id } as const;
    const action = await store.dispatch(createUser(request));
    expect(action.payload).toEqual(anna);
    expect(received?.method).toBe('POST');
    expect(received?.url).toBe('/user/');
    expect(JSON.parse(received?.body ?? '')).toEqual(request);
    expect(received?.headers.authorization).toBe('Bearer access-token');
    expect(store.getState().user.createUser).toEqual({
      user: anna,
      error: '',
      success: 'user.submitted',
    });
  });

  it("createUser on a 409 'Conflict, already exists.' gives user.exist and the error body", async () => {
    reply = { status: 409, body: conflict };
    const store = makeStore();
    const action = await store.dispatch(createUser({ email: anna.email }));
    expect(createUser.rejected.match(action)).toBe(true);
    expect(action.payload).toEqual(conflict);
    expect(store.getState().user.createUser).toEqual({
      user: null,
      error: 'user.exist',
      success: '',
    });
  });

  it('createUser on any other failure gives user.failed', async () => {
    reply = { status: 400, body: badRequest };
    const store = makeStore();
    await store.dispatch(createUser({ email: 'not-an-address' }));
    expect(store.getState().user.createUser.error).toBe('user.failed');
  });

  it('updateUser puts the whole user to /user/{email} and keeps the answer’s user', async () => {
    const changed = { ...anna, name: 'Anna Lind-Berg' };
    reply = { status: 200, body: { user: changed } };
    const store = makeStore();
    await store.dispatch(updateUser(changed));
    expect(received?.method).toBe('PUT');
    expect(received?.url).toBe('/user/anna%40example.se');
    expect(JSON.parse(received?.body ?? '')).toEqual(changed);
    expect(store.getState().user.updateUser).toEqual({
      user: changed,
      error: '',
      success: 'user.updated',
    });
  });

  it('updateUser on a failure gives user.failed', async () => {
    reply = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No user.' } };
    const store = makeStore();
    const action = await store.dispatch(updateUser(anna));
    expect(action.payload).toMatchObject({ statusCode: 404 });
    expect(store.getState().user.updateUser).toEqual({
      user: null,
      error: 'user.failed',
      success: '',
    });
  });

  it('fetchUser reads the answer itself as the user', async () => {
    reply = { status: 200, body: anna };
    const store = makeStore();
    await store.dispatch(fetchUser(anna.id));
    expect(received?.method).toBe('GET');
    expect(received?.url).toBe(`/user/${anna.id}`);
    expect(store.getState().user.fetchUser).toEqual({ user: anna, error: '', success: '' });
  });

  it("fetchUser on a failure gives 'Failed to fetch user' and clears the user", async () => {
    reply = { status: 200, body: anna };
    const store = makeStore();
    await store.dispatch(fetchUser(anna.id));
    reply = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No user.' } };
    await store.dispatch(fetchUser('missing'));
    expect(store.getState().user.fetchUser).toEqual({
      user: null,
      error: 'Failed to fetch user',
      success: '',
    });
  });

  it('logging out empties what the calls left behind', async () => {
    reply = { status: 201, body: { user: anna } };
    const store = makeStore();
    await store.dispatch(createUser({ email: anna.email }));
    store.dispatch({ type: 'auth/logout' });
    expect(store.getState().user).toEqual(initialUserState());
  });
});
