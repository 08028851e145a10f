import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from './security';
import { buildTestApp, type TestApp } from './test/app';

describe('security headers', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp('pglite');
  });
  afterAll(() => subject.close());

  it('are helmet’s strict set: no framing, sniffing, referrer or inline script', () => {
    const headers = securityHeaders();
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it.each([
    ['an answer', '/api/health', 200],
    ['a refused call', '/api/properties', 401],
    ['an unknown path', '/api/no-such-thing', 404],
    ['an address Fastify cannot read', '/api/%', 400],
  ])('go with %s of the API, in the set for JSON', async (_what, url, status) => {
    const response = await subject.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(apiSecurityHeaders());
    expect(response.headers).not.toHaveProperty('cross-origin-opener-policy');
  });

  it('for JSON: nothing loads from or frames it, no sniffing, no other site reads it', () => {
    expect(apiSecurityHeaders()).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
  });

  it.each([
    ['the app page', '/portal/login'],
    ['the API documentation', '/api/docs'],
    ['a path outside the app and the API', '/no-such-thing'],
  ])('go with %s in the whole set for documents', async (_what, url) => {
    const response = await subject.app.inject({ method: 'GET', url });
    const { 'content-security-policy': _policy, ...others } = securityHeaders();
    expect(response.headers).toMatchObject(others);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
