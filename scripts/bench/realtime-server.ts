// The Realtime service for the realtime benchmark, in a process of its own (as in the stack, apart from the
// clients that load it): mounted at /realtime/v1 on an ephemeral port, which it reports to its parent. It stops
// when the parent disconnects.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { createRealtimeService } from '../local-stack/realtime/index.ts'

const MOUNT = '/realtime/v1'
const service = createRealtimeService({
  config: loadConfig(),
  dbUrl: process.env.BENCH_DB_URL!,
  keys: new JwtKeys(),
  log: (message) => process.stderr.write(`realtime: ${message}\n`),
})
await service.start()
const server = createServer((req, res) => {
  const url = req.url ?? '/'
  if (!url.startsWith(`${MOUNT}/`)) return void res.writeHead(404).end()
  void service.handle(req, res, url.slice(MOUNT.length))
})
server.on('upgrade', (req, socket, head) => {
  const url = req.url ?? '/'
  if (!url.startsWith(`${MOUNT}/`)) return void socket.destroy()
  service.upgrade(req, socket, head, url.slice(MOUNT.length))
})
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }))

const stop = () => {
  server.closeAllConnections()
  server.close()
  void service.stop().then(() => process.exit(0))
}
process.on('disconnect', stop)
process.on('SIGTERM', stop)
