import js from '@eslint/js';
import globals from 'globals';
import prettierConfig from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { portalPlugin } from './scripts/eslint/portal-plugin.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'var/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/types*'], importNamePattern: '^(sql|Kysely)$', message: 'SQL lives in repositories only.' },
            // Types too: a service holding a query builder, an expression or a transaction could write SQL.
            {
              group: ['kysely', 'kysely/*'],
              message: 'SQL lives in repositories only; services pass the transaction type of db/transact.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules that import each other, however indirectly, have no order they can be read in.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/contract/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'tsconfig.tools.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // SQL, and the database client, belong to repositories, migrations, seeds and the database module.
    files: ['apps/server/src/db/**', 'apps/server/test/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A search is planned from values alone: the planner reads no database (the facts reader and
    // the runner, under db/repositories/search/, do).
    files: ['apps/server/src/search/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', 'kysely', 'kysely/*', 'pg', 'pg/*', '@electric-sql/pglite', '@electric-sql/pglite/*'],
              message: 'The search planner is a pure function of the search, its facts and its limits.',
            },
          ],
        },
      ],
    },
  },
  {
    // Presenters turn domain values into wire names: they may name a service's or a repository's
    // types, never call one. (The typescript-eslint rule, beside the core one: it knows type imports.)
    files: ['apps/server/src/presenters/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(services|db/repositories)/', allowTypeImports: true, message: 'Presenters take values; routes call services.' },
          ],
        },
      ],
    },
  },
  {
    // Services return domain values; the routes present them.
    files: ['apps/server/src/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)presenters/', message: 'Services return domain values; routes call presenters.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The merged object names every call, so it would carry every area's schemas into the file that imports it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/contract',
              importNames: ['endpoints'],
              allowTypeImports: true,
              message:
                "Import the area's calls (sessionEndpoints, documentsEndpoints…): a phone then downloads only the schemas of the calls a screen makes.",
            },
          ],
        },
      ],
    },
  },
  {
    // Web features stay independent: shared pieces live in components/ or lib/.
    // A local rule: only the importing file's own path tells which feature it belongs to.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { portal: portalPlugin },
    rules: { 'portal/feature-boundaries': ['error', { featuresDir: `${import.meta.dirname}/apps/web/src/features` }] },
  },
  {
    // A file a reader can hold in mind: past this, split it by what its parts do.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Prettier owns the layout; no lint rule argues with it.
  prettierConfig,
);
