import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetSecurityHeaders } from './security';
import { buildTestApp, type TestApp } from './test/app';

const SCRIPT = `console.log(${JSON.stringify('portal '.repeat(400))})`;

/** A web build in miniature: an index page with the nonce placeholder and one hashed asset. */
function fakeWebBuild() {
  const parent = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  // A file beside the web root that no request may reach.
  writeFileSync(path.join(parent, 'secret.txt'), 'TOP SECRET');
  const root = path.join(parent, 'dist');
  mkdirSync(root);
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="sv"><head><meta property="csp-nonce" nonce="__CSP_NONCE__">' +
      '<script type="module" src="/portal/assets/index-abc123.js" nonce="__CSP_NONCE__"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), SCRIPT);
  // The compressed copies the web build writes beside each file (apps/web build-tools).
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(root, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sourcesContent":["// secret"]}',
  );
  return root;
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

// Serving files does not touch the database: the embedded one is enough.
describe('serving the web app', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await buildTestApp('pglite', { webRoot: fakeWebBuild() });
  });
  afterAll(() => subject.close());

  it('sends / to /portal/', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/portal/');
  });

  it('sends /portal to /portal/', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/portal' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/portal/');
  });

  it.each([
    '/portal/',
    '/portal/property/3f1c/usage',
    '/portal/property/3f1c/area/apt/9a2b/devices/door/77/new/pin-code',
    '/portal/signup/some-key/anna%40example.se',
    '/portal/no/such/screen?tab=2',
  ])('answers %s with the app page, so deep links open their screen', async (url) => {
    const response = await subject.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stamps a fresh nonce into each page and allows only that one for styles', async () => {
    const first = await subject.app.inject({ method: 'GET', url: '/portal/' });
    const second = await subject.app.inject({ method: 'GET', url: '/portal/' });
    const nonce = nonceOf(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(nonceOf(second.body)).not.toBe(nonce);
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it('serves hashed build files as immutable, with their own content type', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/portal/assets/index-abc123.js',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not publish source maps, which hold the source as written', async () => {
    const map = await subject.app.inject({
      method: 'GET',
      url: '/portal/assets/index-abc123.js.map',
    });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret');
    expect(map.headers['content-type']).toContain('application/json');
  });

  it('sends a script only the headers that mean something for it, and an SVG the whole set', async () => {
    const script = await subject.app.inject({
      method: 'GET',
      url: '/portal/assets/index-abc123.js',
    });
    expect(script.headers).toMatchObject(assetSecurityHeaders());
    // A page's policy and framing headers do nothing for a script: 600 bytes on each of thirty.
    expect(script.headers).not.toHaveProperty('content-security-policy');
    expect(script.headers).not.toHaveProperty('x-frame-options');
    // An SVG opened at its own address is a document, and may carry script.
    const image = await subject.app.inject({ method: 'GET', url: '/portal/favicon.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-security-policy']).toContain("script-src 'self'");
    expect(image.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the Brotli or gzip copy of a build file to a browser that takes it', async () => {
    const asset = '/portal/assets/index-abc123.js';
    const brotli = await subject.app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await subject.app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await subject.app.inject({ method: 'GET', url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/portal/assets/index-abc123.js.br', '/portal/assets/index-abc123.js.gz']) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('compresses the API answers and the page for a browser that takes it', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveProperty(
      'openapi',
    );
    const small = await subject.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('revalidates files whose names do not change between builds', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/portal/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing build file with 404 instead of the app page', async () => {
    const response = await subject.app.inject({
      method: 'GET',
      url: '/portal/assets/index-gone.js',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers other methods on app paths with 404', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/portal/properties' });
    expect(response.statusCode).toBe(404);
  });

  it('does not let paths climb out of the web root', async () => {
    for (const url of [
      '/portal/..%2fsecret.txt',
      '/portal/../secret.txt',
      '/portal/assets/..%2f..%2fsecret.txt',
      '/portal/%2e%2e/secret.txt',
    ]) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('TOP SECRET');
    }
  });

  it('never sends the page without its nonce, even asked for by name', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/portal/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('__CSP_NONCE__');
    expect(String(response.headers['content-security-policy'])).toContain(
      `'nonce-${nonceOf(response.body)}'`,
    );
  });

  it('answers a malformed address with 400 in the API error shape, with security headers', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/portal/%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'BAD_REQUEST',
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
