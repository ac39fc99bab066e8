// Vitest project "scripts": unit tests of the dev tooling, and integration tests that use the database `npm test`
// starts (its URL arrives in SUMMIT_TEST_DB_URL).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'scripts',
    root: import.meta.dirname,
    environment: 'node',
    // A focused test would silently drop the others, locally as in CI.
    allowOnly: false,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
  },
})
