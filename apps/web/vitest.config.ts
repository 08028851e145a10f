import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Screens talk to a loopback API and render the UI kit: on a busy 2-core CI machine a test
    // can need more than the default 5 s.
    testTimeout: 15_000,
  },
});
