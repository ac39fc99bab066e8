// The Realtime service for the realtime benchmark, in a process of its own (as in the stack, apart from the
// clients that load it): mounted at /realtime/v1 on an ephemeral port, which it reports to its parent. It stops
// when the parent disconnects.
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { createRealtimeService } from '../local-stack/realtime/index.ts'
import { serveMounted } from '../local-stack/testing/serve-mounted.ts'

const MOUNT = '/realtime/v1'
const service = createRealtimeService({
  config: loadConfig(),
  dbUrl: process.env.BENCH_DB_URL!,
  keys: new JwtKeys(),
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
