// A throw-away PostgreSQL cluster for the storage benchmark, built with the stack's own database code (initdb and
// the Supabase bootstrap) on a port away from `npm start`'s. stop() shuts it down and removes its folder.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { applyBootstrap } from '../local-stack/db/bootstrap.ts'
import { Cluster } from '../local-stack/db/cluster.ts'
import { isPortFree } from '../local-stack/ports.ts'

export interface BenchCluster {
  url: string
  stop(): Promise<void>
}

export async function startBenchCluster(dir: string, port: number): Promise<BenchCluster> {
  if (!(await isPortFree(port))) throw new Error(`port ${port} is in use: set BENCH_DB_PORT to a free one`)
  rmSync(dir, { recursive: true, force: true })
  const cluster = new Cluster({ dir, port, durable: false })
  await cluster.init()
  await cluster.start()
  const stop = async () => {
    await cluster.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await applyBootstrap(cluster.adminUrl(), path.join(dir, 'bootstrap.sha256'))
  } catch (error) {
    await stop()
    throw error
  }
  return { url: cluster.adminUrl(), stop }
}
