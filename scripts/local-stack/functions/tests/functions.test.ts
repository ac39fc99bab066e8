// Invoking functions through supabase-js and raw HTTP, against real Deno workers serving testing/fixtures/: bodies,
// requests and streams pass through intact, and the function sees the environment of the edge runtime.
// One harness per file: workers stay warm from test to test, as they do in the stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey, publishableKey, secretKey, serviceRoleKey } from '../../keys/index.ts'
import { networkVariables } from '../deno.ts'
import { startHarness, type Harness } from '../testing/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.stop()
})

describe('invoking a function through supabase-js', () => {
  it('echoes a JSON body as JSON', async () => {
    const { data, error } = await h.client.functions.invoke('echo', { body: { name: 'Ada', tags: ['x', 1] } })
    expect(error).toBeNull()
    expect(data).toEqual({ name: 'Ada', tags: ['x', 1] })
  })

  it('echoes a text body as text', async () => {
    const { data, error } = await h.client.functions.invoke('echo', { body: 'plain text, ünïcode' })
    expect(error).toBeNull()
    expect(data).toBe('plain text, ünïcode')
  })

  it('echoes a binary body byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256)
    const { data, error } = await h.client.functions.invoke<Blob>('echo', {
      body: new Blob([bytes], { type: 'application/octet-stream' }),
    })
    expect(error).toBeNull()
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(bytes)
  })

  it('echoes a multipart FormData body field by field', async () => {
    const form = new FormData()
    form.append('title', 'Lesson 1')
    form.append('file', new Blob(['file content'], { type: 'text/plain' }), 'notes.txt')
    const { data, error } = await h.client.functions.invoke<FormData>('echo', { body: form })
    expect(error).toBeNull()
    expect((data as FormData).get('title')).toBe('Lesson 1')
    const file = (data as FormData).get('file') as File
    expect(file.name).toBe('notes.txt')
    expect(await file.text()).toBe('file content')
  })

  it('passes method, sub-path, query and the caller headers to the function', async () => {
    const response = await h.call('/echo/nested/path?course=7&q=a%20b', { method: 'PUT', body: 'x' })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-echo-method')).toBe('PUT')
    expect(response.headers.get('x-echo-path')).toBe('/echo/nested/path?course=7&q=a%20b')
    expect(response.headers.get('x-echo-authorization')).toBe(`Bearer ${anonKey}`)
    expect(response.headers.get('x-echo-apikey')).toBe(anonKey)
    const get = await h.call('/echo?x=1', { method: 'GET' })
    expect(get.headers.get('x-echo-method')).toBe('GET')
  })

  it('serves a function written as `export default { fetch }`', async () => {
    const { data, error } = await h.client.functions.invoke('default-export', { method: 'PATCH' })
    expect(error).toBeNull()
    expect(data).toEqual({ style: 'default export', method: 'PATCH' })
  })

  it('streams a response: the first event arrives before the function has produced the last', async () => {
    const response = await h.call('/stream')
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    const firstSeenAt = Date.now()
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value)
    }
    expect(new TextDecoder().decode(first.value)).toContain('"n":0')
    const last = JSON.parse(/data: (\{"n":2.*\})/.exec(rest)?.[1] ?? '{}') as { at: number }
    expect(last.at).toBeGreaterThan(firstSeenAt)
  })
})

describe('the function environment', () => {
  let env: Record<string, string>
  let cwd: string

  beforeAll(async () => {
    const { data } = await h.client.functions.invoke<{ env: Record<string, string>; cwd: string }>('env')
    env = data?.env ?? {}
    cwd = data?.cwd ?? ''
  })

  it('has the platform variables of supabase functions serve', () => {
    expect(env.SUPABASE_URL).toBe('http://127.0.0.1:54321')
    expect(env.SUPABASE_ANON_KEY).toBe(anonKey)
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe(serviceRoleKey)
    expect(env.SUPABASE_DB_URL).toBe('postgresql://postgres:postgres@127.0.0.1:54322/postgres')
    expect(JSON.parse(env.SUPABASE_PUBLISHABLE_KEYS ?? '{}')).toEqual({ default: publishableKey })
    expect(JSON.parse(env.SUPABASE_SECRET_KEYS ?? '{}')).toEqual({ default: secretKey })
    expect(JSON.parse(env.SUPABASE_JWKS ?? '{}')).toEqual({ keys: [{ kty: 'oct', k: expect.any(String) }] })
  })

  it('has the values of supabase/functions/.env, parsed as the CLI parses them', () => {
    expect(env.GREETING).toBe('hello from .env')
    expect(env.EXPORTED).toBe('literal ${GREETING}')
    expect(env.EXPANDED).toBe('hello from .env, expanded')
    expect(env.MULTILINE).toBe('line one\nline two')
    expect(env.INLINE).toBe('value')
  })

  it('keeps SUPABASE_ names from .env out, with a warning, as the CLI does', () => {
    expect(env.SUPABASE_URL).not.toBe('http://reserved.invalid')
    expect(h.logs).toContain('Env name cannot start with SUPABASE_, skipping: SUPABASE_URL')
  })

  it('carries nothing else of the parent process, not even HOME, PATH or DENO_DIR', () => {
    const expected = [
      'SUPABASE_URL',
      'SUPABASE_ANON_KEY',
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_DB_URL',
      'SUPABASE_PUBLISHABLE_KEYS',
      'SUPABASE_SECRET_KEYS',
      'SUPABASE_JWKS',
      'GREETING',
      'EXPORTED',
      'EXPANDED',
      'MULTILINE',
      'INLINE',
    ]
    // Proxies and certificate authorities are this machine's network settings: they stay, when set.
    const network = Object.keys(env).filter((name) => networkVariables.includes(name))
    expect(network.sort()).toEqual(networkVariables.filter((name) => process.env[name] !== undefined).sort())
    expect(
      Object.keys(env)
        .filter((name) => !networkVariables.includes(name))
        .sort(),
    ).toEqual(expected.sort())
  })

  it('runs in the project root, as the CLI does', () => {
    expect(cwd).toBe(h.dir)
  })
})
