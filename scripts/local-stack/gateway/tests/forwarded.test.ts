// The forwarding headers a service receives behind the gateway, as Kong under `supabase start` sets them: the
// client's X-Forwarded-For is kept but never trusted, the entry the gateway appends and X-Real-IP are the socket's.
import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { Service } from '../../http/service.ts'
import { forwardedFor } from '../forwarded.ts'
import { startGateway, type Started } from '../testing/doubles.ts'

interface Seen {
  forwardedFor: string | null
  realIp: string | null
  cfConnectingIp: string | null
  raw: string[]
}

/** A service that answers the forwarding headers it received, parsed and raw. */
function forwardingEcho(name: string): Service {
  return {
    name,
    handle(req, res) {
      const raw = req.rawHeaders.filter((_, i, all) =>
        ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip'].includes(all[i - (i % 2)]!.toLowerCase()),
      )
      const seen: Seen = {
        forwardedFor: (req.headers['x-forwarded-for'] as string | undefined) ?? null,
        realIp: (req.headers['x-real-ip'] as string | undefined) ?? null,
        cfConnectingIp: (req.headers['cf-connecting-ip'] as string | undefined) ?? null,
        raw,
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(seen))
    },
  }
}

/** Sends raw header pairs (repeats allowed; Node adds no Host to raw headers) and resolves with what the service saw. */
function send(url: string, rawHeaders: string[]): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const headers = ['Host', new URL(url).host, ...rawHeaders]
    const req = http.request(url, { agent: false, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve(JSON.parse(body) as Seen))
    })
    req.on('error', reject)
    req.end()
  })
}

let started: Started | undefined
afterEach(async () => {
  await started?.gateway.stop()
  started = undefined
})

async function gateway(): Promise<string> {
  started = await startGateway({ services: { rest: forwardingEcho('rest'), functions: forwardingEcho('functions') } })
  return started.url
}

describe('forwarding headers', () => {
  it('appends the socket address to X-Forwarded-For, or sets it alone', () => {
    expect(forwardedFor(undefined, '127.0.0.1')).toBe('127.0.0.1')
    expect(forwardedFor('203.0.113.7', '::1')).toBe('203.0.113.7, ::1')
  })

  it('gives a request without forwarding headers the socket address in X-Forwarded-For and X-Real-IP', async () => {
    const url = await gateway()
    for (const mount of ['/rest/v1/courses', '/functions/v1/certificate']) {
      const seen = await send(`${url}${mount}`, [])
      expect(seen, mount).toEqual({
        forwardedFor: '127.0.0.1',
        realIp: '127.0.0.1',
        cfConnectingIp: null,
        raw: ['X-Forwarded-For', '127.0.0.1', 'X-Real-IP', '127.0.0.1'],
      })
    }
  })

  it('never trusts a spoofed X-Forwarded-For: its last entry is the socket address, X-Real-IP is overwritten', async () => {
    const url = await gateway()
    const seen = await send(`${url}/rest/v1/rpc/verify_certificate`, [
      'X-Forwarded-For',
      '203.0.113.7, 198.51.100.2',
      'X-Real-IP',
      '198.51.100.1',
      'CF-Connecting-IP',
      '192.0.2.9',
    ])
    expect(seen.forwardedFor).toBe('203.0.113.7, 198.51.100.2, 127.0.0.1')
    expect(seen.realIp).toBe('127.0.0.1')
    // Kong has no rule for CF-Connecting-IP: it reaches the service as the client sent it.
    expect(seen.cfConnectingIp).toBe('192.0.2.9')
    expect(seen.raw).toEqual([
      'CF-Connecting-IP',
      '192.0.2.9',
      'X-Forwarded-For',
      '203.0.113.7, 198.51.100.2, 127.0.0.1',
      'X-Real-IP',
      '127.0.0.1',
    ])
  })

  it('joins repeated X-Forwarded-For headers before appending, so only one reaches the service', async () => {
    const url = await gateway()
    const seen = await send(`${url}/functions/v1/certificate`, [
      'X-Forwarded-For',
      '203.0.113.7',
      'X-Forwarded-For',
      '203.0.113.8',
    ])
    expect(seen.forwardedFor).toBe('203.0.113.7, 203.0.113.8, 127.0.0.1')
    expect(seen.raw).toEqual(['X-Forwarded-For', '203.0.113.7, 203.0.113.8, 127.0.0.1', 'X-Real-IP', '127.0.0.1'])
  })
})
