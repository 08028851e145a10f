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
    // (DESIGN §6) halves the suite's speed; the test files wait on the database, on server
    // processes they start and on the DOM often enough that one worker more than the cores fills
    // the idle time (2 cores: 195 → 176 s, docs/timings.md session 28).
    maxWorkers: availableParallelism() + 1,
  },
});
