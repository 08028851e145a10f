// A build step: writes Brotli (.br) and gzip (.gz) copies of every compressible file of the web
// build, at the strongest settings, so the server sends them by content negotiation without
// compressing anything per request (apps/server/src/spa.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/i;
/** Below this, a compressed copy saves less than the header costs. */
const MIN_BYTES = 1024;

function filesBelow(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    return statSync(file).isDirectory() ? filesBelow(file) : [file];
  });
}

export function precompress(directory: string) {
  for (const file of filesBelow(directory)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

/** The Vite plugin: precompresses the output once the bundle is written (never after a failure). */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      // After Vite has copied public/ as well, so its files are compressed too.
      order: 'post',
      handler() {
        precompress(outDir);
      },
    },
  };
}
