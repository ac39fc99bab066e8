// The edge runtime's own answers around a function: verify_jwt refusals, relay errors (boot, crash, timeout) and
// what is not a function; plus how workers are shared between requests and functions.
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey, serviceRoleKey } from '../../keys/index.ts'
import { signHs256 } from '../../keys/jwt.ts'
import { startHarness, type Harness } from '../testing/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
})

afterAll(async () => {
  await h?.stop()
})

const relayBody = (code: string, message: string) => ({ code, message })

describe('verify_jwt', () => {
  const unauthorized = async (response: Response, msg: string) => {
    expect(response.status).toBe(401)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('x-relay-error')).toBeNull()
    expect(await response.json()).toEqual({ msg })
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const now = () => Math.floor(Date.now() / 1000)

  it('refuses a request without Authorization', async () => {
    const response = await fetch(h.endpoint('/echo'), { method: 'POST' })
    await unauthorized(response, 'Error: Missing authorization header')
  })

  it('refuses an Authorization that is not a Bearer token', async () => {
    await unauthorized(
      await h.call('/echo', { headers: { authorization: anonKey } }),
      "Error: Auth header is not 'Bearer {token}'",
    )
  })

  it('refuses a token that is not a JWT, with the error text', async () => {
    const msg = 'TypeError: Invalid Token or Protected Header formatting'
    await unauthorized(await h.call('/echo', { headers: bearer('not-a-jwt') }), msg)
    await unauthorized(await h.call('/echo', { headers: { authorization: 'Bearer' } }), msg)
  })

  it('refuses a forged, an expired and an unsigned JWT as Invalid JWT', async () => {
    const [header, payload] = anonKey.split('.')
    const forged = `${header}.${payload}.${Buffer.from('forged signature').toString('base64url')}`
    const expired = signHs256({ role: 'authenticated', sub: 'u1', exp: now() - 10 })
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`
    for (const token of [forged, expired, none]) {
      await unauthorized(await h.call('/echo', { headers: bearer(token) }), 'Invalid JWT')
    }
  })

  it('surfaces a refusal in supabase-js as a FunctionsHttpError with status 401', async () => {
    const expired = signHs256({ role: 'authenticated', sub: 'u1', exp: now() - 10 })
    const { error } = await h.client.functions.invoke('echo', { headers: bearer(expired), body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect((error as FunctionsHttpError).context.status).toBe(401)
  })

  it('accepts the anon key, the service role key and a user JWT', async () => {
    const user = signHs256({ role: 'authenticated', sub: 'user-1', aal: 'aal1', exp: now() + 3600 })
    for (const token of [anonKey, serviceRoleKey, user]) {
      const response = await h.call('/echo', { headers: bearer(token), body: 'ok' })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('ok')
    }
  })

  it('lets a CORS preflight through without a JWT, as the main service does', async () => {
    const response = await fetch(h.endpoint('/echo'), { method: 'OPTIONS' })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-echo-method')).toBe('OPTIONS')
  })

  it('lets any request through to a function with verify_jwt = false', async () => {
    const response = await fetch(h.endpoint('/open'), { method: 'POST' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ open: true, authorization: null })
  })
})

describe('relay errors and the worker lifecycle', () => {
  it('answers a handler that throws with 500 WORKER_ERROR and the relay header; the worker lives on', async () => {
    const before = await h.call('/throws?fine')
    const { pid } = (await before.json()) as { pid: number }
    const { data, error } = await h.client.functions.invoke('throws', { body: {} })
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsRelayError)
    const response = (error as FunctionsRelayError).context as Response
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual(
      relayBody('WORKER_ERROR', 'Function exited due to an error (please check logs)'),
    )
    expect(h.logs.some((line) => line.startsWith('[throws] Error: boom'))).toBe(true)
    const after = await h.call('/throws?fine')
    expect(await after.json()).toEqual({ fine: true, pid })
  })

  it('answers a function that kills its own process with 500 WORKER_ERROR, then boots a new worker', async () => {
    const response = await h.call('/crash')
    expect(response.status).toBe(500)
    expect(response.headers.get('x-relay-error')).toBe('true')
    const after = await h.call('/crash?fine')
    expect(after.status).toBe(200)
  })

  it('answers a function that cannot load with 503 BOOT_ERROR', async () => {
    const { error } = await h.client.functions.invoke('boot-error')
    expect(error).toBeInstanceOf(FunctionsRelayError)
    const response = (error as FunctionsRelayError).context as Response
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual(relayBody('BOOT_ERROR', 'Worker failed to boot (please check logs)'))
    expect(h.logs.some((line) => line.includes('this function cannot boot'))).toBe(true)
  })

  it('answers a request past the wall-clock limit with 546 WORKER_LIMIT and restarts the worker', async () => {
    const first = (await (await h.call('/hangs?fine')).json()) as { pid: number }
    const started = Date.now()
    const response = await h.call('/hangs')
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900)
    expect(response.status).toBe(546)
    expect(response.headers.get('x-relay-error')).toBe('true')
    expect(await response.json()).toEqual(
      relayBody('WORKER_LIMIT', 'Worker failed to respond due to a resource limit (please check logs)'),
    )
    const second = (await (await h.call('/hangs?fine')).json()) as { pid: number }
    expect(second.pid).not.toBe(first.pid)
  })

  it('serves concurrent requests to one function from one warm worker', async () => {
    await h.call('/slow?ms=0')
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => (await (await h.call('/slow?ms=300')).json()) as { pid: number }),
    )
    expect(Date.now() - started).toBeLessThan(1_200)
    expect(new Set(answers.map((a) => a.pid)).size).toBe(1)
  })

  it('runs each function in its own worker', async () => {
    const slow = (await (await h.call('/slow?ms=0')).json()) as { pid: number }
    const throws = (await (await h.call('/throws?fine')).json()) as { pid: number }
    expect(slow.pid).not.toBe(throws.pid)
  })
})

describe('what is not a function', () => {
  const notFound = async (response: Response) => {
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('Function not found')
  }

  it('answers an unknown function with the main service 404', async () => {
    await notFound(await h.call('/no-such-function'))
    const { error } = await h.client.functions.invoke('no-such-function')
    expect(error).toBeInstanceOf(FunctionsHttpError)
  })

  it('never serves _shared, a disabled function, or a path without a name', async () => {
    for (const path of ['/_shared', '/_shared/greeting.ts', '/disabled', '/', '//echo', '/..%2F..%2Fetc', '/echo%00']) {
      await notFound(await h.call(path))
    }
  })

  it('treats names of Object.prototype members as unknown functions, with or without a JWT', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      await notFound(await h.call(`/${name}`))
      await notFound(await fetch(h.endpoint(`/${name}`), { method: 'POST' }))
    }
  })

  it('answers a function declared in config.toml without a folder with 503 BOOT_ERROR', async () => {
    const response = await h.call('/ghost')
    expect(response.status).toBe(503)
    expect(response.headers.get('x-relay-error')).toBe('true')
  })
})
