// Broadcast through supabase-js on both protocol versions: between clients, to the sender with `self`, acknowledged
// with `ack`, binary payloads, the REST API (httpSend answering 202, the batch fallback of send(), its errors), and
// messages from the database through realtime.send() on public topics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey } from '../../keys/index.ts'
import { startRealtimeHarness, type RealtimeHarness, type Vsn } from '../testing/harness.ts'
import { collected, settle, subscribe } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

interface Received {
  event: string
  payload?: unknown
  meta?: unknown
}

describe.skipIf(!dbUrl)('realtime broadcast', () => {
  let h: RealtimeHarness
  beforeAll(async () => {
    h = await startRealtimeHarness(dbUrl!)
  })
  afterAll(() => h?.close())

  describe.each<Vsn>(['1.0.0', '2.0.0'])('protocol %s', (vsn) => {
    it('delivers a broadcast to the other subscribers, to the sender only with self, and acks with ack', async () => {
      const topic = `room-${vsn}-basic`
      const sender = await h.client({ vsn })
      const listener = await h.client({ vsn })
      const fromSelf: Received[] = []
      const heard: Received[] = []
      const sending = sender.channel(topic, { config: { broadcast: { self: true, ack: true } } })
      sending.on('broadcast', { event: 'hello' }, (message) => fromSelf.push(message as Received))
      const listening = listener.channel(topic).on('broadcast', { event: '*' }, (m) => heard.push(m as Received))
      await subscribe(sending)
      await subscribe(listening)
      expect(await sending.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } })).toBe('ok')
      expect((await collected('broadcast to the listener', heard, 1))[0]).toMatchObject({
        type: 'broadcast',
        event: 'hello',
        payload: { n: 1 },
      })
      expect((await collected('broadcast to self', fromSelf, 1))[0]).toMatchObject({
        event: 'hello',
        payload: { n: 1 },
      })

      const quiet = (await h.client({ vsn })).channel(topic)
      const quietHeard: Received[] = []
      quiet.on('broadcast', { event: 'hello' }, (m) => quietHeard.push(m as Received))
      await subscribe(quiet)
      expect(await quiet.send({ type: 'broadcast', event: 'hello', payload: { n: 2 } })).toBe('ok')
      await collected('second broadcast', heard, 2)
      await settle(200)
      expect(quietHeard).toEqual([])
    })

    it('sends over REST: httpSend answers 202, send() before joining falls back to the batch endpoint', async () => {
      const topic = `room-${vsn}-rest`
      const heard: Received[] = []
      const listening = (await h.client({ vsn }))
        .channel(topic)
        .on('broadcast', { event: '*' }, (m) => heard.push(m as Received))
      await subscribe(listening)
      const sender = (await h.client({ vsn })).channel(topic)
      await expect(sender.httpSend('from-rest', { via: 'httpSend' })).resolves.toEqual({ success: true })
      expect(await sender.send({ type: 'broadcast', event: 'from-batch', payload: { via: 'batch' } })).toBe('ok')
      const events = (await collected('REST broadcasts', heard, 2)).map((m) => [m.event, m.payload])
      expect(events).toEqual(
        expect.arrayContaining([
          ['from-rest', { via: 'httpSend' }],
          ['from-batch', { via: 'batch' }],
        ]),
      )
    })

    it('delivers realtime.send() from the database to a public channel', async () => {
      const topic = `room-${vsn}-db`
      const heard: Received[] = []
      const listening = (await h.client({ vsn }))
        .channel(topic)
        .on('broadcast', { event: 'db' }, (m) => heard.push(m as Received))
      await subscribe(listening)
      await h.sql.query(`select realtime.send('{"from":"sql"}'::jsonb, 'db', $1, false)`, [topic])
      const [message] = await collected('database broadcast', heard, 1)
      expect(message).toMatchObject({ event: 'db', payload: { from: 'sql' } })
      // realtime.send adds the id to the payload; the server sends the row id as meta.
      const { id } = message!.payload as { id: string }
      expect(message!.meta).toEqual({ id })
    })
  })

  it('carries binary payloads between 2.0.0 clients, over the socket and over REST', async () => {
    const topic = 'room-binary'
    const heard: Received[] = []
    const listening = (await h.client())
      .channel(topic)
      .on('broadcast', { event: '*' }, (m) => heard.push(m as Received))
    await subscribe(listening)
    const sending = (await h.client()).channel(topic)
    await subscribe(sending)
    const bytes = new Uint8Array([1, 2, 3, 250]).buffer
    await sending.send({ type: 'broadcast', event: 'bin', payload: bytes })
    await sending.httpSend('bin-rest', new Uint8Array([9, 8, 7]))
    const messages = await collected('binary broadcasts', heard, 2)
    const byEvent = new Map(messages.map((m) => [m.event, m.payload]))
    expect([...new Uint8Array(byEvent.get('bin') as ArrayBuffer)]).toEqual([1, 2, 3, 250])
    expect([...new Uint8Array(byEvent.get('bin-rest') as ArrayBuffer)]).toEqual([9, 8, 7])
  })

  it('answers bad REST requests as Realtime does', async () => {
    const api = `${h.url}/realtime/v1/api/broadcast`
    const auth = { apikey: anonKey, authorization: `Bearer ${anonKey}` }
    const post = (url: string, body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', body, headers: { ...auth, 'content-type': 'application/json', ...headers } })
    expect((await fetch(api, { method: 'POST', body: '{}' })).status).toBe(401)
    expect((await post(api, '{}', { authorization: 'Bearer forged.token.value', apikey: 'x' })).status).toBe(401)
    const missing = await post(api, '{}')
    expect([missing.status, await missing.json()]).toEqual([422, { errors: { messages: ["can't be blank"] } }])
    const incomplete = await post(api, JSON.stringify({ messages: [{ topic: 't', payload: {} }] }))
    expect([incomplete.status, await incomplete.json()]).toEqual([
      422,
      { errors: { messages: [{ event: ["can't be blank"] }] } },
    ])
    expect((await post(api, 'not json')).status).toBe(400)
    const single = `${api}/room/events/e`
    const media = await post(single, 'x', { 'content-type': 'text/plain' })
    expect([media.status, await media.json()]).toEqual([
      415,
      { error: 'Unsupported Media Type. Use application/json or application/octet-stream' },
    ])
    const persist = await post(`${single}?persist=true`, '{}')
    expect([persist.status, await persist.json()]).toEqual([
      422,
      { errors: { persist: ['can only be used on private channels'] } },
    ])
    expect((await fetch(api, { headers: auth })).status).toBe(404)
  })
})
