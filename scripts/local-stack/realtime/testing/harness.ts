// Test harness of the Realtime service: its own service behind a throw-away HTTP server on port 0 that mounts it at
// /realtime/v1 as the gateway does (upgrades at /realtime/v1/websocket, HTTP at /realtime/v1/api/*), a schema of its
// own added to the supabase_realtime publication, and supabase-js clients speaking either protocol version.
import { randomBytes } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { beforeEach } from 'vitest'
import WebSocket from 'ws'
import { loadConfig } from '../../config/index.ts'
import { anonKey } from '../../keys/index.ts'
import { JwtKeys, type JwtClaims } from '../../keys/jwt.ts'
import { createRealtimeService, type RealtimeService } from '../index.ts'
import type { TenantLimits } from '../limits.ts'
import { serveMounted } from '../../testing/serve-mounted.ts'

const MOUNT = '/realtime/v1'

/** The log of every service a harness runs in this file (each line with its time), kept for a test that fails. */
const logs = new Set<string[]>()

// A failed test prints what the services logged while it ran: a change that never came is often explained there (a
// subscription the database refused, a lost connection), and a CI run keeps only its output. REALTIME_TEST_LOG=1
// prints the whole log of each harness when it closes.
beforeEach(({ onTestFailed }) => {
  const from = new Map([...logs].map((log) => [log, log.length]))
  onTestFailed(() => {
    for (const log of logs) {
      const lines = log.slice(from.get(log) ?? 0)
      if (lines.length > 0) process.stderr.write(`the Realtime service logged during this test:\n${lines.join('\n')}\n`)
    }
  })
})

export type Vsn = '1.0.0' | '2.0.0'

export interface RealtimeHarness {
  /** What a Supabase URL would be: http://127.0.0.1:<port> */
  url: string
  service: RealtimeService
  /** Superuser connection for setting up tables and making changes. */
  sql: pg.Client
  keys: JwtKeys
  /** A schema unique to this harness (`rt_<random>`), dropped on close. */
  schema: string
  /** A supabase-js client; signed in when a token is given (realtime has the token before the first join). */
  client(options?: { token?: string; vsn?: Vsn }): Promise<SupabaseClient>
  /** A user JWT (role authenticated, exp in an hour unless given). */
  token(sub: string, claims?: JwtClaims): string
  close(): Promise<void>
}

export async function startRealtimeHarness(
  dbUrl: string,
  options: {
    setup?: (schema: string) => string
    joinErrorBackoffMs?: number
    accessTokenThrottleMs?: number
    tenantLimits?: Partial<TenantLimits>
  } = {},
): Promise<RealtimeHarness> {
  const schema = `rt_${randomBytes(4).toString('hex')}`
  const sql = new pg.Client({ connectionString: dbUrl })
  await sql.connect()
  sql.on('error', () => {}) // a test may terminate every connection; the next query reports it
  // Test databases are not durable (synchronous_commit off): a commit would reach the replication stream only at the
  // WAL writer's next flush, up to 200 ms later. The changes the tests make commit synchronously instead.
  await sql.query('set synchronous_commit = on')
  await sql.query(`create schema ${schema}; grant usage on schema ${schema} to anon, authenticated, service_role`)
  if (options.setup) await sql.query(options.setup(schema))
  const keys = new JwtKeys()
  const errors: string[] = []
  const keep = (message: string) => errors.push(`${new Date().toISOString().slice(11, 23)} ${message}`)
  logs.add(errors)
  const service = createRealtimeService({
    config: loadConfig(),
    dbUrl,
    keys,
    joinErrorBackoffMs: options.joinErrorBackoffMs ?? 20,
    accessTokenThrottleMs: options.accessTokenThrottleMs,
    tenantLimits: options.tenantLimits,
    log: keep,
    trace: keep,
  })
  await service.start()
  const mounted = await serveMounted(MOUNT, service)
  const url = mounted.url
  const clients: SupabaseClient[] = []

  return {
    url,
    service,
    sql,
    keys,
    schema,
    async client({ token, vsn = '2.0.0' } = {}) {
      const client = createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        // The cast: ws's constructor overloads do not line up with realtime-js's WebSocketLikeConstructor type,
        // though ws is what realtime-js documents for Node.
        realtime: { transport: WebSocket as never, vsn },
        ...(token ? { accessToken: async () => token } : {}),
      })
      clients.push(client)
      // supabase-js hands the token to realtime asynchronously; a join sent before that would go out without it.
      if (token) await client.realtime.setAuth(token)
      return client
    },
    token(sub, claims = {}) {
      const exp = Math.floor(Date.now() / 1000) + 3600
      return keys.sign({ sub, role: 'authenticated', aud: 'authenticated', exp, ...claims })
    },
    async close() {
      // A channel the server refused keeps rejoining; its leave would wait for the push timeout.
      const removed = Promise.all(clients.map((client) => client.removeAllChannels()))
      await Promise.race([removed, new Promise((resolve) => setTimeout(resolve, 1000))])
      for (const client of clients) void client.realtime.disconnect()
      await mounted.close()
      await service.stop()
      await sql.query(`drop schema if exists ${schema} cascade`)
      await sql.end()
      if (errors.length > 0 && process.env.REALTIME_TEST_LOG) process.stderr.write(`${errors.join('\n')}\n`)
      logs.delete(errors)
    },
  }
}
