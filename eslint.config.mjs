// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, React's rules of hooks,
// the layout's one-way doors (scripts/eslint-layout.cjs) and no SQL in a route handler
// (scripts/eslint-no-sql-in-routes.cjs). `npm run lint`; npm test runs it after
// the typecheck. Formatting is Prettier's (`prettier --check`), not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import khela from './scripts/eslint-layout.cjs';
import noSql from './scripts/eslint-no-sql-in-routes.cjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev/**',
      '.data/**',
      '.releases/**',
      '.tools/**',
      'coverage/**',
      'server/data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.es2022 } },
    plugins: { khela },
    rules: {
      'khela/layout': 'error',
      // `_`-prefixed names are deliberately unused (a destructured rest, a required parameter)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [
      'server/**/*.{ts,mjs}',
      'deploy/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.{js,mjs,cjs,ts}', // the benchmarks' page.evaluate callbacks run in the browser: see below
      '**/*.config.{js,mjs,cjs,ts}',
      'shared/mf-config/**/*.{js,mjs}',
      'shared/games-math/scripts/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['scripts/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.cjs', 'jest.config.js', 'shared/mf-config/*.js', 'scripts/jest.asset-stub.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // route handlers call their domain's repository (<domain>.repo.ts) or a service, never SQL themselves
    files: noSql.routeFiles,
    rules: { 'no-restricted-syntax': ['error', ...noSql.noSqlInRoutes] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'scripts/jest.setup-web.ts', '**/*.test-support.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
