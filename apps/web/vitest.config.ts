import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Test files that replace or reload modules (vi.mock, vi.resetModules), or assert on what the
 * whole document shows (its title and language, which a late answer to another file's test
 * could still change): they run each in a fresh module registry and document (project
 * 'web-isolated', vitest.isolated.config.ts), since a replaced module would reach the other
 * files sharing a worker.
 */
export const ISOLATED_TEST_FILES = [
  'src/lib/i18n.test.ts',
  'src/app/route-error-screen.test.tsx',
  'src/app/router-loading.test.tsx',
  'src/features/auth/screens/login-screen-offline.test.tsx',
];

/** The web tests' settings, for the files given. */
export function webTests(test: {
  name: string;
  include: string[];
  exclude: string[];
  isolate: boolean;
}): ViteUserConfig {
  return defineConfig({
    plugins: [react()],
    test: {
      ...test,
      // happy-dom: the same screens and queries pass as on jsdom, in about three quarters of the
      // CPU (docs/timings.md, session 31). A file that needs jsdom says so in its first line.
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      // Screens talk to a loopback API and render the UI kit: on a busy 2-core CI machine a
      // test can need more than the default 5 s.
      testTimeout: 15_000,
    },
  });
}

export default webTests({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
  exclude: [...configDefaults.exclude, ...ISOLATED_TEST_FILES],
  // The files of a worker share one module registry and one document: importing the UI kit and
  // making a DOM per file was 60 of the 107 s this project took. Each test starts clean all the
  // same: it makes its own store and i18n, and test/setup.ts unmounts what it rendered and
  // clears storage after it.
  isolate: false,
});
