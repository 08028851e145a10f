import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';

describe.each(testDrivers)('system API on %s', (driver) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp(driver);
  });
  afterAll(() => subject.close());

  it('answers liveness', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness when the database answers, naming the driver', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: driver });
  });

  it('publishes an OpenAPI 3.1 document generated from the contracts', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(
      document.paths['/api/health'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      type: 'object',
      properties: { status: { type: 'string', enum: ['ok'] } },
      required: ['status'],
    });
    expect(document.paths['/api/ready'].get.responses).toHaveProperty('503');
    // Plumbing routes stay out of the contract.
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
    expect(Object.keys(document.paths).some((route) => route.startsWith('/portal'))).toBe(false);
  });

  it('serves the interactive API documentation', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // Its viewer needs inline styles, never inline scripts.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self';");
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no-such-thing'],
    ['DELETE', '/api/health/extra'],
    ['GET', '/elsewhere'],
  ] as const)('answers %s %s with a 404 in the API error shape', async (method, url) => {
    const response = await subject.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${method} ${url} not found`,
      code: 'NOT_FOUND',
    });
  });

  it('sends strict security headers on API answers', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    // JSON is never rendered: nothing at all may load from it or frame it.
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe.each(testDrivers)('readiness without a database on %s', (driver) => {
  it('answers 503 when the database does not answer', async () => {
    const subject = await buildTestApp(driver);
    try {
      await subject.database.close();
      const response = await subject.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        statusCode: 503,
        message: 'The database does not answer.',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await subject.app.close();
      await subject.database.drop().catch(() => {});
    }
  });
});
