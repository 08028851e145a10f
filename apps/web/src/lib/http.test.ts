// @vitest-environment node
// SPEC §6–7: the HTTP client, and the store's base query built on it, against a real server on
// loopback.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpBaseQuery } from './api';
import { createHttpClient } from './http';

type Reply = { status: number; contentType: string; body: string };
type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let baseURL: string;
/** What the server answers the next request with. */
let reply: Reply;
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
    request.on('end', () => {
      received = { method: request.method, url: request.url, headers: request.headers, body };
      response.writeHead(reply.status, { 'Content-Type': reply.contentType });
      response.end(reply.body);
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
    expect(result).toEqual({ data: { user: { name: 'Anna' } } });
    expect(received).toMatchObject({
      method: 'PUT',
      url: '/user/anna?lang=sv',
      body: '{"name":"Anna"}',
    });
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
