// Integration tests of the REST service against a real database (SUMMIT_TEST_DB_URL): every grammar feature and
// error mapping through supabase-js 2.119 itself, raw HTTP for the edges, and a property test of filters. The
// suites share one service and run in order, since several of them write.
import { afterAll, beforeAll, describe } from 'vitest'
import { startRestHarness } from '../testing/harness.ts'
import type { SuiteEnv } from './env.ts'
import { computedSuite } from './suites/computed.ts'
import { embeddingSuite } from './suites/embedding.ts'
import { errorSuite } from './suites/errors.ts'
import { filterSuite } from './suites/filters.ts'
import { httpSuite } from './suites/http.ts'
import { mutationSuite } from './suites/mutations.ts'
import { propertySuite } from './suites/property.ts'
import { rpcSuite } from './suites/rpc.ts'
import { selectSuite } from './suites/select.ts'
import { transactionSuite } from './suites/transactions.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

describe.skipIf(!dbUrl)('REST service (PostgREST v14 dialect)', () => {
  const env = {} as SuiteEnv
  beforeAll(async () => {
    env.h = await startRestHarness(dbUrl!)
  }, 60_000)
  afterAll(async () => {
    await env.h?.close()
  })

  selectSuite(env)
  filterSuite(env)
  embeddingSuite(env)
  computedSuite(env)
  mutationSuite(env)
  rpcSuite(env)
  errorSuite(env)
  httpSuite(env)
  transactionSuite(env)
  propertySuite(env)
})
