import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { screenRoutes } from './src/app/screens';
import { pageHintsPlugin } from './vite-plugin-page-hints';
import { precompress } from './vite-plugin-precompress';

export default defineConfig({
  plugins: [react(), precompress(), pageHintsPlugin(screenRoutes)],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // better-auth accepts only its own origin; the dev server is a different one.
        configure: (proxy) => proxy.on('proxyReq', (request) => request.setHeader('origin', 'http://localhost:3000')),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // Small modules that screens share are copied into the chunks that use them (a shared runtime
      // keeps one state per module): a signed-in screen then loads some 12 files, not 35, which over
      // HTTP/1.1's six connections on a slow phone network was most of its wait (Lighthouse).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 64 * 1024 },
        },
      },
      treeshake: {
        // The contract's modules only declare things, so an import of `constants`
        // or `messages` need not bring the zod schemas (and zod) along.
        moduleSideEffects: (id) => (id.includes('/packages/contract/src/') ? false : undefined),
      },
    },
  },
});
