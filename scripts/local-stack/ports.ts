// Checks that the stack's ports are free before it starts, and names the process that holds one when it is not.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import net from 'node:net'

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** "pid 123 (node vite)" for the process listening on a TCP port, as far as the OS lets us see it. */
export function describePortHolder(port: number): string {
  return fromProcFs(port) ?? fromLsof(port) ?? 'a process this user cannot see'
}

function fromProcFs(port: number): string | undefined {
  if (!existsSync('/proc/net/tcp')) return undefined
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      const local = fields[1]
      // State 0A is LISTEN; the port is the hex after the colon of the local address.
      if (local && fields[3] === '0A' && parseInt(local.split(':')[1] ?? '', 16) === port && fields[9]) {
        inodes.add(fields[9])
      }
    }
  }
  if (inodes.size === 0) return undefined
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      let link: string
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`)
      } catch {
        continue
      }
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1]
      if (inode && inodes.has(inode)) {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
        return `pid ${pid} (${cmd.length > 100 ? `${cmd.slice(0, 100)}…` : cmd})`
      }
    }
  }
  return undefined
}

function fromLsof(port: number): string | undefined {
  try {
    const out = execFileSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpc'], { encoding: 'utf8' })
    const pid = /^p(\d+)$/m.exec(out)?.[1]
    const cmd = /^c(.+)$/m.exec(out)?.[1]
    return pid ? `pid ${pid} (${cmd ?? 'unknown'})` : undefined
  } catch {
    return undefined
  }
}

export class PortsTakenError extends Error {
  constructor(readonly taken: { port: number; purpose: string; holder: string }[]) {
    super(
      [
        'These ports are already taken:',
        ...taken.map((t) => `  ${t.port} (${t.purpose}) is held by ${t.holder}`),
        'Stop whatever holds them (`npm run stack -- stop` if it is another Summit stack, `supabase stop` if it is',
        'the Docker stack) and try again.',
      ].join('\n'),
    )
  }
}

export async function assertPortsFree(ports: { port: number; purpose: string }[]): Promise<void> {
  const taken = []
  for (const { port, purpose } of ports) {
    if (!(await isPortFree(port))) taken.push({ port, purpose, holder: describePortHolder(port) })
  }
  if (taken.length > 0) throw new PortsTakenError(taken)
}

/**
 * The start preflight: a stack killed outright (its state file names a dead pid) leaves its PostgreSQL running on
 * this profile's data folder; that one is stopped, not reported as "ports taken". Anything else on a port refuses.
 */
export async function claimPorts(
  cluster: { stopOrphan(): Promise<boolean> },
  ports: { port: number; purpose: string }[],
): Promise<void> {
  await cluster.stopOrphan()
  await assertPortsFree(ports)
}
