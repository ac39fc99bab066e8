// One function's Deno process: started on demand, ready once worker-main.ts reports its port, kept warm between
// requests, and killed when it times out, when its sources change (after its last request) or when the stack stops.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { denoArgs } from './deno.ts'
import { readyMarker } from './protocol.ts'

export class BootError extends Error {}

export type KillReason = 'limit' | 'retired' | 'stopped'

export interface WorkerOptions {
  name: string
  /** The state of the sources this worker was started from (see sources.ts). */
  fingerprint: string
  functionsDir: string
  deno: string
  env: Record<string, string>
  /** Variables in `env` that only Deno needs: the bootstrap removes them before the function loads. */
  hiddenEnv: string[]
  bootTimeoutMs: number
  log: (line: string) => void
}

export class FunctionWorker {
  readonly name: string
  readonly fingerprint: string
  /** The loopback port of the function's server; rejects with a BootError. */
  readonly ready: Promise<number>
  readonly exited: Promise<void>
  hasExited = false
  booted = false
  killReason: KillReason | undefined
  private inflight = 0
  private retiring = false
  private readonly child: ChildProcess

  constructor(options: WorkerOptions) {
    this.name = options.name
    this.fingerprint = options.fingerprint
    const { functionsDir, name } = options
    this.child = spawn(options.deno, denoArgs(functionsDir, name, options.hiddenEnv), {
      // The project root, as for `supabase functions serve`.
      cwd: path.resolve(functionsDir, '..', '..'),
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.exited = new Promise((resolve) =>
      this.child.once('exit', () => {
        this.hasExited = true
        resolve()
      }),
    )
    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new BootError(`${name} did not boot within ${options.bootTimeoutMs} ms`))
        this.kill('limit')
      }, options.bootTimeoutMs)
      const prefix = `[${name}] `
      forEachLine(this.child.stdout, (line) => {
        if (!line.startsWith(readyMarker)) return options.log(prefix + line)
        clearTimeout(timer)
        this.booted = true
        resolve((JSON.parse(line.slice(readyMarker.length)) as { port: number }).port)
      })
      forEachLine(this.child.stderr, (line) => options.log(prefix + line))
      this.child.once('error', (error) => {
        clearTimeout(timer)
        reject(new BootError(`${name}: could not start Deno: ${error.message}`))
      })
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new BootError(`${name} exited while booting (${signal ?? `code ${code}`})`))
      })
    })
    // A boot failure is answered by whoever awaits `ready`; this only keeps Node from calling it unhandled.
    this.ready.catch(() => {})
    // The pipe is the worker's lifeline (see worker-main.ts); errors on it only mean the worker is gone.
    this.child.stdin?.on('error', () => {})
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  /** Counts a request in; the returned function counts it out. */
  enter(): () => void {
    this.inflight++
    let done = false
    return () => {
      if (done) return
      done = true
      this.inflight--
      if (this.retiring && this.inflight === 0) this.kill('retired')
    }
  }

  /** Stops taking requests: killed now if idle, else after its last request. */
  retire(): void {
    this.retiring = true
    if (this.inflight === 0) this.kill('retired')
  }

  kill(reason: KillReason): void {
    if (this.hasExited) return
    this.killReason ??= reason
    this.child.kill('SIGKILL')
  }
}

function forEachLine(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) onLine(line.replace(/\r$/, ''))
  })
  stream.on('end', () => {
    if (pending) onLine(pending)
  })
}
