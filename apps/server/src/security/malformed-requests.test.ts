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
  });
  afterAll(() => subject?.close());

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
