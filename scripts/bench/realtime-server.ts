// The Realtime service for the realtime and stats benchmarks, in a process of its own (as in the stack, apart from
// the clients that load it): mounted at /realtime/v1 on an ephemeral port, which it reports to its parent. It stops
// when the parent disconnects. The tenant's limits are lifted: the benchmarks measure how fast this service
// delivers, and their loads are over what `supabase start`'s tenant allows (see realtime/README.md, Limits).
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { createRealtimeService } from '../local-stack/realtime/index.ts'
import { serveMounted } from '../local-stack/testing/serve-mounted.ts'

const MOUNT = '/realtime/v1'
const service = createRealtimeService({
  config: loadConfig(),
  dbUrl: process.env.BENCH_DB_URL!,
  keys: new JwtKeys(),
  tenantLimits: { maxConcurrentUsers: Infinity, maxEventsPerSecond: Infinity, maxJoinsPerSecond: Infinity },
  log: (message) => process.stderr.write(`realtime: ${message}\n`),
})
await service.start()
const mounted = await serveMounted(MOUNT, service)
process.send?.({ port: Number(new URL(mounted.url).port) })

const stop = () => {
  void mounted.close()
  void service.stop().then(() => process.exit(0))
}
process.on('disconnect', stop)
process.on('SIGTERM', stop)
