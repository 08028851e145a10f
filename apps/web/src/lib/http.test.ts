// @vitest-environment node
// SPEC §6–8: the HTTP client, its 418 refresh, and the store's base query built on it, against a
// real server on loopback.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type KeyValueStorage } from './http';
import { httpBaseQuery } from './http-base-query';

type Reply = {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
};
type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let baseURL: string;
/** What the server answers the next request with, unless a test sets `respond`. */
let reply: Reply;
/** How the server answers a request; by default with `reply`. */
let respond: (request: Received) => Reply | Promise<Reply>;
/** Every request the server got, in order. */
let requests: Received[];
/** The last request the server got. */
let received: Received | undefined;

const json = (status: number, body: unknown): Reply => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

const listen = (target: Server) =>
  new Promise<number>((resolve) =>
    target.listen(0, '127.0.0.1', () => resolve((target.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', async () => {
      received = { method: request.method, url: request.url, headers: request.headers, body };
      requests.push(received);
      const answer = await respond(received);
      response.writeHead(answer.status, {
        ...answer.headers,
        'Content-Type': answer.contentType,
      });
      response.end(answer.body);
    });
  });
  baseURL = `http://127.0.0.1:${await listen(server)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  reply = json(200, { ok: true });
  respond = () => reply;
  requests = [];
  received = undefined;
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('createHttpClient', () => {
  it('sends the access token as a bearer authorization', async () => {
    const client = createHttpClient({ baseURL, getAccessToken: () => 'token-123' });
    await client.get('/user/1');
    expect(received?.headers.authorization).toBe('Bearer token-123');
  });

  it('sends no authorization without a token', async () => {
    const client = createHttpClient({ baseURL, getAccessToken: () => null });
    await client.get('/user/1');
    expect(received).toBeDefined();
    expect(received?.headers.authorization).toBeUndefined();
  });

  it('reads the token anew for every request', async () => {
    let token: string | null = 'first';
    const client = createHttpClient({ baseURL, getAccessToken: () => token });
    await client.get('/one');
    expect(received?.headers.authorization).toBe('Bearer first');
    token = 'second';
    await client.get('/two');
    expect(received?.headers.authorization).toBe('Bearer second');
  });

  it('resolves a 2xx answer with its data', async () => {
    reply = json(201, { user: { email: 'anna@example.se' } });
    const client = createHttpClient({ baseURL, getAccessToken: () => null });
    const response = await client.post('/user/', { email: 'anna@example.se' });
    expect(response.status).toBe(201);
    expect(response.data).toEqual({ user: { email: 'anna@example.se' } });
  });

  it('rejects a failed call with exactly the error body the API sent', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'No such user' };
    reply = json(404, body);
    const client = createHttpClient({ baseURL, getAccessToken: () => null });
    await expect(client.get('/user/missing')).rejects.toStrictEqual(body);
  });

  it('rejects a 3xx answer too, since only 200–299 is success', async () => {
    reply = json(304, {});
    const client = createHttpClient({ baseURL, getAccessToken: () => null });
    await expect(client.get('/cached')).rejects.toMatchObject({ statusCode: 304 });
  });

  it('rejects a 500 whose body is not JSON with status code 500', async () => {
    reply = { status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' };
    const client = createHttpClient({ baseURL, getAccessToken: () => null });
    await expect(client.get('/broken')).rejects.toMatchObject({
      statusCode: 500,
      error: expect.any(String),
      message: expect.any(String),
    });
  });

  it('rejects with status code 0 when the server cannot be reached', async () => {
    const client = createHttpClient({
      baseURL: `http://127.0.0.1:${await closedPort()}`,
      getAccessToken: () => null,
    });
    await expect(client.get('/user/1')).rejects.toMatchObject({
      statusCode: 0,
      error: 'Network Error',
    });
  });

  it('has no timeout and treats exactly 200–299 as success', () => {
    const { defaults } = createHttpClient({ baseURL });
    expect(defaults.timeout).toBe(0);
    const isSuccess = defaults.validateStatus;
    expect(isSuccess).toBeTypeOf('function');
    for (const status of [200, 201, 204, 299]) expect(isSuccess?.(status)).toBe(true);
    for (const status of [100, 199, 300, 304, 400, 404, 418, 500]) {
      expect(isSuccess?.(status)).toBe(false);
    }
  });
});

describe('httpBaseQuery (how the store calls the API)', () => {
  const query = () => httpBaseQuery(createHttpClient({ baseURL, getAccessToken: () => 'token' }));
  const noApi = {} as BaseQueryApi;

  it('sends the method, body and query parameters and returns the answer as data', async () => {
    reply = json(200, { user: { name: 'Anna' } });
    const result = await query()(
      { url: '/user/anna', method: 'PUT', body: { name: 'Anna' }, params: { lang: 'sv' } },
      noApi,
      {},
    );
    expect(result).toEqual({ data: { user: { name: 'Anna' } }, meta: {} });
    expect(received).toMatchObject({
      method: 'PUT',
      url: '/user/anna?lang=sv',
      body: '{"name":"Anna"}',
    });
  });

  it("hands on a paged list's next cursor from the Link header as the answer's meta", async () => {
    reply = {
      ...json(200, [{ id: 1 }]),
      headers: { Link: '</api/properties?limit=200&cursor=WyJhIl0>; rel="next"' },
    };
    const result = await query()({ url: '/properties' }, noApi, {});
    expect(result).toEqual({ data: [{ id: 1 }], meta: { nextCursor: 'WyJhIl0' } });
  });

  it('sends a GET when no method is given', async () => {
    await query()({ url: '/user/1' }, noApi, {});
    expect(received?.method).toBe('GET');
  });

  it('returns a failed call as its error body instead of throwing', async () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'Conflict, already exists.' };
    reply = json(409, body);
    const result = await query()({ url: '/user/', method: 'POST', body: {} }, noApi, {});
    expect(result).toEqual({ error: body });
  });
});

/** An in-memory local storage, since the node environment has none. */
function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    clear: () => items.clear(),
    /** Everything stored, for assertions. */
    entries: () => Object.fromEntries(items),
  } satisfies KeyValueStorage & { entries: () => Record<string, string> };
}

describe('the 418 refresh (SPEC §8, DESIGN §4.1)', () => {
  const expiredBody = {
    statusCode: 418,
    error: "I'm a Teapot",
    message: 'Access token expired.',
    code: 'TOKEN_EXPIRED',
  };
  const sessionEndedBody = { statusCode: 401, error: 'Unauthorized', message: 'Session ended.' };
  const signedIn = () =>
    memoryStorage({ access: 'expired', session: 'refresh-1', id: 'user-1', language: 'en' });

  /** An API whose access token 'expired' has expired and whose refresh answers `refreshReply`. */
  function api(refreshReply: () => Reply | Promise<Reply>) {
    respond = (request) => {
      if (request.url === '/auth/refresh/') return refreshReply();
      if (request.headers.authorization === 'Bearer expired') return json(418, expiredBody);
      return json(200, { path: request.url, authorization: request.headers.authorization });
    };
  }

  function client(storage: KeyValueStorage) {
    const onAccessToken = vi.fn();
    const onSessionEnded = vi.fn();
    const http = createHttpClient({ baseURL, storage, onAccessToken, onSessionEnded });
    return { http, onAccessToken, onSessionEnded };
  }

  const refreshCalls = () => requests.filter((request) => request.url === '/auth/refresh/');
  const callsTo = (url: string) => requests.filter((request) => request.url === url);

  it('refreshes once and replays the request with the new token', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    const storage = signedIn();
    const { http, onAccessToken, onSessionEnded } = client(storage);

    const response = await http.get('/properties');

    expect(response.data).toEqual({ path: '/properties', authorization: 'Bearer fresh' });
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /properties',
      'POST /auth/refresh/',
      'GET /properties',
    ]);
    expect(requests.map(({ headers }) => headers.authorization)).toEqual([
      'Bearer expired',
      undefined,
      'Bearer fresh',
    ]);
    expect(JSON.parse(refreshCalls()[0]?.body ?? '')).toEqual({
      refreshToken: 'refresh-1',
      id: 'user-1',
    });
    expect(storage.getItem('access')).toBe('fresh');
    expect(onAccessToken).toHaveBeenCalledTimes(1);
    expect(onAccessToken).toHaveBeenCalledWith('fresh');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('replays the method and body of the original request', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    const { http } = client(signedIn());
    await http.put('/user/anna%40example.se', { name: 'Anna', phone: '070-123 45 67' });
    const replay = requests.at(-1);
    expect(replay?.method).toBe('PUT');
    expect(replay?.url).toBe('/user/anna%40example.se');
    expect(JSON.parse(replay?.body ?? '')).toEqual({ name: 'Anna', phone: '070-123 45 67' });
    expect(replay?.headers['content-type']).toMatch(/^application\/json/);
  });

  it("stores a rotated refresh token under 'session'", async () => {
    api(() => json(200, { accessToken: 'fresh', refreshToken: 'refresh-2' }));
    const storage = signedIn();
    await client(storage).http.get('/properties');
    expect(storage.entries()).toEqual({
      access: 'fresh',
      session: 'refresh-2',
      id: 'user-1',
      language: 'en',
    });
  });

  it('keeps the stored refresh token when the answer carries none', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    const storage = signedIn();
    await client(storage).http.get('/properties');
    expect(storage.getItem('session')).toBe('refresh-1');
  });

  it('makes one refresh call for three concurrent 418s and replays all three', async () => {
    let answered418 = 0;
    let allAnswered: () => void = () => {};
    const allExpired = new Promise<void>((resolve) => {
      allAnswered = resolve;
    });
    respond = async (request) => {
      if (request.url === '/auth/refresh/') {
        // Answer only once all three 418s are out, so all three fail before the refresh ends.
        await allExpired;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return json(200, { accessToken: 'fresh', refreshToken: 'refresh-2' });
      }
      if (request.headers.authorization === 'Bearer expired') {
        answered418 += 1;
        if (answered418 === 3) allAnswered();
        return json(418, expiredBody);
      }
      return json(200, { path: request.url, authorization: request.headers.authorization });
    };
    const storage = signedIn();
    const { http, onAccessToken } = client(storage);

    const responses = await Promise.all([http.get('/one'), http.get('/two'), http.get('/three')]);

    expect(responses.map((response) => response.data)).toEqual([
      { path: '/one', authorization: 'Bearer fresh' },
      { path: '/two', authorization: 'Bearer fresh' },
      { path: '/three', authorization: 'Bearer fresh' },
    ]);
    expect(refreshCalls()).toHaveLength(1);
    for (const url of ['/one', '/two', '/three']) expect(callsTo(url)).toHaveLength(2);
    expect(onAccessToken).toHaveBeenCalledTimes(1);
    expect(storage.getItem('session')).toBe('refresh-2');
  });

  it('replays a request whose token was already replaced without refreshing again', async () => {
    const storage = signedIn();
    respond = (request) => {
      if (request.headers.authorization === 'Bearer fresh')
        return json(200, { authorization: request.headers.authorization });
      // An earlier refresh stores a new token while this request is on its way.
      storage.setItem('access', 'fresh');
      return json(418, expiredBody);
    };
    const { http, onAccessToken } = client(storage);
    const response = await http.get('/late');
    expect(response.data).toEqual({ authorization: 'Bearer fresh' });
    expect(callsTo('/late')).toHaveLength(2);
    expect(refreshCalls()).toHaveLength(0);
    expect(onAccessToken).not.toHaveBeenCalled();
  });

  it('does not refresh a replayed request that answers 418 again, and rejects', async () => {
    respond = (request) =>
      request.url === '/auth/refresh/'
        ? json(200, { accessToken: 'fresh' })
        : json(418, { ...expiredBody, message: 'Still expired.' });
    const storage = signedIn();
    const { http, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual({
      ...expiredBody,
      message: 'Still expired.',
    });
    expect(refreshCalls()).toHaveLength(1);
    expect(callsTo('/properties')).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(storage.getItem('access')).toBe('fresh');
  });

  it('clears all local storage, ends the session once and rejects with the original error when the refresh fails', async () => {
    api(() => json(401, sessionEndedBody));
    const storage = signedIn();
    const { http, onAccessToken, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual(expiredBody);
    expect(storage.entries()).toEqual({});
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onAccessToken).not.toHaveBeenCalled();
    expect(refreshCalls()).toHaveLength(1);
    expect(callsTo('/properties')).toHaveLength(1);
  });

  it('ends the session once for concurrent 418s whose shared refresh fails', async () => {
    api(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return json(401, sessionEndedBody);
    });
    const { http, onSessionEnded } = client(signedIn());
    const results = await Promise.allSettled([http.get('/one'), http.get('/two')]);
    expect(results).toEqual([
      { status: 'rejected', reason: expiredBody },
      { status: 'rejected', reason: expiredBody },
    ]);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('treats a refresh answer without an access token as a failed refresh', async () => {
    api(() => json(200, {}));
    const storage = signedIn();
    const { http, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual(expiredBody);
    expect(storage.entries()).toEqual({});
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not refresh the refresh call itself when it answers 418', async () => {
    api(() => json(418, expiredBody));
    const storage = signedIn();
    const { http, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual(expiredBody);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(storage.entries()).toEqual({});
  });

  it('ends the session without a refresh call when no refresh token is stored', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    const storage = memoryStorage({ access: 'expired', id: 'user-1', language: 'sv' });
    const { http, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual(expiredBody);
    expect(refreshCalls()).toHaveLength(0);
    expect(storage.entries()).toEqual({});
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('ends the session without a refresh call when no user id is stored', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    const storage = memoryStorage({ access: 'expired', session: 'refresh-1' });
    const { http, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual(expiredBody);
    expect(refreshCalls()).toHaveLength(0);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('refreshes only on 418: other failures reject as they are', async () => {
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Invalid token.' };
    reply = json(401, unauthorized);
    const storage = signedIn();
    const { http, onSessionEnded } = client(storage);
    await expect(http.get('/properties')).rejects.toStrictEqual(unauthorized);
    expect(refreshCalls()).toHaveLength(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(storage.getItem('access')).toBe('expired');
  });

  it('sends a call that manages the session itself without the token, and passes its 418 on', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    reply = json(418, expiredBody);
    respond = () => reply;
    const storage = signedIn();
    const { http, onSessionEnded } = client(storage);
    await expect(
      http.post('/auth/logout/', { refreshToken: 'refresh-1' }, { withoutSession: true }),
    ).rejects.toStrictEqual(expiredBody);
    expect(received?.headers.authorization).toBeUndefined();
    expect(refreshCalls()).toHaveLength(0);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(storage.getItem('language')).toBe('en');
  });

  it('reads the bearer token from the given storage', async () => {
    const { http } = client(memoryStorage({ access: 'stored-token' }));
    await http.get('/user/1');
    expect(received?.headers.authorization).toBe('Bearer stored-token');
  });

  it('tells callbacks set later, and the previous ones again once put back', async () => {
    api(() => json(200, { accessToken: 'fresh' }));
    const storage = signedIn();
    const { http, onAccessToken } = client(storage);
    const later = vi.fn();
    const putBack = http.setSessionCallbacks({ onAccessToken: later });
    await http.get('/one');
    expect(later).toHaveBeenCalledWith('fresh');
    expect(onAccessToken).not.toHaveBeenCalled();

    putBack();
    storage.setItem('access', 'expired');
    await http.get('/two');
    expect(onAccessToken).toHaveBeenCalledWith('fresh');
    expect(later).toHaveBeenCalledTimes(1);
  });
});
