import { afterEach, describe, expect, it } from 'vitest'
import { anonKey, publishableKey } from '../../keys/index.ts'
import type { Service } from '../../http/service.ts'
import { echoService, eventually, startGateway, upgrade, type Started } from '../testing/doubles.ts'

let started: Started | undefined
afterEach(async () => {
  await started?.gateway.stop()
  started = undefined
})

/** A realtime stand-in that accepts the upgrade (no real WebSocket framing) and remembers the path it got. */
function realtimeStub(seen: string[]): Service {
  return echoService('realtime', {
    upgrade(_req, socket, _head, path) {
      seen.push(path)
      socket.on('end', () => socket.end())
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n')
    },
  })
}

describe('the realtime websocket', () => {
  it('hands /realtime/v1/websocket upgrades to realtime with the sb_ apikey rewritten to its JWT', async () => {
    const seen: string[] = []
    started = await startGateway({ services: { realtime: realtimeStub(seen) } })
    const { head, socket } = await upgrade(`${started.url}/realtime/v1/websocket?apikey=${publishableKey}&vsn=2.0.0`)
    expect(head).toBe('HTTP/1.1 101')
    expect(seen).toEqual([`/websocket?apikey=${anonKey}&vsn=2.0.0`])
    socket.destroy()
    await eventually(() => started!.lines.length >= 1)
    expect(started.lines[0]).toMatch(/^realtime +GET \/realtime\/v1\/websocket\?apikey=\[redacted\]&vsn=2\.0\.0 101 /)
  })

  it('closes open websockets when the gateway stops', async () => {
    started = await startGateway({ services: { realtime: realtimeStub([]) } })
    const { socket } = await upgrade(`${started.url}/realtime/v1/websocket?vsn=2.0.0`)
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await started.gateway.stop()
    await closed
  })

  it('refuses upgrades elsewhere with Kong’s answers', async () => {
    started = await startGateway({ services: { rest: echoService('rest') } })
    expect((await upgrade(`${started.url}/nowhere`)).head).toContain(
      '404 {"message":"no Route matched with those values"}',
    )
    expect((await upgrade(`${started.url}/realtime/v1/websocket`)).head).toContain(
      '503 {"message":"The realtime service is not part of the local stack yet"}',
    )
  })

  it('answers 500 when the realtime service throws on an upgrade, and keeps serving', async () => {
    started = await startGateway({
      services: {
        realtime: echoService('realtime', {
          upgrade() {
            throw new Error('socket boom')
          },
        }),
      },
    })
    expect((await upgrade(`${started.url}/realtime/v1/websocket`)).head).toContain(
      '500 {"message":"An unexpected error occurred"}',
    )
    expect(started.errors[0]).toContain('socket boom')
    expect((await upgrade(`${started.url}/realtime/v1/websocket`)).head).toContain('500')
  })
})
