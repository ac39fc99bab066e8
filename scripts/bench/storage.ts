// `npm run bench -- storage`: 100 MiB through the Storage service, via supabase-js, on a throw-away database: a raw
// streamed upload, a multipart (Blob) upload and a download. For each: throughput, and how far the service's
// resident memory grew above its level before the transfer (target: an upload grows it by ≤ 64 MB).
import { fork, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import { serviceRoleKey } from '../local-stack/keys/index.ts'
import { startBenchCluster } from './storage-cluster.ts'
import { NoWebSocket } from '../local-stack/testing/no-websocket.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const size = Number(process.env.BENCH_MIB ?? 100) * 1024 * 1024
const targetGrowth = 64 * 1000 * 1000
const scratch = path.join(os.tmpdir(), `summit-bench-storage-${process.pid}`)

interface Report {
  type: string
  port?: number
  baseline?: number
  peak?: number
}

function ask(server: ChildProcess, type: string, answer: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Report) => {
      if (message.type !== answer) return
      server.off('message', onMessage)
      resolve(message)
    }
    server.on('message', onMessage)
    server.once('exit', (code) => reject(new Error(`storage server exited (${code})`)))
    if (type) server.send({ type })
  })
}

/** 100 MiB of a repeated 1 MiB pattern, generated as it is read: the client holds nothing. */
function pattern(): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 'summit ')
  let left = size
  return new Readable({
    read() {
      const next = Math.min(chunk.length, left)
      left -= next
      this.push(next > 0 ? chunk.subarray(0, next) : null)
    },
  })
}

async function measure(server: ChildProcess, work: () => Promise<void>) {
  await ask(server, 'mark', 'marked')
  const started = performance.now()
  await work()
  const seconds = (performance.now() - started) / 1000
  const { baseline, peak } = await ask(server, 'report', 'report')
  return { mibPerSecond: size / 1024 / 1024 / seconds, growth: peak! - baseline!, seconds }
}

const port = Number(process.env.BENCH_DB_PORT ?? 55481)
const db = await startBenchCluster(path.join(scratch, 'db'), port)
let server: ChildProcess | undefined
try {
  server = fork(path.join(here, 'storage-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB_URL: db.url, BENCH_DATA_DIR: path.join(scratch, 'data') },
  })
  const { port: apiPort } = await ask(server, '', 'ready')
  const supabase = createClient(`http://127.0.0.1:${apiPort}`, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as never },
  })
  const files = supabase.storage.from('bench')
  const check = ({ error }: { error: Error | null }) => {
    if (error) throw error
  }
  process.stdout.write(`Storage benchmark: ${os.cpus().length} CPUs, ${size / 1024 / 1024} MiB per transfer\n`)
  // Warm-up: the first request of each kind loads code and opens pool connections.
  check(await files.upload('warm.bin', Buffer.alloc(1024), { upsert: true }))
  check(await files.upload('warm-form.bin', new Blob([Buffer.alloc(1024)]), { upsert: true }))
  await (await files.download('warm.bin')).data?.arrayBuffer()

  const raw = await measure(server, async () =>
    check(await files.upload('raw.bin', pattern(), { contentType: 'application/octet-stream', upsert: true })),
  )
  const blob = new Blob([Buffer.alloc(size, 'summit ')], { type: 'application/octet-stream' })
  const form = await measure(server, async () => check(await files.upload('form.bin', blob, { upsert: true })))
  const download = await measure(server, async () => {
    const { data, error } = await files.download('raw.bin', undefined)
    if (error) throw error
    if (data.size !== size) throw new Error(`downloaded ${data.size} bytes, expected ${size}`)
  })

  const mb = (bytes: number) => `${(bytes / 1000 / 1000).toFixed(1)} MB`
  const verdict = (growth: number) => (growth <= targetGrowth ? 'met' : 'MISSED')
  const line = (name: string, r: { mibPerSecond: number; growth: number; seconds: number }, target: boolean) =>
    `  ${name.padEnd(26)} ${r.mibPerSecond.toFixed(0).padStart(5)} MiB/s  (${r.seconds.toFixed(2)} s)   RSS +${mb(r.growth)}` +
    (target ? `   target ≤ 64 MB: ${verdict(r.growth)}` : '')
  process.stdout.write(
    [
      '',
      line('upload, raw stream', raw, true),
      line('upload, multipart (Blob)', form, true),
      line('download', download, false),
      '',
    ].join('\n'),
  )
  server.send({ type: 'stop' })
  await new Promise((resolve) => server!.once('exit', resolve))
  if (raw.growth > targetGrowth || form.growth > targetGrowth) process.exitCode = 1
} finally {
  if (server && server.exitCode === null) server.kill()
  await db.stop()
  rmSync(scratch, { recursive: true, force: true })
}
