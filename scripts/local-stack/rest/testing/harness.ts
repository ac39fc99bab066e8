// Test harness of the REST service: loads the test schema (schema.sql) as the superuser, starts the service with
// `rest_test` exposed behind a throw-away HTTP server on an ephemeral port, mounted at /rest/v1 like the gateway
// does, and hands out supabase-js clients for anon and signed-in users.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { loadConfig } from '../../config/index.ts'
import { anonKey, serviceRoleKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { createRestService, type RestService } from '../index.ts'
import { NoWebSocket } from '../../testing/no-websocket.ts'
import { serveMounted } from '../../testing/serve-mounted.ts'

const schemaFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.sql')

// The test schema has no generated types: its rows are untyped on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TestDatabase = any
/** PostgREST 14: supabase-js then offers the v13+ methods (maxAffected). */
export type TestClient = SupabaseClient<TestDatabase, { PostgrestVersion: '14' }, string>

export const userOne = '00000000-0000-0000-0000-000000000001'
export const userTwo = '00000000-0000-0000-0000-000000000002'

export interface RestHarness {
  /** http://127.0.0.1:<port> (what a Supabase URL would be). */
  baseUrl: string
  /** http://127.0.0.1:<port>/rest/v1 */
  restUrl: string
  service: RestService
  sql: pg.Client
  keys: JwtKeys
  anon(schema?: string): TestClient
  /** A client signed in as `sub` with role authenticated (or the role given). */
  user(sub: string, role?: string, schema?: string): TestClient
  serviceRole(schema?: string): TestClient
  userToken(sub: string, role?: string): string
  resetData(): Promise<void>
  close(): Promise<void>
}

export async function loadTestSchema(sql: pg.Client): Promise<void> {
  // Test files may run in parallel: one at a time rebuilds the schema.
  await sql.query('select pg_advisory_lock(7262001)')
  try {
    await sql.query(readFileSync(schemaFile, 'utf8'))
  } finally {
    await sql.query('select pg_advisory_unlock(7262001)')
  }
}

export interface HarnessOptions {
  poolSize?: number
  /** Overrides config.toml's max_rows. */
  maxRows?: number
  /** False when another harness already loaded the schema. */
  loadSchema?: boolean
  aggregates?: boolean
  schemaPollMs?: number
  /** application_name of the service's connections (tests that terminate them pick their own). */
  applicationName?: string
}

export async function startRestHarness(dbUrl: string, options: HarnessOptions = {}): Promise<RestHarness> {
  const sql = new pg.Client({ connectionString: dbUrl })
  await sql.connect()
  if (options.loadSchema !== false) await loadTestSchema(sql)
  const keys = new JwtKeys()
  const config = loadConfig()
  const service = createRestService({
    config: options.maxRows === undefined ? config : { ...config, api: { ...config.api, maxRows: options.maxRows } },
    dbUrl,
    keys,
    schemas: ['rest_test', 'rest_test_other'],
    poolSize: options.poolSize ?? 4,
    // The NOTIFY test must not be helped by the catalog check; the check has its own test with the default.
    ...(options.schemaPollMs === undefined ? {} : { schemaPollMs: options.schemaPollMs }),
    ...(options.aggregates === undefined ? {} : { aggregates: options.aggregates }),
    ...(options.applicationName === undefined ? {} : { applicationName: options.applicationName }),
  })
  await service.start!()
  const mounted = await serveMounted('/rest/v1', service)
  const baseUrl = mounted.url
  const client = (key: string, schema: string, token?: string): TestClient =>
    createClient<TestDatabase, { PostgrestVersion: '14' }, string>(baseUrl, key, {
      db: { schema },
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket; realtime is never connected here, so a stand-in satisfies supabase-js.
      realtime: { transport: NoWebSocket as never },
      ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    })
  const userToken = (sub: string, role = 'authenticated') =>
    keys.sign({
      sub,
      role,
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
      email: `${sub}@example.com`,
    })
  return {
    baseUrl,
    restUrl: `${baseUrl}/rest/v1`,
    service,
    sql,
    keys,
    anon: (schema = 'rest_test') => client(anonKey, schema),
    user: (sub, role, schema = 'rest_test') => client(anonKey, schema, userToken(sub, role)),
    serviceRole: (schema = 'rest_test') => client(serviceRoleKey, schema),
    userToken,
    resetData: async () => {
      await sql.query('select rest_test.reset_data()')
    },
    close: async () => {
      await mounted.close()
      await service.stop!()
      await sql.end()
    },
  }
}
