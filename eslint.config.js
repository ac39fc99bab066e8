// Lint rules for the TypeScript of web/ and scripts/. Edge functions are Deno code: `deno lint` checks them.
// The web client also gets its architecture checked (import boundaries, below), TanStack Query and Router's own rules,
// and JSX accessibility rules (eslint-plugin-jsx-a11y-x: the ESLint 10 fork of eslint-plugin-jsx-a11y).
import js from '@eslint/js'
import globals from 'globals'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import boundaries from 'eslint-plugin-boundaries'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * Import boundaries of the web client (Bulletproof React): routes → features → shared, one way. A feature imports
 * only its own files and the shared layer (components/, lib/), never another feature: what two features need moves to
 * the shared layer, and pages combine features in routes/. The shared layer imports nothing above it.
 */
const webElements = [
  { type: 'route', partialMatch: false, pattern: 'web/src/routes/**' },
  { type: 'feature', partialMatch: false, pattern: 'web/src/features/*/**', capture: ['feature'] },
  { type: 'shared', partialMatch: false, pattern: 'web/src/{components,lib}/**' },
  // Test support (render helpers, setup): only tests may import it.
  { type: 'testing', partialMatch: false, pattern: 'web/src/testing/**' },
  // The entry files at the top of web/src (main, app, router, the generated route tree). Last, so it only takes
  // what no layer above claimed; policies allow imports only from its top-level files.
  { type: 'app', partialMatch: false, pattern: 'web/src' },
]

const to = (type, extra = {}) => ({ to: { element: { type, ...extra } } })

const webBoundaries = [
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': webElements,
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { project: 'web/tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{ from.element.type }} may not import {{ to.element.type }} (see README, Layout)',
          policies: [
            {
              from: { element: { type: 'app', fileInternalPath: '*' } },
              allow: [to('app'), to('route'), to('feature'), to('shared')],
            },
            { from: { element: { type: 'route' } }, allow: [to('route'), to('feature'), to('shared')] },
            {
              from: { element: { type: 'feature' } },
              allow: [to('feature', { captured: { feature: '{{ from.element.captured.feature }}' } }), to('shared')],
            },
            { from: { element: { type: 'shared' } }, allow: [to('shared')] },
            { from: { element: { type: 'testing' } }, allow: [to('*')] },
            { from: { file: { categories: 'test' } }, allow: [to('testing')] },
          ],
        },
      ],
      // Every file under web/src belongs to one of the layers above, and every local import resolves to one.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
]

/** Turns a shared config's warnings into errors: `eslint .` exits 0 on warnings, so a warning would never fail a check. */
function asErrors(rules) {
  return Object.fromEntries(
    Object.entries(rules).map(([name, setting]) => [
      name,
      Array.isArray(setting) ? ['error', ...setting.slice(1)] : setting === 'warn' ? 'error' : setting,
    ]),
  )
}

/** The rules of a plugin's flat config (an array of config objects). */
function rulesOf(configs) {
  return Object.assign({}, ...configs.map((config) => config.rules))
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.local-stack/**',
      'supabase/functions/**',
      // Deno test modules, run by `deno test` in the runner's own tests.
      'scripts/test-suites/fixtures/deno/**',
      'web/src/routeTree.gen.ts',
      'web/src/lib/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A focused test silently drops every other one: never committed (the runners refuse it too).
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].map((object) => ({
          object,
          property: 'only',
          message: 'A focused test skips all the others; remove .only before committing.',
        })),
      ],
    },
  },
  {
    files: ['scripts/**/*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { '@tanstack/query': pluginQuery, '@tanstack/router': pluginRouter },
    rules: {
      ...asErrors(rulesOf(pluginQuery.configs['flat/recommended-strict'])),
      ...asErrors(rulesOf(pluginRouter.configs['flat/recommended'])),
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.configs.strict,
    settings: {
      // The kit's wrappers render these native elements, so the rules check them as such.
      'jsx-a11y-x': { components: { Button: 'button', Input: 'input', Label: 'label' } },
    },
    rules: {
      ...jsxA11y.configs.strict.rules,
      // A scrolling box (wide code, tables) must be reachable by keyboard to scroll it (WCAG 2.1.1, axe's
      // scrollable-region-focusable); the accessible pattern is a named role="region" with tabIndex 0.
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { tags: [], roles: ['region'] }],
    },
  },
  ...webBoundaries,
)
