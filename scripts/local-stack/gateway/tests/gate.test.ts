// The gate `stack reset` closes: every route answers 503 with Retry-After (and CORS, so the browser can read it),
// sockets are refused alike, closing waits for the requests already inside, and opening lets requests through again.
import { afterEach, describe, expect, it } from 'vitest'
import type { Service } from '../../http/service.ts'
import { gateClosedBody } from '../gate.ts'
import { echoService, request, startGateway, upgrade, type Started } from '../testing/doubles.ts'

let started: Started | undefined
afterEach(async () => {
  await started?.gateway.stop()
  started = undefined
})

/** A service that answers only when `release` is called. */
function slowService(): Service & { release: () => void } {
  const pending: (() => void)[] = []
  return {
    name: 'rest',
    handle(_req, res) {
      pending.push(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]'))
    },
    release: () => pending.splice(0).forEach((answer) => answer()),
  }
}

describe('reset gate', () => {
  it('answers 503 with Retry-After on every route while closed, and passes requests again once open', async () => {
    started = await startGateway({
      services: {
        rest: echoService('rest'),
        auth: echoService('auth'),
        realtime: echoService('realtime', { upgrade: (_req, socket) => void socket.end('HTTP/1.1 101 OK\r\n\r\n') }),
      },
    })
    const { gateway, url } = started
    gateway.gate.close()
    for (const mount of ['/rest/v1/courses', '/auth/v1/user']) {
      const reply = await request(`${url}${mount}`, { headers: { origin: 'http://127.0.0.1:5173' } })
      expect(reply.status, mount).toBe(503)
      expect(reply.headers['retry-after']).toBe('1')
      expect(reply.headers['access-control-allow-origin']).toBe('*')
      expect(JSON.parse(reply.body)).toEqual(gateClosedBody)
    }
    const socket = await upgrade(`${url}/realtime/v1/websocket?vsn=1.0.0`)
    expect(socket.head).toMatch(/^HTTP\/1\.1 503 /)
    socket.socket.destroy()
    gateway.gate.open()
    expect((await request(`${url}/rest/v1/courses`)).status).toBe(200)
  })

  it('drains: closing waits for the requests already inside to finish', async () => {
    const slow = slowService()
    started = await startGateway({ services: { rest: slow } })
    const { gateway, url } = started
    const inside = request(`${url}/rest/v1/courses`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    gateway.gate.close()
    expect(await gateway.gate.drained(100)).toBe(false)
    const drained = gateway.gate.drained(2_000)
    slow.release()
    expect((await inside).status).toBe(200)
    expect(await drained).toBe(true)
  })
})
