// The edge functions service, mounted by the gateway at /functions/v1: each folder of supabase/functions (not
// `_shared`) runs in its own warm Deno process (worker.ts) with the edge runtime's environment, verify_jwt from
// config.toml, its relay errors on boot failures, crashes and timeouts, and edits picked up on the next request.
import { mkdirSync } from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import path from 'node:path'
import type { StackConfig } from '../config/index.ts'
import type { Service } from '../http/service.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import { stackDir, supabaseDir } from '../paths.ts'
import { resolveDenoBinary, runtimeEnv } from './deno.ts'
import { functionEnv } from './environment.ts'
import { forward } from './proxy.ts'
import { functionNotFound, relayError, send, unauthorized, type EdgeAnswer } from './responses.ts'
import { isFunctionName, trackSources } from './sources.ts'
import { forwardUpgrade, refuseUpgrade } from './upgrade.ts'
import { verifyFunctionJwt } from './verify-jwt.ts'
import { FunctionWorker } from './worker.ts'

export interface FunctionsServiceOptions {
  config: StackConfig
  /** SUPABASE_URL for the functions: the gateway, reachable from the Deno processes. */
  apiUrl: string
  dbUrl: string
  keys: JwtKeys
  /** Defaults to the repo's supabase/functions. */
  functionsDir?: string
  /** Function output and boot failures, one line at a time. */
  log?: (line: string) => void
  /** How long one request may take: the CLI's worker wall-clock limit (400 s); past it, 546 WORKER_LIMIT. */
  wallClockLimitMs?: number
  /** How long a worker may take to load its function (npm packages are fetched on the first boot). */
  bootTimeoutMs?: number
  /** Deno's cache (npm packages, transpiled modules); defaults to the git-ignored .local-stack/deno. */
  denoDir?: string
  /** The inbox's SMTP listener, given to functions as SMTP_HOST and SMTP_PORT (see environment.ts). */
  smtp?: { host: string; port: number }
}

export function createFunctionsService(options: FunctionsServiceOptions): Service {
  const functionsDir = path.resolve(options.functionsDir ?? path.join(supabaseDir, 'functions'))
  const denoDir = path.resolve(options.denoDir ?? path.join(stackDir, 'deno'))
  const wallClockLimitMs = options.wallClockLimitMs ?? 400_000
  const bootTimeoutMs = options.bootTimeoutMs ?? 120_000
  const log = options.log ?? (() => {})
  const warned = new Set<string>()
  const warnOnce = (line: string) => {
    if (!warned.has(line)) log(line)
    warned.add(line)
  }
  const agent = new http.Agent({ keepAlive: true })
  /** The worker that takes new requests, per function. */
  const current = new Map<string, FunctionWorker>()
  /** Every live process, retiring ones included. */
  const live = new Set<FunctionWorker>()
  const sources = trackSources(functionsDir)
  let deno: string | undefined
  let stopped = false
  const killAll = () => live.forEach((worker) => worker.kill('stopped'))

  function prepare(): string {
    if (deno) return deno
    mkdirSync(denoDir, { recursive: true })
    deno = resolveDenoBinary()
    // Workers also exit when their stdin closes (worker-main.ts); this covers a parent that exits normally.
    process.on('exit', killAll)
    return deno
  }

  function workerFor(name: string, fingerprint: string): FunctionWorker {
    const existing = current.get(name)
    if (existing && !existing.hasExited && existing.fingerprint === fingerprint) return existing
    existing?.retire()
    const { env, hidden } = runtimeEnv(denoDir)
    const worker = new FunctionWorker({
      name,
      fingerprint,
      functionsDir,
      deno: prepare(),
      env: { ...functionEnv(functionsDir, options, warnOnce), ...env },
      hiddenEnv: hidden,
      bootTimeoutMs,
      log,
    })
    current.set(name, worker)
    live.add(worker)
    void worker.exited.then(() => {
      live.delete(worker)
      if (current.get(name) === worker) current.delete(name)
      if (worker.booted && !worker.killReason) log(`[${name}] worker exited; the next request starts a new one`)
    })
    return worker
  }

  /** The edge runtime's checks before a function runs: its answer, or the function and the state of its sources. */
  async function admit(
    req: IncomingMessage,
    requestPath: string,
  ): Promise<{ answer: EdgeAnswer } | { name: string; fingerprint: string }> {
    const name = requestPath.split('?')[0]?.split('/')[1] ?? ''
    if (!isFunctionName(name)) return { answer: functionNotFound() }
    // Own keys only: `constructor` or `toString` must not pass for a function declared in config.toml.
    const declared = options.config.functions
    const settings = Object.hasOwn(declared, name) ? declared[name] : undefined
    if (settings?.enabled === false) return { answer: functionNotFound() }
    const { exists, fingerprint } = await sources(name)
    if (!exists && !settings) return { answer: functionNotFound() }
    if (req.method !== 'OPTIONS' && (settings?.verifyJwt ?? true)) {
      const check = await verifyFunctionJwt(req.headers.authorization, options.keys)
      if (!check.ok) return { answer: unauthorized(check.msg) }
    }
    // Declared in config.toml without a folder: the CLI serves it, and it fails to boot.
    return exists && !stopped ? { name, fingerprint } : { answer: relayError('boot') }
  }

  /**
   * What an HTTP request and an upgrade share: admission, then the function's worker, booted if need be. A booted
   * request is counted in (`leave` counts it out); anything else comes back as the answer to give.
   */
  async function boot(
    req: IncomingMessage,
    requestPath: string,
  ): Promise<{ answer: EdgeAnswer } | { name: string; worker: FunctionWorker; port: number; leave: () => void }> {
    const admitted = await admit(req, requestPath)
    if ('answer' in admitted) return admitted
    const worker = workerFor(admitted.name, admitted.fingerprint)
    const leave = worker.enter()
    try {
      return { name: admitted.name, worker, port: await worker.ready, leave }
    } catch (error) {
      leave()
      log(`[${admitted.name}] ${(error as Error).message}`)
      return { answer: relayError('boot') }
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse, requestPath: string): Promise<void> {
    const booted = await boot(req, requestPath)
    if ('answer' in booted) return send(res, booted.answer)
    const { name, worker, port, leave } = booted
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      log(`[${name}] request exceeded the wall-clock limit of ${wallClockLimitMs} ms: worker restarted`)
      worker.kill('limit')
      send(res, relayError('limit'))
    }, wallClockLimitMs)
    const outcome = await forward(req, res, requestPath, port, agent)
    clearTimeout(timer)
    leave()
    if (outcome !== 'failed' || timedOut) return
    // The worker broke off an answer: most likely it is dying. New requests go to a fresh one.
    if (current.get(name) === worker) current.delete(name)
    worker.retire()
    send(res, relayError(worker.killReason === 'limit' ? 'limit' : 'worker'))
  }

  async function join(req: IncomingMessage, socket: Duplex, head: Buffer, requestPath: string): Promise<void> {
    // The client may leave at any time, even while its function boots; an error on its socket only means that.
    socket.on('error', () => {})
    const booted = await boot(req, requestPath)
    if ('answer' in booted) return refuseUpgrade(socket, booted.answer)
    const { port, leave } = booted
    // Gone while the worker booted: its socket has closed already, and no close event is left to count it out.
    if (socket.destroyed) return leave()
    forwardUpgrade(req, socket, head, requestPath, port, leave)
  }

  /** Whatever goes wrong on our side (Deno missing, a spawn refused) is a boot error, never a crash. */
  const failed = (error: unknown) => log(`functions: ${(error as Error).stack ?? String(error)}`)

  return {
    name: 'functions',
    handle: (req, res, requestPath) =>
      serve(req, res, requestPath).catch((error: unknown) => {
        failed(error)
        send(res, relayError('boot'))
      }),
    upgrade: (req, socket, head, requestPath) =>
      void join(req, socket, head, requestPath).catch((error: unknown) => {
        failed(error)
        refuseUpgrade(socket, relayError('boot'))
      }),
    async start() {
      prepare()
    },
    async stop() {
      stopped = true
      killAll()
      await Promise.all([...live].map((worker) => worker.exited))
      agent.destroy()
      process.off('exit', killAll)
    },
  }
}
