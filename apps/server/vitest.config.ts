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
    // The files of a worker share one module registry: each file importing Fastify, Drizzle,
    // zod and PGlite's WebAssembly afresh was half of this project's time (111 → 52 s). Each file
    // still makes its own app and database (test/app.ts), and none replaces a module.
    isolate: false,
    hookTimeout: 60_000,
  },
});
