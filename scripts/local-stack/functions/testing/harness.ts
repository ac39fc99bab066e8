// Test harness of the functions service: a temporary copy of fixtures/ (so tests may edit it), the service
// behind a tiny HTTP server mounted at /functions/v1 as the gateway mounts it, and a supabase-js client for it.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { loadConfig } from '../../config/index.ts'
import { anonKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import type { Service } from '../../http/service.ts'
import { createFunctionsService } from '../index.ts'
import { sourcesRecheckMs } from '../sources.ts'
import { serveMounted } from '../../testing/serve-mounted.ts'

export const fixturesDir = path.join(import.meta.dirname, 'fixtures')
const mount = '/functions/v1'

export interface Harness {
  /** The temporary project root: supabase/functions/ holds the fixtures, with fixture.env as .env. */
  dir: string
  functionsDir: string
  /** Where the tiny gateway listens: what SUPABASE_URL would be. */
  url: string
  client: SupabaseClient
  service: Service
  logs: string[]
  /** The URL of a function path, e.g. endpoint('/echo?x=1'). */
  endpoint(pathAndQuery: string): string
  /** Raw HTTP POST against /functions/v1 with the anon key's headers (overridable through `init.headers`). */
  call(pathAndQuery: string, init?: RequestInit): Promise<Response>
  stop(): Promise<void>
}

export async function startHarness(options: { wallClockLimitMs?: number } = {}): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'summit-functions-'))
  const functionsDir = path.join(dir, 'supabase', 'functions')
  cpSync(path.join(fixturesDir, 'functions'), functionsDir, { recursive: true })
  cpSync(path.join(fixturesDir, 'fixture.env'), path.join(functionsDir, '.env'))
  const logs: string[] = []
  const service = createFunctionsService({
    config: loadConfig(path.join(fixturesDir, 'config.toml')),
    apiUrl: 'http://127.0.0.1:54321',
    dbUrl: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
    keys: new JwtKeys(),
    functionsDir,
    log: (line) => logs.push(line),
    wallClockLimitMs: options.wallClockLimitMs ?? 2_000,
  })
  await service.start?.()
  const mounted = await serveMounted(mount, service)
  const url = mounted.url
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket and these tests never open a channel: realtime gets a transport it never uses.
    realtime: { transport: class {} as never },
  })
  return {
    dir,
    functionsDir,
    url,
    client,
    service,
    logs,
    endpoint: (pathAndQuery) => `${url}${mount}${pathAndQuery}`,
    call: (pathAndQuery, init = {}) =>
      fetch(`${url}${mount}${pathAndQuery}`, {
        method: 'POST',
        ...init,
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, ...init.headers },
      }),
    async stop() {
      await service.stop?.()
      await mounted.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Waits until every check of the sources is newer than the edits made before the call (see sources.ts). */
export function afterSourcesRecheck(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, sourcesRecheckMs + 20))
}

/** Resolves once `condition()` holds, or after `timeoutMs`, whichever comes first. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
}

/** Processes whose command line mentions `text` (a harness's temporary folder names every worker it starts). */
export function processesMentioning(text: string): string[] {
  const table = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
  return table
    .split('\n')
    .filter((line) => line.includes(text) && line.includes('worker-main'))
    .map((line) => line.trim())
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
