// The Realtime service for the live-sync benchmark, in a process of its own, with the tenant limits of `supabase
// start` (Realtime's defaults: 200 concurrent users; 100 events, 100 postgres changes and 100 joins a second), not
// lifted as in the other benchmarks: the benchmark measures what a class gets under them. Reports its port to its
// parent, then the tenant's counters once a second (users, and the rates the limiter judges); stops when the parent
// disconnects.
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { createRealtimeService } from '../local-stack/realtime/index.ts'
import { serveMounted } from '../local-stack/testing/serve-mounted.ts'

export interface TenantSample {
  users: number
  sockets: number
  events: number
  dbEvents: number
  joins: number
  limits: { maxConcurrentUsers: number; maxEventsPerSecond: number; maxJoinsPerSecond: number }
}

const service = createRealtimeService({
  config: loadConfig(),
  dbUrl: process.env.BENCH_DB_URL!,
  keys: new JwtKeys(),
  log: (message) => process.stderr.write(`realtime: ${message}\n`),
})
await service.start()
const mounted = await serveMounted('/realtime/v1', service)
process.send?.({ port: Number(new URL(mounted.url).port) })

const { tenant } = service
const timer = setInterval(() => {
  const sample: TenantSample = {
    users: tenant.users.size,
    sockets: service.socketCount,
    events: tenant.events.rate,
    dbEvents: tenant.dbEvents.rate,
    joins: tenant.joins.rate,
    limits: tenant.limits,
  }
  process.send?.({ sample })
}, 1000)

const stop = () => {
  clearInterval(timer)
  void mounted.close()
  void service.stop().then(() => process.exit(0))
}
process.on('disconnect', stop)
process.on('SIGTERM', stop)
