import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Each file copies a migrated PGlite (about a second) or PostgreSQL template database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
