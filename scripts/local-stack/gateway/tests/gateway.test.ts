import { afterEach, describe, expect, it } from 'vitest'
import { anonKey, publishableKey, secretKey, serviceRoleKey } from '../../keys/index.ts'
import { JwtKeys, signHs256 } from '../../keys/jwt.ts'
import { allowedMethods } from '../cors.ts'
import { echoService, eventually, request, startGateway, type Started } from '../testing/doubles.ts'

const userJwt = signHs256({ sub: 'a1b2', role: 'authenticated', exp: 4102444800 })
const origin = 'http://127.0.0.1:5173'

let started: Started | undefined
afterEach(async () => {
  await started?.gateway.stop()
  started = undefined
})

async function withEchoServices(): Promise<Started> {
  started = await startGateway({
    services: { rest: echoService('rest'), auth: echoService('auth'), functions: echoService('functions') },
  })
  return started
}

describe('routing', () => {
  it('strips the mount prefix and keeps the query string', async () => {
    const { url } = await withEchoServices()
    const rest = await request(`${url}/rest/v1/courses?select=id,title&order=title.asc`)
    expect(rest.json()).toMatchObject({ service: 'rest', path: '/courses?select=id,title&order=title.asc' })
    const auth = await request(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' })
    expect(auth.json()).toMatchObject({ service: 'auth', method: 'POST', path: '/token?grant_type=password' })
    const fn = await request(`${url}/functions/v1/hello-world/extra`)
    expect(fn.json()).toMatchObject({ service: 'functions', path: '/hello-world/extra' })
  })

  it('answers an unknown route as Kong does: 404 "no Route matched with those values"', async () => {
    const { url } = await withEchoServices()
    const reply = await request(`${url}/nowhere`)
    expect(reply.status).toBe(404)
    expect(reply.json()).toEqual({ message: 'no Route matched with those values' })
  })

  it('answers a mount whose service is not in the stack with a 503 that says so', async () => {
    const { url } = await withEchoServices()
    const reply = await request(`${url}/storage/v1/bucket`, { headers: { origin } })
    expect(reply.status).toBe(503)
    expect(reply.json()).toEqual({ message: 'The storage service is not part of the local stack yet' })
    expect(reply.headers['access-control-allow-origin']).toBe('*')
  })

  it('logs one line per request: service, method, path, status and time', async () => {
    const { url, lines } = await withEchoServices()
    await request(`${url}/rest/v1/courses?select=id`)
    await request(`${url}/nowhere`)
    await eventually(() => lines.length >= 2)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^rest +GET \/rest\/v1\/courses\?select=id 200 \d+(\.\d)?ms$/)
    expect(lines[1]).toMatch(/^gateway +GET \/nowhere 404 \d+(\.\d)?ms$/)
  })
})

describe('key rules, as the service sees them', () => {
  const cases: [string, Record<string, string>, string | null][] = [
    [
      'the legacy anon JWT (supabase-js with the anon key)',
      { apikey: anonKey, authorization: `Bearer ${anonKey}` },
      `Bearer ${anonKey}`,
    ],
    [
      'the service_role JWT',
      { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
      `Bearer ${serviceRoleKey}`,
    ],
    ['a legacy JWT in apikey alone, copied as Kong copies it', { apikey: anonKey }, anonKey],
    ['sb_publishable_ in apikey → the anon JWT', { apikey: publishableKey }, `Bearer ${anonKey}`],
    ['sb_secret_ in apikey → the service_role JWT', { apikey: secretKey }, `Bearer ${serviceRoleKey}`],
    [
      '`Authorization: Bearer sb_publishable_…` dropped for the anon JWT',
      { apikey: publishableKey, authorization: `Bearer ${publishableKey}` },
      `Bearer ${anonKey}`,
    ],
    ['`Authorization: Bearer sb_…` with no apikey dropped entirely', { authorization: `Bearer ${secretKey}` }, null],
    ['a user JWT passed through', { apikey: publishableKey, authorization: `Bearer ${userJwt}` }, `Bearer ${userJwt}`],
    ['nothing at all → no Authorization (runs as anon)', {}, null],
  ]

  it.each(cases)('%s', async (_, headers, expected) => {
    const { url } = await withEchoServices()
    for (const mount of ['/rest/v1/courses', '/auth/v1/user', '/functions/v1/hello']) {
      const echo = (await request(`${url}${mount}`, { headers })).json()
      expect(echo.authorization, mount).toBe(expected)
      expect(echo.rawAuthorization, mount).toEqual(expected === null ? [] : [expected])
      expect(echo.apikey, mount).toBe(headers.apikey ?? null)
    }
  })

  it('never judges a token itself: expired and forged JWTs reach the service, whose answer reaches the client', async () => {
    const keys = new JwtKeys()
    started = await startGateway({
      services: {
        rest: {
          name: 'rest',
          async handle(req, res) {
            const check = await keys.verify((req.headers.authorization ?? '').replace(/^Bearer /, ''))
            if (check.ok) return void res.end('[]')
            res.writeHead(401, { 'Content-Type': 'application/json' })
            res.end(JSON.stringify({ code: 'PGRST301', message: check.message }))
          },
        },
      },
    })
    const expired = signHs256({ role: 'authenticated', exp: 1_000_000 })
    const forged = `${userJwt.slice(0, -4)}AAAA`
    for (const [token, message] of [
      [expired, 'JWT expired'],
      [forged, 'JWT cryptographic operation failed'],
    ]) {
      const reply = await request(`${started.url}/rest/v1/courses`, {
        headers: { origin, apikey: publishableKey, authorization: `Bearer ${token}` },
      })
      expect(reply.status).toBe(401)
      expect(reply.json()).toEqual({ code: 'PGRST301', message })
      expect(reply.headers['access-control-allow-origin']).toBe('*')
    }
  })

  it("leaves GoTrue's open routes (verify, callback, authorize) as they came, as Kong does", async () => {
    const { url } = await withEchoServices()
    const echo = (
      await request(`${url}/auth/v1/verify?token=t&type=signup`, { headers: { apikey: publishableKey } })
    ).json()
    expect(echo.authorization).toBeNull()
  })
})

describe('CORS', () => {
  it('answers a preflight itself: 200, any origin, the requested headers echoed, no credentials', async () => {
    const { url, lines } = await withEchoServices()
    const reply = await request(`${url}/rest/v1/courses`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,apikey,content-type,prefer,x-client-info',
      },
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toBe('')
    expect(reply.headers['access-control-allow-origin']).toBe('*')
    expect(reply.headers['access-control-allow-methods']).toBe(allowedMethods)
    expect(reply.headers['access-control-allow-headers']).toBe('authorization,apikey,content-type,prefer,x-client-info')
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined()
    expect(reply.headers['access-control-max-age']).toBeUndefined()
    await eventually(() => lines.length >= 1)
    expect(lines[0]).toMatch(/^rest +OPTIONS \/rest\/v1\/courses 200 /)
  })

  it('answers the preflight of a function without invoking it', async () => {
    let calls = 0
    started = await startGateway({
      services: { functions: { name: 'functions', handle: (_req, res) => void (calls++, res.end()) } },
    })
    const reply = await request(`${started.url}/functions/v1/hello`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    })
    expect(reply.status).toBe(200)
    expect(reply.headers['access-control-allow-headers']).toBeUndefined()
    expect(calls).toBe(0)
  })

  it('passes an OPTIONS that is not a preflight to the service (PostgREST answers those)', async () => {
    const { url } = await withEchoServices()
    const reply = await request(`${url}/rest/v1/courses`, { method: 'OPTIONS' })
    expect(reply.json()).toMatchObject({ service: 'rest', method: 'OPTIONS' })
  })

  const exposed = ['Content-Range', 'X-Supabase-Api-Version', 'x-relay-error', 'x-transformations']

  it('exposes the headers clients read on normal and error responses', async () => {
    started = await startGateway({
      services: {
        rest: {
          name: 'rest',
          handle(_req, res, path) {
            if (path.startsWith('/missing')) {
              res.statusCode = 404
              res.setHeader('Content-Type', 'application/json')
              res.end('{"code":"PGRST205"}')
              return
            }
            res
              .writeHead(206, { 'Content-Range': '0-0/3', 'Access-Control-Allow-Origin': 'http://elsewhere' })
              .end('[]')
          },
        },
      },
    })
    for (const path of ['/rest/v1/courses', '/rest/v1/missing', '/storage/v1/bucket']) {
      const reply = await request(`${started.url}${path}`, { headers: { origin } })
      expect(reply.headers['access-control-allow-origin'], path).toBe('*')
      for (const name of exposed) expect(reply.headers['access-control-expose-headers'], path).toContain(name)
    }
  })

  it("keeps a service's own exposed headers and adds the gateway's", async () => {
    started = await startGateway({
      services: {
        functions: {
          name: 'functions',
          handle: (_req, res) => void res.writeHead(200, ['Access-Control-Expose-Headers', 'x-my-header']).end('ok'),
        },
      },
    })
    const reply = await request(`${started.url}/functions/v1/hello`, { headers: { origin } })
    expect(reply.headers['access-control-expose-headers']).toMatch(/^x-my-header, .*x-relay-error/)
  })
})

describe('a service that fails', () => {
  it('answers 500 with no stack, logs the stack, and keeps serving', async () => {
    started = await startGateway({
      services: {
        rest: {
          name: 'rest',
          handle(_req, res, path) {
            res.setHeader('Content-Type', 'text/csv')
            if (path.startsWith('/sync')) throw new Error('boom at line 1')
            return Promise.reject(new Error('async boom'))
          },
        },
        auth: echoService('auth'),
      },
    })
    for (const path of ['/rest/v1/sync', '/rest/v1/async']) {
      const reply = await request(`${started.url}${path}`, { headers: { origin } })
      expect(reply.status, path).toBe(500)
      expect(reply.json(), path).toEqual({ message: 'An unexpected error occurred' })
      expect(reply.headers['content-type']).toMatch(/^application\/json/)
      expect(reply.headers['access-control-allow-origin']).toBe('*')
      expect(reply.body).not.toContain('boom')
    }
    expect(started.errors.join('\n')).toContain('boom at line 1')
    expect(started.errors.join('\n')).toMatch(/async boom\n\s+at /)
    expect((await request(`${started.url}/auth/v1/user`)).status).toBe(200)
  })

  it('cuts a response the service broke halfway instead of hanging', async () => {
    started = await startGateway({
      services: {
        rest: {
          name: 'rest',
          async handle(_req, res) {
            res.writeHead(200, { 'Content-Type': 'application/json' })
            res.write('[')
            throw new Error('stream broke')
          },
        },
      },
    })
    await expect(request(`${started.url}/rest/v1/courses`)).rejects.toThrow()
    expect(started.errors[0]).toContain('stream broke')
  })
})

describe('lifecycle', () => {
  it('starts and stops its services, in reverse order', async () => {
    const events: string[] = []
    const service = (name: string) =>
      echoService(name, {
        start: async () => void events.push(`start ${name}`),
        stop: async () => void events.push(`stop ${name}`),
      })
    started = await startGateway({ services: { rest: service('rest'), functions: service('functions') } })
    await started.gateway.stop()
    expect(events).toEqual(['start rest', 'start functions', 'stop functions', 'stop rest'])
  })

  it('stops promptly with keep-alive connections open, and frees the port', async () => {
    const { url, gateway } = await withEchoServices()
    const { Agent } = await import('node:http')
    const agent = new Agent({ keepAlive: true })
    await new Promise<void>((resolve) => {
      void import('node:http').then(({ get }) =>
        get(`${url}/rest/v1/x`, { agent }, (res) => (res.resume(), res.on('end', resolve))),
      )
    })
    const before = performance.now()
    await gateway.stop()
    expect(performance.now() - before).toBeLessThan(1000)
    await expect(request(`${url}/rest/v1/x`)).rejects.toThrow(/ECONNREFUSED/)
    agent.destroy()
  })
})
