import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // PGlite starts in about a second; PostgreSQL test databases are created per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
