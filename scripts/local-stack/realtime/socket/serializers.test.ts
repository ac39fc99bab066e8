// The two protocol versions against realtime-js's own serializer: what the client encodes decodes here, what this
// server encodes the client decodes, and no byte sequence makes a decoder do anything but return or throw.
import { createClient } from '@supabase/supabase-js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { serializerV1 } from './serializer-v1.ts'
import { serializerV2 } from './serializer-v2.ts'

/** realtime-js 2.119's serializer, as its socket uses it. */
// The cast: ws's constructor overloads do not line up with realtime-js's WebSocketLikeConstructor type; no socket
// is ever opened here.
const client = createClient('http://localhost', 'key', { realtime: { transport: WebSocket as never } }).realtime
  .serializer

const encodeWithClient = (message: { join_ref: string; ref: string; topic: string; event: string; payload: object }) =>
  new Promise<ArrayBuffer | string>((resolve) => client.encode(message, resolve))
const decodeWithClient = (data: ArrayBuffer | string) =>
  new Promise<{ topic: string; event: string; payload: Record<string, unknown> }>((resolve) =>
    client.decode(data, resolve),
  )

describe('protocol 2.0.0', () => {
  it('decodes the binary broadcast frames realtime-js writes, JSON and binary payloads alike', async () => {
    const json = await encodeWithClient({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'moved', payload: { x: 1 }, persist: true },
    })
    expect(serializerV2.decode(Buffer.from(json as ArrayBuffer), true)).toEqual({
      kind: 'user-broadcast',
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      userEvent: 'moved',
      encoding: 'json',
      payload: Buffer.from('{"x":1}'),
      metadata: { persist: true },
    })
    const bytes = await encodeWithClient({
      join_ref: '1',
      ref: '',
      topic: 'realtime:é',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'bin', payload: new Uint8Array([1, 2]).buffer },
    })
    expect(serializerV2.decode(Buffer.from(bytes as ArrayBuffer), true)).toMatchObject({
      ref: null,
      topic: 'realtime:é',
      encoding: 'binary',
      payload: Buffer.from([1, 2]),
    })
  })

  it('writes user broadcasts realtime-js decodes, with their metadata', async () => {
    const frame = serializerV2.encodeUserBroadcast('realtime:room', {
      userEvent: 'hi',
      encoding: 'json',
      payload: Buffer.from('{"a":[1]}'),
      metadata: { id: 'abc' },
    }) as Buffer
    const bytes = new Uint8Array(frame).slice().buffer
    expect(await decodeWithClient(bytes)).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hi', payload: { a: [1] }, meta: { id: 'abc' } },
    })
    expect(
      serializerV2.encodeUserBroadcast('x'.repeat(300), {
        userEvent: 'e',
        encoding: 'json',
        payload: Buffer.from('1'),
      }),
    ).toBeUndefined()
  })

  it('round-trips text messages with realtime-js', async () => {
    const text = serializerV2.encode({
      kind: 'reply',
      joinRef: '1',
      ref: '3',
      topic: 't',
      status: 'ok',
      response: { a: 1 },
    })
    expect(await decodeWithClient(text as string)).toMatchObject({
      event: 'phx_reply',
      payload: { status: 'ok', response: { a: 1 } },
    })
    const pushed = await encodeWithClient({ join_ref: '1', ref: '2', topic: 't', event: 'presence', payload: { a: 1 } })
    expect(serializerV2.decode(Buffer.from(pushed as string), false)).toMatchObject({
      kind: 'message',
      event: 'presence',
    })
  })
})

describe('protocol 1.0.0', () => {
  it('writes Phoenix V1 objects without join_ref and turns JSON user broadcasts into JSON broadcasts', () => {
    const pushed = serializerV1.encode({
      kind: 'push',
      joinRef: '1',
      ref: null,
      topic: 't',
      event: 'system',
      payload: {},
    })
    expect(JSON.parse(pushed as string)).toEqual({
      topic: 't',
      event: 'system',
      payload: {},
      ref: null,
    })
    const json = serializerV1.encodeUserBroadcast('t', {
      userEvent: 'e',
      encoding: 'json',
      payload: Buffer.from('[1]'),
    })
    expect(JSON.parse(json as string)).toEqual({
      topic: 't',
      event: 'broadcast',
      payload: { event: 'e', payload: [1], type: 'broadcast' },
      ref: null,
    })
    expect(
      serializerV1.encodeUserBroadcast('t', { userEvent: 'e', encoding: 'binary', payload: Buffer.from([1]) }),
    ).toBeUndefined()
    expect(() => serializerV1.decode(Buffer.from('{"topic":"t","event":"e","payload":{}}'), false)).toThrow(
      'missing key "ref"',
    )
  })
})

describe('decoders', () => {
  it('only ever return a message or throw, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, isBinary) => {
        for (const serializer of [serializerV1, serializerV2]) {
          try {
            const message = serializer.decode(Buffer.from(bytes), isBinary)
            expect(typeof message.topic).toBe('string')
          } catch (error) {
            expect(error).toBeInstanceOf(Error)
          }
        }
      }),
      { numRuns: 2000 },
    )
  })
})
