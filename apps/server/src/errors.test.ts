import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam } from './access/id-params';
import { conflict, tokenExpired } from './errors';
import { buildTestApp, type TestApp } from './test/app';

describe('the error handler', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp('pglite');
    const app = subject.app.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({
            email: z.email(),
            count: z.number().int().min(1),
            share: z.number().positive().optional(),
          }),
        },
      },
      (request) => request.body,
    );
    app.get(
      '/api/test/things/:thingId',
      { schema: { params: z.object({ thingId: idParam('Thing not found.') }) } },
      (request) => request.params,
    );
    app.get('/api/test/conflict', () => {
      throw conflict();
    });
    app.get('/api/test/expired', () => {
      throw tokenExpired();
    });
    app.get('/api/test/library-client-error', () => {
      throw Object.assign(new Error('internal detail of some library'), { statusCode: 422 });
    });
    app.get('/api/test/odd-status', () => {
      throw Object.assign(new Error('odd'), { statusCode: 700 });
    });
    app.get('/api/test/database-error', () => {
      throw new Error(
        'Failed query: insert into users values ($1, $2)\nparams: anna@example.se,scrypt$131072$8$1$c2FsdA==$aGFzaA==',
      );
    });
    app.get('/api/test/crash', () => {
      throw new Error('connection string postgres://admin:hunter2@db leaked');
    });
  });
  afterAll(() => subject.close());

  it('answers a body that breaks its schema with 400 naming each field', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-address', count: 0, share: 0 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
    });
    expect(body.message).toContain('email');
    expect(body.message).toContain('count');
    // The same as codes a client can translate: the field, zod's rule and its bound (allowed
    // itself or not) or format.
    expect(body.details.issues).toEqual([
      { field: 'email', rule: 'invalid_format', format: 'email', message: expect.any(String) },
      { field: 'count', rule: 'too_small', limit: 1, inclusive: true, message: expect.any(String) },
      {
        field: 'share',
        rule: 'too_small',
        limit: 0,
        inclusive: false,
        message: expect.any(String),
      },
    ]);
  });

  it('names a missing field and a wrong type in the issues', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { count: 'three' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues).toEqual([
      { field: 'email', rule: 'invalid_type', message: expect.any(String) },
      { field: 'count', rule: 'invalid_type', message: expect.any(String) },
    ]);
  });

  it('answers an id parameter that is not a UUID with 404 and the resource’s not-found text', async () => {
    for (const id of ['not-a-uuid', '1', 'x'.repeat(100)]) {
      const response = await subject.app.inject({ method: 'GET', url: `/api/test/things/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Thing not found.',
        code: 'NOT_FOUND',
      });
    }
    const id = '0b7e2c5e-3f0a-4d6b-9a51-2f8c1d3e4a5b';
    const found = await subject.app.inject({ method: 'GET', url: `/api/test/things/${id}` });
    expect(found.json()).toEqual({ thingId: id });
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a body that tries to poison prototypes', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.se","count":1,"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers a duplicate with 409 and the text the client recognises: 'Conflict, already exists.'", async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Conflict, already exists.',
      code: 'CONFLICT',
    });
  });

  it('answers an expired access token with 418 (SPEC §8)', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/test/expired' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toMatchObject({ statusCode: 418, code: 'TOKEN_EXPIRED' });
  });

  it("hides a library's own message even on a client error", async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/test/library-client-error',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
    expect(response.body).not.toContain('internal detail');
  });

  it('answers a status outside HTTP’s error range as 500', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/test/odd-status' });
    expect(response.statusCode).toBe(500);
  });

  it('logs database errors without their parameters', async () => {
    await subject.app.inject({ method: 'GET', url: '/api/test/database-error' });
    const written = subject.logs.join('');
    expect(written).toContain('Failed query');
    expect(written).not.toContain('anna@example.se');
    expect(written).not.toContain('scrypt$');
  });

  it('hides the details of a server fault from the client but logs them', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('hunter2');
    expect(subject.logs.join('')).toContain('request failed');
  });
});
