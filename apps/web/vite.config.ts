import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build-tools/precompress';

/** Replaced by the server with a fresh nonce for every page it serves (see apps/server/src/spa.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

export default defineConfig({
  base: '/portal/',
  plugins: [react(), precompressPlugin()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: { target: 'es2022', sourcemap: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
