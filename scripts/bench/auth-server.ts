// The server side of `npm run bench -- auth`, run in a child process: the Auth service mounted at /auth/v1 with
// rate limits lifted and the REST service at /rest/v1 beside it in the same process (as in the stack), reporting its
// port to the parent and its event-loop delay on request.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createAuthService } from '../local-stack/auth/index.ts'
import { loadConfig } from '../local-stack/config/index.ts'
import { createRestService } from '../local-stack/rest/index.ts'
import { JwtKeys } from '../local-stack/keys/jwt.ts'

export interface LoopDelay {
  p99: number
  max: number
}

export async function serveForBench(dbUrl: string): Promise<void> {
  const config = structuredClone(loadConfig())
  config.auth.rateLimit = { ...config.auth.rateLimit, tokenRefresh: 1e9, signInSignUps: 1e9 }
  // The service needs the server's port for its issuer, so it is created once the server listens.
  const mounted: { service?: ReturnType<typeof createAuthService> } = {}
  const keys = new JwtKeys()
  const rest = createRestService({ config, dbUrl, keys })
  await rest.start?.()
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url.startsWith('/rest/v1')) void rest.handle(req, res, url.slice('/rest/v1'.length))
    else void mounted.service!.handle(req, res, url.replace(/^\/auth\/v1/, ''))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const service = createAuthService({
    config,
    dbUrl,
    keys,
    apiUrl: `http://127.0.0.1:${port}`,
    sendEmail: async () => {},
  })
  mounted.service = service
  const loop = monitorEventLoopDelay({ resolution: 5 })
  process.on('message', async (message) => {
    if (message === 'loop-start') {
      loop.reset()
      loop.enable()
      process.send!('started')
    } else if (message === 'loop-stop') {
      loop.disable()
      process.send!({ p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } satisfies LoopDelay)
    } else if (message === 'stop') {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await service.stop?.()
      await rest.stop?.()
      process.exit(0)
    }
  })
  process.send!(port)
}
