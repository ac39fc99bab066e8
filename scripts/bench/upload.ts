// `npm run bench -- upload`: a 500 MiB resumable (TUS) upload through the Storage service, with tus-js-client in
// 6 MiB chunks as Supabase's docs configure it, on a throw-away database: once straight through (throughput, and how
// far the service's resident memory grew: target ≤ 64 MB), once cut mid-PATCH at about 40 % and resumed (target:
// uploading again ≤ 1 s after the cut). `BENCH_MIB` changes the size, `BENCH_DB_PORT` the database port.
import { fork, type ChildProcess } from 'node:child_process'
import { createReadStream, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serviceRoleKey } from '../local-stack/keys/index.ts'
import { startBenchCluster } from './storage-cluster.ts'
import { ask } from './upload-ipc.ts'
import { resumeAfterCut, straightUpload, type Endpoint } from './upload-runs.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const size = Number(process.env.BENCH_MIB ?? 500) * 1024 * 1024
const targetGrowth = 64 * 1000 * 1000
const targetResumeMs = 1000
const scratch = path.join(os.tmpdir(), `summit-bench-upload-${process.pid}`)

/** The file to upload, written once in 1 MiB pieces: tus-js-client reads its chunks from disk, holding one. */
function writeSource(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const piece = Buffer.alloc(1024 * 1024)
  writeFileSync(file, '')
  for (let written = 0; written < size; written += piece.length) {
    piece.fill(written % 251)
    writeFileSync(file, piece.subarray(0, Math.min(piece.length, size - written)), { flag: 'a' })
  }
}

const port = Number(process.env.BENCH_DB_PORT ?? 55482)
const db = await startBenchCluster(path.join(scratch, 'db'), port)
let server: ChildProcess | undefined
try {
  const source = path.join(scratch, 'source.bin')
  writeSource(source)
  server = fork(path.join(here, 'storage-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DB_URL: db.url, BENCH_DATA_DIR: path.join(scratch, 'data') },
  })
  const { port: apiPort } = await ask(server, '', 'ready')
  const endpoint: Endpoint = {
    url: `http://127.0.0.1:${apiPort}/storage/v1/upload/resumable`,
    token: serviceRoleKey,
    bucket: 'bench',
    open: () => createReadStream(source),
    size,
  }
  process.stdout.write(
    `Upload benchmark: ${os.cpus().length} CPUs, ${size / 1024 / 1024} MiB over TUS in 6 MiB chunks\n`,
  )
  // Warm-up: the first upload loads code and opens pool connections.
  await straightUpload({ ...endpoint, size: 1024, open: () => createReadStream(source, { end: 1023 }) }, 'warm.bin')

  await ask(server, 'mark', 'marked')
  const straight = await straightUpload(endpoint, 'straight.bin')
  const first = await ask(server, 'report', 'report')
  await ask(server, 'mark', 'marked')
  const resumed = await resumeAfterCut(endpoint, 'resumed.bin', 0.4)
  const second = await ask(server, 'report', 'report')

  const mb = (bytes: number) => `${(bytes / 1000 / 1000).toFixed(1)} MB`
  const growth = Math.max(first.peak! - first.baseline!, second.peak! - second.baseline!)
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED')
  const mibPerSecond = (ms: number) => (size / 1024 / 1024 / (ms / 1000)).toFixed(0)
  process.stdout.write(
    [
      '',
      `  straight through          ${mibPerSecond(straight.ms).padStart(5)} MiB/s  (${(straight.ms / 1000).toFixed(2)} s, ${straight.patches} PATCHes)`,
      `  cut at ${(resumed.cutAt / 1024 / 1024).toFixed(0)} MiB, resumed   ${mibPerSecond(resumed.ms).padStart(5)} MiB/s  (${(resumed.ms / 1000).toFixed(2)} s in all)`,
      `  resume: offset known     ${resumed.offsetMs.toFixed(0).padStart(5)} ms after the cut (server kept ${(resumed.kept / 1024 / 1024).toFixed(1)} MiB)`,
      `  resume: uploading again  ${resumed.flowingMs.toFixed(0).padStart(5)} ms after the cut   target ≤ ${targetResumeMs} ms: ${verdict(resumed.flowingMs <= targetResumeMs)}`,
      `  service RSS growth       +${mb(growth)}   target ≤ 64 MB: ${verdict(growth <= targetGrowth)}` +
        `  (straight +${mb(first.peak! - first.baseline!)}, resumed +${mb(second.peak! - second.baseline!)})`,
      '',
    ].join('\n'),
  )
  server.send({ type: 'stop' })
  await new Promise((resolve) => server!.once('exit', resolve))
  if (growth > targetGrowth || resumed.flowingMs > targetResumeMs) process.exitCode = 1
} finally {
  if (server && server.exitCode === null) server.kill()
  await db.stop()
  rmSync(scratch, { recursive: true, force: true })
}
