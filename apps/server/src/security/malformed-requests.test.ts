// Requests the fuzzer (openapi-fuzz.test.ts) found mishandled, kept as cases of their own: a
// multipart body that ends before its form does, and headers larger than Node reads.

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { answerProblems } from './response-checks';
import { createTenantWorld, type TenantWorld } from './tenant-world';

describe('malformed requests', () => {
  let subject: TestApp;
  let world: TenantWorld;

  beforeAll(async () => {
    subject = await buildTestApp('pglite');
    world = await createTenantWorld(subject.app, subject.database.db);
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => subject?.close());

  /** What the running server answers to these bytes, read until it closes the connection. */
  const raw = async (bytes: string) => {
    const { port } = subject.app.server.address() as AddressInfo;
    return new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
      socket.end(bytes);
    });
  };
  /** An HTTP/1.1 answer's status, headers and body. */
  const parsed = (answer: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  };

  it.each([
    [
      'headers larger than Node reads',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['bytes that are no HTTP', 'HELLO THERE\r\n\r\n', 400],
  ])('answers %s in the error shape, with the security headers', async (_case, bytes, status) => {
    const answer = parsed(await raw(bytes));
    expect(answer.status).toBe(status);
    expect(answerProblems(answer)).toEqual([]);
  });

  it('answers a HEAD with headers larger than Node reads without a body, as HTTP wants', async () => {
    const answer = parsed(
      await raw(`HEAD /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.body).toBe('');
    expect(answerProblems({ ...answer, status: 200 })).toEqual([]);
  });

  it.each([
    ['the device import', () => `/api/areas/${world.area.id}/devices/import`],
    ['an image upload', () => `/api/devices/${world.devices.heat}/images`],
  ])('answers a multipart body cut short 400 at %s, not 500', async (_call, url) => {
    for (const payload of [
      '"Alfa 1"',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
    ]) {
      const response = await subject.app.inject({
        method: 'POST',
        url: url(),
        payload,
        headers: {
          ...world.cast.headersOf('manager'),
          'content-type': 'multipart/form-data; boundary=x',
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(answerProblems({ ...response, status: response.statusCode })).toEqual([]);
    }
  });
});
