// Bundles the server and the shared contracts into dist/server.js; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(manifest.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
