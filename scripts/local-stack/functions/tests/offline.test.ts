// Functions start offline: after the install step has filled a Deno cache (here a fresh one, from the repo's
// supabase/functions and its deno.lock), a new functions service whose Deno cannot reach any registry serves
// `enroll`. The block is proved under the same settings: a function importing a package the cache lacks fails to boot.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareFunctionDeps } from '../../../setup/deno-cache.ts'
import { loadConfig } from '../../config/index.ts'
import type { Service } from '../../http/service.ts'
import { anonKey } from '../../keys/index.ts'
import { JwtKeys } from '../../keys/jwt.ts'
import { supabaseDir } from '../../paths.ts'
import { serveMounted, type MountedServer } from '../../testing/serve-mounted.ts'
import { createFunctionsService } from '../index.ts'

const proxyVariables = ['HTTPS_PROXY', 'HTTP_PROXY', 'https_proxy', 'http_proxy', 'NO_PROXY', 'no_proxy'] as const

/** A loopback port nothing listens on: every connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('edge functions without network', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'summit-offline-'))
  const functionsDir = path.join(dir, 'supabase', 'functions')
  const denoDir = path.join(dir, 'deno-cache')
  const saved = Object.fromEntries(proxyVariables.map((name) => [name, process.env[name]]))
  const logs: string[] = []
  let service: Service
  let mounted: MountedServer

  beforeAll(async () => {
    cpSync(path.join(supabaseDir, 'functions'), functionsDir, { recursive: true })
    rmSync(path.join(functionsDir, '.env'), { force: true })
    // The install step, online, into an empty cache; frozen to the committed lock as on every machine.
    await prepareFunctionDeps({ functionsDir, denoDir })

    // Added after the cache was filled, so nothing of it is cached. Its own config has no lock, so the only thing
    // standing between it and its package is the network.
    mkdirSync(path.join(functionsDir, 'uncached'))
    writeFileSync(path.join(functionsDir, 'uncached', 'deno.json'), '{ "lock": false }\n')
    writeFileSync(
      path.join(functionsDir, 'uncached', 'index.ts'),
      "import isOdd from 'npm:is-odd@3.0.1'\nDeno.serve(() => new Response(String(isOdd(3))))\n",
    )

    // Deno fetches npm packages through HTTP(S)_PROXY when set: an unreachable proxy cuts it off from every
    // registry while the cache keeps its registry's name (pointing NPM_CONFIG_REGISTRY elsewhere would miss it).
    const proxy = `http://127.0.0.1:${await closedPort()}`
    for (const name of proxyVariables) delete process.env[name]
    process.env.HTTPS_PROXY = proxy
    process.env.HTTP_PROXY = proxy

    service = createFunctionsService({
      config: loadConfig(path.join(supabaseDir, 'config.toml')),
      apiUrl: 'http://127.0.0.1:54321',
      dbUrl: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      keys: new JwtKeys(),
      functionsDir,
      denoDir,
      log: (line) => logs.push(line),
      bootTimeoutMs: 60_000,
    })
    await service.start?.()
    mounted = await serveMounted('/functions/v1', service)
  }, 120_000)

  afterAll(async () => {
    await service?.stop?.()
    await mounted?.close()
    for (const name of proxyVariables) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
    rmSync(dir, { recursive: true, force: true })
  })

  const call = (name: string, method: string) =>
    fetch(`${mounted.url}/functions/v1/${name}`, {
      method,
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    })

  it('the install step filled the cache with the packages deno.lock records', () => {
    const cached = readdirSync(path.join(denoDir, 'npm', 'registry.npmjs.org'))
    expect(cached).toEqual(expect.arrayContaining(['@supabase', 'zod']))
    expect(cached).not.toContain('is-odd')
  })

  it('serves enroll: its whole module graph, supabase-js and zod included, loads from the cache', async () => {
    // A GET reaches the function's own method check, which runs only once every import has loaded.
    const response = await call('enroll', 'GET')
    const body = (await response.json()) as { error?: { code?: string } }
    const seen = { status: response.status, code: body.error?.code, relay: response.headers.get('x-relay-error') }
    expect(seen, logs.join('\n')).toEqual({
      status: 405,
      code: 'method_not_allowed',
      relay: null,
    })
  }, 90_000)

  it('the registry is out of reach: a package missing from the cache cannot be fetched', async () => {
    const response = await call('uncached', 'POST')
    expect(response.status).toBe(503)
    expect(response.headers.get('x-relay-error')).toBe('true')
    expect((await response.json()) as unknown).toMatchObject({ code: 'BOOT_ERROR' })
    const failure = logs.join('\n')
    expect(failure).toMatch(/is-odd/)
    expect(failure).toMatch(/error sending request|Connection refused|tcp connect error/i)
    expect(existsSync(path.join(denoDir, 'npm', 'registry.npmjs.org', 'is-odd', '3.0.1'))).toBe(false)
  }, 90_000)
})
