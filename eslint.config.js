// Lint rules for the TypeScript of web/ and scripts/. Edge functions are Deno code: `deno lint` checks them.
// The web client and the local stack also get their architecture checked (import boundaries, below); the web client
// gets TanStack Query and Router's own rules and JSX accessibility rules too (eslint-plugin-jsx-a11y-x: the ESLint 10
// fork of eslint-plugin-jsx-a11y).
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

/**
 * Import boundaries of the local stack (scripts/local-stack): one element per component (auth, rest, storage, realtime,
 * gateway, db, functions, inbox, scheduler), the shared kit every component may use (http/, keys/, config/, db/pools.ts,
 * log.ts, paths.ts, ports.ts, state.ts), and the top (stack.ts, cli.ts, summary.ts, web.ts, demo-logins.ts), the only
 * files that wire components together. A component imports its own files, the kit, and another component only
 * through that component's index.ts; the kit imports only the kit. Tests and test harnesses (testing/) drive real
 * parts, so they may import any of it; nothing else may import them.
 */
const stackElements = [
  { type: 'stack-testing', partialMatch: false, pattern: 'scripts/local-stack/{testing,*/testing}' },
  { type: 'stack-kit', partialMatch: false, pattern: 'scripts/local-stack/{http,keys,config}' },
  { type: 'stack-component', partialMatch: false, pattern: 'scripts/local-stack/*', capture: ['component'] },
  // The files at the top of scripts/local-stack: the wiring (stack, cli, summary, web, demo-logins) and the kit's
  // loose files (log, paths, ports, state); policies tell them apart by name.
  { type: 'stack-top', partialMatch: false, pattern: 'scripts/local-stack' },
  // The repository's other scripts (setup, checks): a stack test may use one.
  { type: 'script', partialMatch: false, pattern: 'scripts' },
]

const stackWiring = '{stack,cli,summary,web,demo-logins}.ts'
const kitFiles = [
  to('stack-kit'),
  to('stack-top', { fileInternalPath: '{log,paths,ports,state}.ts' }),
  to('stack-component', { captured: { component: 'db' }, fileInternalPath: 'pools.ts' }),
]

const stackBoundaries = [
  {
    files: ['scripts/local-stack/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': stackElements,
      'boundaries/files': [{ category: 'test', pattern: 'scripts/local-stack/**/{*.test.ts,tests/**}' }],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { project: 'scripts/tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.type }} may not import {{ to.element.type }} {{ to.element.captured.component }} ' +
            '{{ to.element.fileInternalPath }}: components meet through their index.ts (see README, Layout)',
          policies: [
            {
              from: { element: { type: 'stack-top', fileInternalPath: stackWiring } },
              allow: [to('stack-top'), ...kitFiles, to('stack-component', { fileInternalPath: 'index.ts' })],
            },
            {
              from: { element: { type: 'stack-component' } },
              allow: [
                to('stack-component', { captured: { component: '{{ from.element.captured.component }}' } }),
                to('stack-component', { fileInternalPath: 'index.ts' }),
                ...kitFiles,
              ],
            },
            { from: { element: { type: 'stack-kit' } }, allow: kitFiles },
            {
              from: { element: { type: 'stack-top', fileInternalPath: '{log,paths,ports,state}.ts' } },
              allow: kitFiles,
            },
            { from: { element: { type: 'stack-testing' } }, allow: [to('*')] },
            { from: { file: { categories: 'test' } }, allow: [to('*')] },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  {
    // The stack's token checks, database calls and handlers are async: a promise left unawaited would let a request
    // past a check that had not finished (an admin gate, a signature) and lose its error. Type-aware, so only here.
    files: ['scripts/local-stack/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
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
      // The formatters' barrel kept every formatter (and its Intl setup) in each page's chunk that used one of them.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/format',
              message: "Import from the formatter's own module (@/lib/format/duration, …/date, …/plural, …).",
            },
          ],
        },
      ],
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
  // Components stay short enough to read at once: a long one is split into named parts (components, hooks), as the
  // player's were. ESLint's rule counts every function, not only components, so it covers the .tsx of the folders
  // that meet it (the player and quizzes), and not their tests, whose describe blocks are long by nature.
  {
    files: ['web/src/features/learn/**/*.tsx', 'web/src/features/quiz/**/*.tsx', 'web/src/routes/learn/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  ...webBoundaries,
  ...stackBoundaries,
)
