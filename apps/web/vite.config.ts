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
      treeshake: {
        // The contract's modules only declare things, so an import of `constants`
        // or `messages` need not bring the zod schemas (and zod) along.
        moduleSideEffects: (id) => (id.includes('/packages/contract/src/') ? false : undefined),
      },
    },
  },
});
