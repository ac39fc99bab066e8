// Vitest project "scripts": unit tests of the dev tooling, and integration tests that use the stack `npm test` starts
// (its database URL arrives in SUMMIT_TEST_DB_URL, its API's in SUMMIT_TEST_API_URL). The local stack's database,
// Realtime and scheduler tests are the project "scripts-db" (vitest.db.config.ts), run beside this one by `npm test`.
import { defineConfig } from 'vitest/config'
import { databaseTestDirs } from './test-suites/vitest-groups.ts'

/** What both projects of scripts/ share. */
export const scriptsTestOptions = {
  root: import.meta.dirname,
  environment: 'node' as const,
  // A focused test would silently drop the others, locally as in CI.
  allowOnly: false,
  exclude: ['**/node_modules/**'],
  testTimeout: 60_000,
  // Setup hooks create users, schools and courses through the stack, as the tests do: under `npm test`'s lanes (the
  // linter, the compiler and the other Vitest process beside them) a beforeAll making four users and two schools took
  // over Vitest's default 10 s once. They get the tests' time.
  hookTimeout: 60_000,
}

export const databaseTests = databaseTestDirs.map((dir) => `${dir}**/*.test.ts`)

export default defineConfig({
  test: {
    ...scriptsTestOptions,
    name: 'scripts',
    include: ['**/*.test.ts'],
    exclude: [...scriptsTestOptions.exclude, ...databaseTests],
    // The worker runs file after file without a fresh module graph for each: the files mock nothing and keep their
    // state in what they start (servers, clients, users), and starting a worker and importing the stack's modules
    // again for each of 131 files cost more CPU than their tests. Against one stack: 151 s of CPU and 219 s isolated,
    // 97 s and 177 s not. "scripts-db" stays isolated: without it, its apply_rls tests failed on an earlier file's
    // state.
    isolate: false,
  },
})
