import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The server's modules, each a folder of apps/server/src/modules. */
const serverModules = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'apps/server/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts only.' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/env.ts',
      'apps/server/test/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.*',
      'apps/server/*.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Import boundaries: the floors of docs/architecture.md, held by lint.
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**', '../../*/**'], message: 'Features do not import each other.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/(?:features|app)/', message: 'Components and lib sit under the features and routes.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^@/(?:features|app|components)/', message: 'lib/ is the lowest floor of the web app.' }],
        },
      ],
    },
  },
  ...serverModules.map((module) => ({
    files: [`apps/server/src/modules/${module}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // "../other/other.service" is another module's public face; anything else of it is its own.
              regex: `^\\.\\./(?!${module}/)[\\w-]+/(?![\\w-]+\\.service$)`,
              message: 'A module uses another only through its service; what modules share is in queries/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?:auth|access|db|modules|queries|providers|jobs|documents|clustering|app|server)(?:/|$)',
              message: 'lib/ is the lowest floor: it imports nothing of the server above it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/queries/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./modules/', message: 'queries/ sits under the modules: it imports none of them.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
