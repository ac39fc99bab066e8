// The socket protocol on the wire, both versions: connect refusals, heartbeat, join replies and errors (forged,
// expired and malformed tokens), leave, unmatched topics, malformed frames and unknown events (ignored, never fatal),
// and 2.0.0's binary broadcast frames.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { anonKey } from '../../keys/index.ts'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { RawSocket } from '../testing/raw-socket.ts'
import { settle } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

function forge(claims: Record<string, unknown>, secret = 'not-the-secret-not-the-secret-not-the-secret'): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`
}

function refusal(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.on('open', () => reject(new Error('the socket was accepted')))
    ws.on('error', () => {})
    ws.on('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
  })
}

describe.skipIf(!dbUrl)('realtime socket protocol', () => {
  let h: RealtimeHarness
  const exp = () => Math.floor(Date.now() / 1000) + 600
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!)
  })
  afterAll(() => h?.close())

  it('refuses a socket without a valid apikey with Realtime’s 401 answers', async () => {
    const base = `${h.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`
    expect(await refusal(base)).toEqual({ status: 401, body: '{"error":"API key is missing"}' })
    expect(await refusal(`${base}&apikey=nonsense`)).toEqual({
      status: 401,
      body: '{"error":"The token provided is not a valid JWT"}',
    })
    const forged = forge({ role: 'service_role', exp: exp() })
    expect(await refusal(`${base}&apikey=${forged}`)).toEqual({
      status: 401,
      body: '{"error":"Failed to validate JWT signature"}',
    })
    const expired = h.keys.sign({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 })
    expect(await refusal(`${base}&apikey=${expired}`)).toEqual({ status: 401, body: '{"error":"Token has expired"}' })
    const noExp = h.keys.sign({ role: 'anon' })
    expect((await refusal(`${base}&apikey=${noExp}`)).body).toBe(
      '{"error":"Fields `role` and `exp` are required in JWT"}',
    )
    expect((await refusal(`${base.replace('2.0.0', '3.1.0')}&apikey=${anonKey}`)).status).toBe(403)
  })

  it('answers plain HTTP on the socket route with 400 and unknown routes with 404', async () => {
    expect((await fetch(`${h.url}/realtime/v1/websocket`)).status).toBe(400)
    expect((await fetch(`${h.url}/realtime/v1/nothing-here`)).status).toBe(404)
  })

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('answers heartbeats and joins, leaves with a reply and phx_close', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const ref = socket.push('phoenix', 'heartbeat', {})
      expect(await socket.reply(ref)).toMatchObject({ topic: 'phoenix', payload: { status: 'ok', response: {} } })
      const { joinRef, reply } = await socket.join('realtime:protocol-room', { config: {} })
      expect(reply.payload).toEqual({ status: 'ok', response: { postgres_changes: [] } })
      const leave = socket.push('realtime:protocol-room', 'phx_leave', {}, joinRef)
      expect((await socket.reply(leave)).payload).toEqual({ status: 'ok', response: {} })
      const close = await socket.next('phx_close', (f) => f.event === 'phx_close')
      expect(close.ref).toBe(joinRef)
      socket.close()
    })

    it('answers a message to a topic it has not joined with "unmatched topic"', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const ref = socket.push('realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x', payload: {} })
      expect((await socket.reply(ref)).payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
      const other = socket.push('room:not-realtime', 'phx_join', {})
      expect((await socket.reply(other)).payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
      socket.close()
    })

    it('refuses joins with forged, expired, incomplete or malformed tokens as Realtime words them', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const reason = async (topic: string, payload: unknown) => {
        const { reply } = await socket.join(topic, payload)
        expect(reply.payload).toMatchObject({ status: 'error' })
        return (reply.payload as { response: { reason: string } }).response.reason
      }
      const forged = forge({ role: 'service_role', sub: 'x', exp: exp() })
      expect(await reason('realtime:a', { access_token: forged })).toBe(
        'JwtSignatureError: Failed to validate JWT signature',
      )
      const expired = h.keys.sign({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 30 })
      expect(await reason('realtime:b', { access_token: expired })).toMatch(
        /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
      )
      const noRole = h.keys.sign({ exp: exp() })
      expect(await reason('realtime:c', { access_token: noRole })).toBe(
        'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
      )
      expect(await reason('realtime:d', { access_token: 'not even a JWT' })).toBe(
        'MalformedJWT: The token provided is not a valid JWT',
      )
      expect(await reason('realtime:', {})).toBe('TopicNameRequired: You must provide a topic name')
      expect(await reason('realtime:e', 'not a map')).toMatch(/^UnknownErrorOnChannel: /)
      // The socket is still usable.
      expect((await socket.join('realtime:f', {})).reply.payload).toMatchObject({ status: 'ok' })
      socket.close()
    })

    it('ignores malformed frames and unknown events without closing the socket', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const { joinRef } = await socket.join('realtime:malformed', { config: { broadcast: { ack: true } } })
      for (const frame of [
        'not json',
        '[1,2]',
        '{}',
        '[null,"1",42,"phx_join",{}]',
        '{"topic":"x"}',
        '"string"',
        'null',
      ]) {
        socket.sendRaw(frame)
      }
      socket.sendRaw(Buffer.from([3, 9, 9]))
      socket.sendRaw(Buffer.from([9, 1, 2, 3]))
      socket.sendRaw(Buffer.alloc(0))
      const unknown = socket.push('realtime:malformed', 'no_such_event', { anything: true }, joinRef)
      const ack = socket.push(
        'realtime:malformed',
        'broadcast',
        { type: 'broadcast', event: 'e', payload: {} },
        joinRef,
      )
      expect((await socket.reply(ack)).payload).toEqual({ status: 'ok', response: {} })
      await settle(200)
      expect(socket.frames.find((f) => f.ref === unknown)).toBeUndefined()
      expect(socket.closed).toBeUndefined()
      const beat = socket.push('phoenix', 'heartbeat', {})
      expect((await socket.reply(beat)).payload).toEqual({ status: 'ok', response: {} })
      socket.close()
    })

    it('replaces a channel joined twice, closing the first', async () => {
      const socket = await RawSocket.open(h.url, vsn)
      const first = await socket.join('realtime:twice', {})
      const second = await socket.join('realtime:twice', {})
      expect(second.reply.payload).toMatchObject({ status: 'ok' })
      const close = await socket.next('phx_close of the first join', (f) => f.event === 'phx_close')
      expect(close.ref).toBe(first.joinRef)
      socket.close()
    })
  })

  it('carries binary broadcast frames: kind 3 in, kind 4 out, JSON for 1.0.0 clients, nothing binary for them', async () => {
    const v2 = await RawSocket.open(h.url, '2.0.0')
    const v1 = await RawSocket.open(h.url, '1.0.0')
    const { joinRef } = await v2.join('realtime:binary', { config: { broadcast: { self: true, ack: true } } })
    await v1.join('realtime:binary', {})
    const push = (encoding: number, event: string, payload: Buffer) => {
      const parts = [joinRef, v2.nextRef(), 'realtime:binary', event, ''].map((p) => Buffer.from(p))
      const header = Buffer.from([3, ...parts.map((p) => p.length), encoding])
      v2.sendRaw(Buffer.concat([header, ...parts, payload]))
    }
    push(1, 'json-event', Buffer.from('{"a":1}'))
    push(0, 'bytes-event', Buffer.from([0, 1, 2, 255]))
    const json = await v2.next('the JSON user broadcast', (f) => f.binary?.userEvent === 'json-event')
    expect(json.binary).toMatchObject({ encoding: 1, meta: '' })
    expect(json.binary!.payload.toString()).toBe('{"a":1}')
    const bytes = await v2.next('the binary user broadcast', (f) => f.binary?.userEvent === 'bytes-event')
    expect([...bytes.binary!.payload]).toEqual([0, 1, 2, 255])
    const converted = await v1.next('the JSON broadcast for 1.0.0', (f) => f.event === 'broadcast')
    expect(converted.payload).toEqual({ event: 'json-event', payload: { a: 1 }, type: 'broadcast' })
    await settle(200)
    expect(v1.frames.filter((f) => f.event === 'broadcast')).toHaveLength(1)
    v1.close()
    v2.close()
  })
})
