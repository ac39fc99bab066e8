// One service at its mount prefix on an ephemeral loopback port, as the gateway mounts it but without key rewriting or
// CORS: for the tests and benchmarks of a single service (supabase-js sends its own apikey and Bearer JWT).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Service } from '../http/service.ts'

type Mountable = Pick<Service, 'handle' | 'upgrade'>

export interface MountedServer {
  /** `http://127.0.0.1:<port>`, without the mount prefix. */
  url: string
  server: Server
  close(): Promise<void>
}

/**
 * `service` may be a getter, for a service that needs the URL before it can be made (Auth's issuer); requests that
 * arrive before it returns one get a 404. A service that throws has its response cut off, as a broken upstream would.
 */
export async function serveMounted(
  mount: string,
  service: Mountable | (() => Mountable | undefined),
  options: { onResponse?: (req: IncomingMessage, res: ServerResponse) => void } = {},
): Promise<MountedServer> {
  const current = typeof service === 'function' ? service : () => service
  const pathOf = (url: string) =>
    url === mount || url.startsWith(`${mount}/`) || url.startsWith(`${mount}?`) ? url.slice(mount.length) || '/' : null
  const server = createServer((req, res) => {
    // A client hanging up mid-request is not the service's failure.
    req.on('error', () => {})
    res.on('error', () => {})
    const { onResponse } = options
    if (onResponse) res.once('finish', () => onResponse(req, res))
    const target = current()
    const path = pathOf(req.url ?? '/')
    if (!target || path === null) return void res.writeHead(404).end()
    Promise.resolve(target.handle(req, res, path)).catch(() => res.destroy())
  })
  // Upgraded sockets leave the HTTP server's books (closeAllConnections does not see them) but still hold
  // server.close() open; the harness ends them itself.
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {})
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
    const target = current()
    const path = pathOf(req.url ?? '/')
    if (!target?.upgrade || path === null) return void socket.destroy()
    target.upgrade(req, socket, head, path)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: async () => {
      server.closeAllConnections()
      for (const socket of upgraded) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
