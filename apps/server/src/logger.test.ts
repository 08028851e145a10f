import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './logger';
import { buildTestApp, type TestApp } from './test/app';

describe('redactUrl', () => {
  it.each([
    ['/portal/signup/Zm9vYmFy/anna%40example.se', '/portal/signup/[redacted]/anna%40example.se'],
    [
      '/portal/reset-password-email/abc123/anna%40example.se',
      '/portal/reset-password-email/[redacted]/anna%40example.se',
    ],
    ['/portal/signup', '/portal/signup'],
    ['/portal/property/1/usage', '/portal/property/1/usage'],
    ['/api/thing?key=abc&x=1', '/api/thing?key=[redacted]&x=1'],
    ['/api/thing?refreshToken=abc', '/api/thing?refreshToken=[redacted]'],
    ['/api/thing?x=1&secret=s3cr3t#part', '/api/thing?x=1&secret=[redacted]#part'],
    ['/api/thing?SECRET=s3cr3t', '/api/thing?SECRET=[redacted]'],
  ])('turns %s into %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('request logging', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp('pglite');
    subject.app.post('/api/test/sign-in', (request) => {
      // What a careless handler might do: the redaction must still hold.
      request.log.info(
        { body: request.body, headers: request.headers },
        'handler logged its input',
      );
      return { ok: true };
    });
  });
  afterAll(() => subject.close());

  it('logs each API call once, with its outcome, and the app pages not at info', async () => {
    subject.logs.length = 0;
    await subject.app.inject({ method: 'GET', url: '/api/health' });
    await subject.app.inject({ method: 'GET', url: '/portal/properties' });
    const lines = subject.logs.map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('never writes authorization headers, cookies, passwords or tokens', async () => {
    await subject.app.inject({
      method: 'POST',
      url: '/api/test/sign-in',
      headers: { authorization: 'Bearer eyJ.secret-access-token', cookie: 'session=secret-cookie' },
      payload: {
        email: 'anna@example.se',
        password: 'correct horse battery',
        refreshToken: 'secret-refresh',
      },
    });
    const written = subject.logs.join('');
    expect(written).toContain('/api/test/sign-in');
    // The handler's line and the request's line name the same request.
    const lines = subject.logs.map((line) => JSON.parse(line));
    const handlerLine = lines.find((line) => line.msg === 'handler logged its input');
    const requestLine = lines.find((line) => line.req?.url === '/api/test/sign-in');
    expect(handlerLine.reqId).toEqual(expect.any(String));
    expect(requestLine.reqId).toBe(handlerLine.reqId);
    expect(written).toContain('handler logged its input');
    expect(written).toContain('anna@example.se');
    for (const secret of [
      'secret-access-token',
      'secret-cookie',
      'correct horse battery',
      'secret-refresh',
    ]) {
      expect(written).not.toContain(secret);
    }
  });

  it("never writes a gateway's key, nor a WiFi network's password, from what a handler logs", async () => {
    subject.logs.length = 0;
    subject.app.log.info(
      { device: { id: 'gw-1', gatewayKey: 'secret-gateway-key' } },
      'handler logged its answer',
    );
    subject.app.log.info(
      { network: { ssid: 'Tvättstugan', password: 'secret-wifi-password' } },
      'handler logged a network',
    );
    const written = subject.logs.join('');
    expect(written).toContain('gw-1');
    expect(written).toContain('Tvättstugan');
    expect(written).not.toContain('secret-gateway-key');
    expect(written).not.toContain('secret-wifi-password');
  });

  it('writes signup and reset links without their one-time key, at debug', async () => {
    const debugging = await buildTestApp('pglite', { environment: { LOG_LEVEL: 'debug' } });
    try {
      await debugging.app.inject({
        method: 'GET',
        url: '/portal/signup/one-time-key-123/anna%40example.se',
      });
      const written = debugging.logs.join('');
      expect(written).toContain('/portal/signup/[redacted]/anna%40example.se');
      expect(written).not.toContain('one-time-key-123');
    } finally {
      await debugging.close();
    }
  });
});
