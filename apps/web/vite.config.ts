import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build-tools/precompress';

/** Replaced by the server with a fresh nonce for every page it serves (see apps/server/src/spa.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

export default defineConfig({
  base: '/portal/',
  plugins: [react(), precompressPlugin()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    target: 'es2022',
    // Maps are written for reading a production stack trace here, but the scripts do not point at
    // them and the server does not serve them (apps/server/src/spa.ts): they would publish the
    // source as written, comments included.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // A catalogue's chunk is named by its language and namespace, not just the latter
        // ('locale-en-properties', beside the api's 'properties').
        chunkFileNames: ({ facadeModuleId }) => {
          const catalogue = facadeModuleId?.match(/locales[\\/](\w+)[\\/](\w+)\.json$/);
          return catalogue
            ? `assets/locale-${catalogue[1]}-${catalogue[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Everything the first screen needs (the entry's static imports: React, the router,
          // i18n, the store, the UI kit's parts of the sign-in screen) in one chunk rather than a
          // dozen small ones: one request, and gzip sees it whole (docs/web-loading.md).
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
