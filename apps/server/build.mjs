// Bundles the server and the shared contracts into dist/server.js (npm packages stay external),
// and makes the embedded database's data directory template beside it (dist/pgdata-template),
// which a first start copies instead of initialising a database: see src/db/data-dir-template.ts.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';

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

const { prepareDataDirTemplate } = await tsImport(
  './src/db/prepare-data-dir-template.ts',
  import.meta.url,
);
const started = performance.now();
if (await prepareDataDirTemplate()) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Made the embedded database's template, dist/pgdata-template, in ${seconds} s.`);
}
