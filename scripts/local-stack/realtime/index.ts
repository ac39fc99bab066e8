// The Realtime service of the local stack: the Realtime v2.102 dialect of realtime-js 2.119, mounted by the gateway
// at /realtime/v1 (the socket at /websocket, the REST broadcast API at /api/broadcast). Phoenix channels carry
// broadcast, presence and postgres_changes; changes come from a logical replication slot, checked by RLS per
// subscriber. Parts: socket/ (protocol), channels/, broadcast/, presence/, changes/, authorization.ts.
import { randomBytes } from 'node:crypto'
import type { StackConfig } from '../config/index.ts'
import { createPool } from '../db/pools.ts'
import type { Service } from '../http/service.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import { TopicHub } from './broadcast/hub.ts'
import { send } from './broadcast/rest-io.ts'
import { handleApi } from './broadcast/rest-api.ts'
import { ChangesManager } from './changes/manager.ts'
import { APPLICATION_NAME } from './changes/subscriptions.ts'
import type { ServiceContext } from './context.ts'
import { defaultTenantLimits, TenantCounters, type TenantLimits } from './limits.ts'
import { PresenceRegistry } from './presence/registry.ts'
import { SocketServer } from './socket/upgrade.ts'

export interface RealtimeServiceOptions {
  config: StackConfig
  /** Superuser URL of the database (RLS checks switch role per subscriber, as the real server does). */
  dbUrl: string
  keys: JwtKeys
  /** Unexpected errors and replication outages, one line each. */
  log?: (message: string) => void
  /** Client mistakes (malformed frames), one line each; dropped unless given. */
  trace?: (message: string) => void
  /** Realtime's CHANNEL_ERROR_BACKOFF_MS: a refused join is answered after this long (default 5000). */
  joinErrorBackoffMs?: number
  /** Realtime's ACCESS_TOKEN_THROTTLE_MS: token updates closer together than this wait (default 10000). */
  accessTokenThrottleMs?: number
  /** The tenant's limits; Realtime's defaults (what `supabase start` has) unless given. */
  tenantLimits?: Partial<TenantLimits>
  poolSize?: number
}

export type RealtimeService = Service & {
  /** 12 hex digits naming this instance: its connections are "summit-realtime <tag>", its slot summit_realtime_<tag>. */
  readonly tag: string
  /** True while the replication stream is up. */
  readonly replicating: boolean
  /** True when the last changes were checked with screened-out subscribers skipped in the database too. */
  readonly screening: boolean
  /** In how many parts, on as many connections, the last batch of changes was checked. */
  readonly checkParts: number
  /** Open sockets (for diagnostics and tests). */
  readonly socketCount: number
  /** The tenant's counters and limits (read by the live-sync benchmark, which reports their peaks). */
  readonly tenant: TenantCounters
  /** Closes the replication stream (dropping its temporary slot) until resumeReplication(); `stack reset` needs
   * the database free of active slots to put its copy back. Channels stay joined meanwhile. */
  pauseReplication(): Promise<void>
  resumeReplication(): void
  upgrade: NonNullable<Service['upgrade']>
  start(): Promise<void>
  stop(): Promise<void>
}

export function createRealtimeService(options: RealtimeServiceOptions): RealtimeService {
  const log = options.log ?? ((message: string) => process.stderr.write(`realtime: ${message}\n`))
  // Ends every subscription id and names every connection of this instance, so other instances see it is alive.
  const tag = randomBytes(6).toString('hex')
  // Connections lost to a reset, a restart or a killed backend end a query with an error; they never crash Node.
  const pool = createPool({
    url: options.dbUrl,
    max: options.poolSize ?? 8,
    applicationName: `${APPLICATION_NAME} ${tag}`,
    log,
  })
  const tenant = new TenantCounters({ ...defaultTenantLimits, ...options.tenantLimits })
  const hub = new TopicHub(tenant.events)
  const changes = new ChangesManager({
    url: options.dbUrl,
    pool,
    tag,
    log,
    onDatabaseBroadcast: (key, broadcast) => void hub.publish(key, { type: 'user', broadcast }),
    dbEvents: tenant.dbEvents,
  })
  const context: ServiceContext = {
    keys: options.keys,
    pool,
    hub,
    presence: new PresenceRegistry(),
    changes,
    tenant,
    log,
    trace: options.trace ?? (() => {}),
    joinErrorBackoffMs: options.joinErrorBackoffMs ?? 5000,
    accessTokenThrottleMs: options.accessTokenThrottleMs ?? 10_000,
  }
  const sockets = new SocketServer(context)
  let stopping: Promise<void> | undefined

  return {
    name: 'realtime',
    tag,
    get replicating() {
      return changes.connected
    },
    get screening() {
      return changes.screening
    },
    get checkParts() {
      return changes.checkParts
    },
    get socketCount() {
      return sockets.connections.size
    },
    tenant,
    async handle(req, res, path) {
      if (path.startsWith('/api/') || path === '/api') {
        await handleApi(context, req, res, path).catch((error: Error) => {
          log(`internal error on ${req.method} ${path}: ${error.stack ?? error.message}`)
          send(res, 500, { message: 'Internal Server Error' })
        })
        return
      }
      // The socket route answers plain HTTP as Phoenix's websocket transport does.
      if (/^\/websocket\/?(\?|$)/.test(path)) return send(res, 400)
      send(res, 404, { message: 'not found' })
    },
    upgrade(req, socket, head, path) {
      if (stopping) return void socket.destroy()
      sockets.upgrade(req, socket, head, path).catch((error: Error) => {
        log(`internal error on the socket upgrade: ${error.stack ?? error.message}`)
        socket.destroy()
      })
    },
    pauseReplication: () => changes.pauseReplication(),
    resumeReplication: () => changes.resumeReplication(),
    async start() {
      await changes.start()
    },
    stop() {
      stopping ??= (async () => {
        changes.beginStop()
        sockets.closeAll()
        tenant.stop()
        await changes.stop()
        await pool.end().catch(() => {})
      })()
      return stopping
    },
  }
}
