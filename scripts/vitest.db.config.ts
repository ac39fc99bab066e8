// Vitest project "scripts-db": the local stack's database, Realtime and scheduler tests (see
// test-suites/vitest-groups.ts for why they are a project of their own). Needs SUMMIT_TEST_DB_URL like "scripts".
import { defineConfig } from 'vitest/config'
import { databaseTests, scriptsTestOptions } from './vitest.config.ts'

export default defineConfig({
  test: {
    ...scriptsTestOptions,
    name: 'scripts-db',
    include: databaseTests,
  },
})
