import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security';
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
  ])('go with %s', async (_what, url, status) => {
    const response = await subject.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject(securityHeaders());
  });
});
