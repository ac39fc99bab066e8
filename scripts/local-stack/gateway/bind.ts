// Where the gateway listens. The local keys are public, so anything beyond loopback needs an explicit opt-in and
// gets a loud warning. One server per address, all on the same port (port 0 picks one free on every address).
import type { Server } from 'node:http'
import net from 'node:net'

export const defaultHosts = ['127.0.0.1', '::1']

export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true
  if (net.isIPv4(host)) return host.startsWith('127.')
  if (!net.isIPv6(host)) return false
  // The URL parser canonicalises IPv6 (0:0:0:0:0:0:0:1 → ::1, ::ffff:127.0.0.1 → ::ffff:7f00:1).
  const canonical = new URL(`http://[${host}]`).hostname
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}\]$/.exec(canonical)
  return canonical === '[::1]' || (mapped !== null && parseInt(mapped[1]!, 16) >> 8 === 127)
}

export class NonLoopbackBindError extends Error {
  constructor(hosts: string[]) {
    super(
      `Refusing to serve the API on ${hosts.join(', ')}: the local stack's keys are public, so anyone who can reach ` +
        'that address can read and change all its data. Pass --allow-non-loopback if that is really what you want.',
    )
  }
}

/** Throws unless every host is loopback or the caller opted in; returns the warning to show when it did. */
export function checkHosts(hosts: string[], allowNonLoopback = false): string | undefined {
  const exposed = hosts.filter((host) => !isLoopback(host))
  if (exposed.length === 0) return undefined
  if (!allowNonLoopback) throw new NonLoopbackBindError(exposed)
  return (
    `WARNING: the API gateway listens on ${exposed.join(', ')}, beyond this machine's loopback. The local keys ` +
    '(anon, service_role, sb_secret_…) are public: anyone who can reach it has full access to the data.'
  )
}

/**
 * The URL clients on this machine use: 127.0.0.1 whenever IPv4 loopback is served (as `supabase start` prints it),
 * else the first address.
 */
export function clientUrl(hosts: string[], port: number): string {
  const host = hosts.some((h) => h === '0.0.0.0' || (net.isIPv4(h) && isLoopback(h)))
    ? '127.0.0.1'
    : hosts.includes('::')
      ? '::1'
      : (hosts[0] ?? '127.0.0.1')
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen({ port, host, ipv6Only: net.isIPv6(host), exclusive: true }, () => {
      server.off('error', onError)
      resolve((server.address() as net.AddressInfo).port)
    })
  })
}

const close = (server: Server) =>
  new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))

/**
 * Listens on every host with the same port, one server each (`makeServer` builds them). IPv6 loopback is skipped,
 * with a note, on machines without IPv6. With port 0, a port that is free on the first host but taken on another
 * is retried with a new one.
 */
export async function listenOnAll(
  makeServer: () => Server,
  hosts: string[],
  port: number,
  note: (message: string) => void,
): Promise<{ servers: Server[]; port: number }> {
  for (let attempt = 0; ; attempt++) {
    const servers: Server[] = []
    let bound = port
    try {
      for (const host of hosts) {
        const server = makeServer()
        try {
          bound = await listen(server, bound, host)
          servers.push(server)
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code
          if (host === '::1' && (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT')) {
            note('IPv6 is not available on this machine: the API listens on IPv4 only.')
            continue
          }
          throw error
        }
      }
      if (servers.length === 0) throw new Error(`could not listen on any of ${hosts.join(', ')}`)
      return { servers, port: bound }
    } catch (error) {
      await Promise.all(servers.map(close))
      const retry = port === 0 && attempt < 5 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      if (!retry) throw error
    }
  }
}
