import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { screenRoutes, signedInShellModules } from './src/app/screens.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
import { mantineStylesCheck } from './vite-plugin-mantine-styles.ts';
import { pageHintsPlugin } from './vite-plugin-page-hints.ts';
import { precompress } from './vite-plugin-precompress.ts';

/**
 * The icon written into the page (public/favicon.svg as a data: address): a file
 * of its own took one of HTTP/1.1's six connections while the app's code waited.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'keywright:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
      const href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      if (!html.includes('href="/favicon.svg"')) throw new Error('index.html no longer links /favicon.svg');
      return html.replace('href="/favicon.svg"', `href="${href}"`);
    },
  };
}

export default defineConfig({
  plugins: [react(), inlineFavicon(), mantineStylesCheck(), precompress(), pageHintsPlugin(screenRoutes)],
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
    cssCodeSplit: false,
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // Over HTTP/1.1's six connections on a slow phone network, each file a screen waits for costs
      // a round trip (Lighthouse): so a signed-in screen loads four, index.html's code, the shell
      // and its own. Groups make the first two; small modules that screens share are copied into
      // the chunks that use them (a shared runtime keeps one state per module).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // Everything index.html's code imports, in one file (sign-in needs nothing else).
            { name: 'web', tags: ['$initial'], priority: 2 },
            // What every signed-in screen renders in, the call each makes on load (session.ts),
            // the contract, and what they import.
            {
              name: 'signed-in',
              test: (id) =>
                [...signedInShellModules, 'src/lib/team-member-link.ts'].some((file) => id === path.join(root, file)) ||
                id.includes('/packages/contract/src/'),
              priority: 1,
            },
          ],
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
