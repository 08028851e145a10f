// The server bundled for the tests that start it as a process (test/server-process.ts), made once
// by the global set-up: as `npm run build` bundles it (build.mjs, npm packages external) and
// beside where it puts it, so that src/locations.ts finds the migrations and the embedded
// database's template from there.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Bundles src/server.ts; answers the bundle's path and how to remove it. */
export async function bundleServer() {
  // Named per run: two runs (a watcher beside a full run) must not remove each other's.
  const bundle = fileURLToPath(
    new URL(
      `../../dist/test-server-${process.pid}-${randomBytes(4).toString('hex')}.js`,
      import.meta.url,
    ),
  );
  const manifest = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { dependencies: Record<string, string> };
  await build({
    entryPoints: [fileURLToPath(new URL('../server.ts', import.meta.url))],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  return { bundle, remove: () => rmSync(bundle, { force: true }) };
}
