// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompress } from './precompress';

const directory = mkdtempSync(path.join(tmpdir(), 'portal-precompress-'));
afterAll(() => rmSync(directory, { recursive: true }));

it('writes Brotli and gzip copies of compressible files worth compressing, and nothing else', () => {
  const script = `export const text = ${JSON.stringify('basement '.repeat(500))};`;
  mkdirSync(path.join(directory, 'assets'));
  writeFileSync(path.join(directory, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(directory, 'assets', 'tiny-abc.css'), 'a{color:red}');
  writeFileSync(path.join(directory, 'assets', 'photo.png'), Buffer.alloc(4096));

  precompress(directory);

  expect(readdirSync(path.join(directory, 'assets')).sort()).toEqual([
    'index-abc.js',
    'index-abc.js.br',
    'index-abc.js.gz',
    'photo.png',
    'tiny-abc.css',
  ]);
  const brotli = readFileSync(path.join(directory, 'assets', 'index-abc.js.br'));
  expect(brotliDecompressSync(brotli).toString()).toBe(script);
  expect(brotli.length).toBeLessThan(script.length / 20);
  const gzip = readFileSync(path.join(directory, 'assets', 'index-abc.js.gz'));
  expect(gunzipSync(gzip).toString()).toBe(script);
});
