import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, most of it waiting on server processes they start again and again
 * (the crash tests start the server 31 times each). Vitest's own order puts them last in a fresh
 * clone, where it knows no durations and starts large files first: the run then ended with them
 * alone on the workers. Started first, they wait while the other files use the cores
 * (docs/timings.md, session 31).
 */
const SLOWEST_FIRST = [
  /server-crash\.pglite\.test/,
  /server-crash\.postgres\.test/,
  /demo-readings\.test/,
  /server\.test/,
  /openapi-fuzz\.test/,
  /-replicas\.postgres\.test/,
  /server-shutdown\.test/,
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    // Stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: SlowestFirst },
  },
});
