import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
    // Vitest keeps one core free by default, which on the 2-core machines this project runs on
    // (DESIGN §6) halves the suite's speed; the test files wait on the database and the DOM often
    // enough to use every core.
    maxWorkers: availableParallelism(),
  },
});
