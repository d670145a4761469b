import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // The web app's `@/…` imports, as its Vite config resolves them.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          // Some unit tests are CPU-bound (the text tagger's first load, property runs); CI machines are busy.
          testTimeout: 30_000,
          setupFiles: ['scripts/fast-check-seed.ts'],
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          // Most of a file's time is spent waiting on PostgreSQL or on a server it started, not on the
          // processor: two files at once keep a 2-core machine busier (vitest's default there is one).
          maxWorkers: 2,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [
            '**/*.unit.test.ts',
            '**/node_modules/**',
            // A second run against another database server (CI's, scripts/test.mjs) leaves out the tests
            // that start a PostgreSQL of their own: against any server they are the very same tests.
            ...(process.env.API_TESTS_AGAIN === '1' ? ['apps/server/test/own-postgres/**'] : []),
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['scripts/fast-check-seed.ts'],
          // A bound for a hung test, not a budget: on a busy 2-core machine the access replay, a few
          // hundred calls in one test, took over 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A journey spends most of its time waiting on Chromium and the app's own timers (one file at
          // a time kept 0.4 of a core busy): two files at once, each with its own browser and users, on
          // the one server. Each journey signs up its own people, so files share nothing but the server.
          maxWorkers: 2,
        },
      },
    ],
  },
});
