// The web tests that replace or reload modules, each file in a fresh module registry
// (vitest.config.ts says why).
import { configDefaults } from 'vitest/config';
import { ISOLATED_TEST_FILES, webTests } from './vitest.config.ts';

export default webTests({
  name: 'web-isolated',
  include: ISOLATED_TEST_FILES,
  exclude: configDefaults.exclude,
  isolate: true,
});
