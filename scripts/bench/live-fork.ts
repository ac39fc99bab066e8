// Starts live-server.ts (the local stack's Realtime service on a benchmark database) in its own process, for the
// live and progress benches: resolves with the process, its Realtime URL and the tenant samples it keeps sending.
import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TenantSample } from './live-server.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

export interface LiveServer {
  process: ChildProcess
  realtimeUrl: string
  /** Filled as the server reports (about once a second) until it exits. */
  samples: TenantSample[]
}

export async function forkLiveServer(dbUrl: string): Promise<LiveServer> {
  const samples: TenantSample[] = []
  const child = fork(path.join(here, 'live-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB_URL: dbUrl },
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { port?: number; sample?: TenantSample }) => {
      if (message.port) resolve(message.port)
      if (message.sample) samples.push(message.sample)
    })
    child.once('exit', (code) => reject(new Error(`the realtime server exited with ${code}`)))
  })
  return { process: child, realtimeUrl: `ws://127.0.0.1:${port}/realtime/v1`, samples }
}
