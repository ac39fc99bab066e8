// The server side of `npm run bench -- outline`, in its own process so the load generator does not share its event
// loop: the local stack's REST service at /rest/v1 over the project's exposed schemas, as `npm start` runs it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '../local-stack/config/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'
import { createRestService } from '../local-stack/rest/index.ts'

const service = createRestService({ config: loadConfig(), dbUrl: process.env.BENCH_DB_URL!, keys: new JwtKeys() })
await service.start!()

const server = createServer((req, res) => {
  void service.handle(req, res, (req.url ?? '/').slice('/rest/v1'.length))
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port })
})
process.on('message', (msg) => {
  if (msg === 'stop') {
    server.close()
    server.closeAllConnections()
    void service.stop!().then(() => process.exit(0))
  }
})
