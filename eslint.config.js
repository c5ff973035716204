// ESLint for the whole repository (flat config, ESLint 9): `npm run lint`, and a step of `npm test`.
// Formatting is Prettier's job (`npm run format`); eslint-config-prettier comes last and turns off every rule that
// would fight it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** client/src imports what is three or more folders up through its alias, `@/` (client/src). */
const DEEP_RELATIVE_IMPORT = {
  regex: '^(\\.\\./){3,}',
  message: "Import from client/src through the alias: '@/components/…', not '../../../components/…'.",
};

/** Selections kept in the URL go through one hook, lib/urlState.ts, with the parameter names of lib/urls.ts. */
const RAW_SEARCH_PARAMS = {
  name: 'react-router',
  importNames: ['useSearchParams'],
  message: "Read and write the URL's search parameters with useUrlState / useSearchParam from '@/lib/urlState'.",
};

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'client/dist-ssr/', // the server render's build (vite build --ssr)
    '.data/',
    '.tmp/',
    'client/src/graphql/generated/', // graphql-codegen output
    'schema/', // emitted by the server (npm run codegen)
    'client/test-results/',
    'client/playwright-report/',
    'client/e2e/.artifacts/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names say "deliberately unused" (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off', // CLI scripts and the seeder print; the server logs through pino (checked in review).
    },
  },

  // The type-aware rules (promises neither awaited nor handled, promises handed to something that expects a plain
  // callback, awaiting what is no promise) are oxlint's (.oxlintrc.json), run by `npm run lint` after ESLint: its
  // type-aware linter (oxlint-tsgolint) is built on TypeScript 7 and checks the whole tree in seconds, where
  // typescript-eslint needed a minute of TypeScript 5.9 programs.

  // The browser app.
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Only the two classic hook rules; the React Compiler rules of react-hooks v7 are not for this code base.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [DEEP_RELATIVE_IMPORT], paths: [RAW_SEARCH_PARAMS] }],
    },
  },
  // The one hook that reads and writes the URL's search parameters (lib/urlState.ts).
  {
    files: ['client/src/lib/urlState.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_RELATIVE_IMPORT] }] },
  },

  // Tests read the server's JSON answers (GraphQL responses, REST bodies) and assert their shape; typing every answer
  // by hand would repeat the schema, so `any` is allowed there, and nowhere else.
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'client/e2e/**/*.ts', 'server/bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // Playwright runs these in Node; page.evaluate callbacks run in the browser. A test that uses no fixture still has
  // to write `({}, testInfo)`: Playwright reads the fixtures from the first parameter's destructuring pattern.
  {
    files: ['client/e2e/**/*.ts', 'client/playwright*.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },

  prettier,
);
