// A throw-away PostgreSQL cluster built with the stack's own database code (initdb, bootstrap), on a port of our
// choosing: for developing the REST service and for the REST benchmark, away from the ports of `npm start`.
// Run directly (`tsx scratch-cluster.ts <dir> <port>`) it stays up until Ctrl-C, then removes its folder.
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { applyBootstrap } from '../../db/bootstrap.ts'
import { Cluster } from '../../db/cluster.ts'

export interface ScratchCluster {
  url: string
  /** The server itself, for tests that stop and start it under a running service (its data stays). */
  cluster: Cluster
  stop(): Promise<void>
}

/** Resolves when nothing listens on the port; otherwise PostgreSQL would fail and we would reach someone else's. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', () => reject(new Error(`port ${port} is in use: pick another for the scratch cluster`)))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
  })
}

/** A port nothing listens on, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export async function startScratchCluster(dir: string, port: number): Promise<ScratchCluster> {
  await assertPortFree(port)
  rmSync(dir, { recursive: true, force: true })
  const cluster = new Cluster({ dir, port, durable: false })
  await cluster.init()
  await cluster.start()
  try {
    await applyBootstrap(cluster.adminUrl(), path.join(dir, 'bootstrap.sha256'))
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return {
    url: cluster.adminUrl(),
    cluster,
    async stop() {
      await cluster.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = '/tmp/rest-dev', port] = process.argv.slice(2)
  const scratch = await startScratchCluster(dir, port === undefined ? await freePort() : Number(port))
  process.stdout.write(`scratch cluster up: ${scratch.url}\n`)
  const stop = () => void scratch.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
