// The tenant's limits as Realtime applies them: events per second (client broadcasts and every delivery, averaged
// over 5 s buckets; past the limit each channel a broadcast reaches is shut down), postgres changes per second (past
// the limit changes are dropped), joins per second (the socket of a join over the limit is disconnected and new
// sockets get HTTP 429) and concurrent users (a socket with a joined channel counts once; past the limit joins are
// refused and sockets get HTTP 429). The events test runs with Realtime's defaults, the others with small limits to
// keep them short; the counting is the same.
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { anonKey } from '../../keys/index.ts'
import type { TenantLimits } from '../limits.ts'
import { startRealtimeHarness, type RealtimeHarness } from '../testing/harness.ts'
import { RawSocket, type Frame } from '../testing/raw-socket.ts'
import { subscribe, waitFor } from '../testing/wait.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL
/** A counter closes its first bucket 5 s after its first use. */
const TICK_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The answer to a socket upgrade: 101 when it opened (then closed again), else the status and JSON body. */
function tryConnect(url: string): Promise<{ status: number; body?: unknown }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`)
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close()
      resolve({ status: 101 })
    })
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as unknown }))
    })
    ws.once('error', reject)
  })
}

const isSystemError = (message: string) => (f: Frame) =>
  f.event === 'system' && (f.payload as { message?: string }).message === message

describe.skipIf(!dbUrl)('realtime tenant limits', () => {
  let h: RealtimeHarness | undefined
  const start = async (tenantLimits?: Partial<TenantLimits>, setup?: (schema: string) => string) => {
    h = await startRealtimeHarness(dbUrl!, { tenantLimits, setup })
    return h
  }
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  it('counts each broadcast and each delivery, averages them over 5 s buckets, and shuts the receivers past 100 a second', async () => {
    const { url } = await start()
    const sender = await RawSocket.open(url)
    const receiver = await RawSocket.open(url)
    const topic = 'realtime:busy-room'
    const { joinRef: senderRef } = await sender.join(topic, { config: { broadcast: { self: false } } })
    await receiver.join(topic, { config: {} })
    const burst = async (count: number, from: number) => {
      for (let n = from; n < from + count; n++) {
        sender.push(topic, 'broadcast', { type: 'broadcast', event: 'tick', payload: { n } }, senderRef)
      }
      const last = from + count - 1
      await receiver.next(`broadcast ${last}`, (f) => (f.payload as { payload?: { n?: number } }).payload?.n === last)
    }

    // 200 broadcasts = 400 events in the first bucket: 80 a second, under the limit.
    await burst(200, 0)
    await sleep(TICK_MS + 500)
    await burst(1, 200)
    expect(receiver.frames.some(isSystemError('Too many messages per second'))).toBe(false)

    // 300 more = 600 in the second bucket: (400 + 600) / 2 buckets / 5 s = 100 a second, the limit.
    await burst(300, 201)
    await sleep(TICK_MS + 500)
    await burst(1, 501)
    const shut = await receiver.next('the shutdown', isSystemError('Too many messages per second'))
    expect(shut.payload).toEqual({
      extension: 'system',
      status: 'error',
      message: 'Too many messages per second',
      channel: 'busy-room',
    })
    await receiver.next('phx_close', (f) => f.event === 'phx_close' && f.topic === topic)
    // The broadcast that found the limit was delivered first; the sender's channel and both sockets stay.
    const delivered = receiver.frames.findIndex((f) => (f.payload as { payload?: { n?: number } }).payload?.n === 501)
    expect(delivered).toBeGreaterThanOrEqual(0)
    expect(delivered).toBeLessThan(receiver.frames.indexOf(shut))
    expect(sender.frames.some(isSystemError('Too many messages per second'))).toBe(false)
    expect(receiver.closed).toBeUndefined()
    sender.close()
    receiver.close()
  }, 30_000)

  it('disconnects the socket of a join past the joins per second, refuses new sockets with 429, then lets go', async () => {
    // A limit of 1 a second: 6 joins in the first 5 s bucket are 1.2 a second.
    const { url } = await start({ maxJoinsPerSecond: 1 })
    const socket = await RawSocket.open(url)
    for (let n = 0; n < 6; n++) {
      expect((await socket.join(`realtime:room-${n}`, { config: {} })).reply.payload).toMatchObject({ status: 'ok' })
    }
    await sleep(TICK_MS + 500)
    socket.push('realtime:room-6', 'phx_join', { config: {} }, '99')
    await waitFor('the socket closed', () => socket.closed !== undefined)
    expect(socket.closed).toEqual({ code: 1000 })
    expect(await tryConnect(url)).toEqual({ status: 429, body: { error: 'Too many joins per second' } })

    // Another bucket without joins: (6 + 0) / 2 / 5 = 0.6 a second, under the limit again.
    await sleep(TICK_MS)
    const again = await RawSocket.open(url)
    expect((await again.join('realtime:room-7', { config: {} })).reply.payload).toMatchObject({ status: 'ok' })
    again.close()
  }, 30_000)

  it('drops postgres changes, unsent and uncounted, while the tenant is over its events per second', async () => {
    // A limit of 1 a second: 6 changes to one subscriber in the first 5 s bucket are 1.2 a second.
    const harness = await start(
      { maxEventsPerSecond: 1 },
      (schema) => `
      create table ${schema}.notes (id int primary key);
      grant select on ${schema}.notes to anon;
      alter publication supabase_realtime add table ${schema}.notes;`,
    )
    const received: number[] = []
    const client = await harness.client()
    await subscribe(
      client
        // wait: the join's reply comes once the subscription is in place.
        .channel('notes', { config: { postgres_changes_options: { wait: true } } })
        .on('postgres_changes', { event: 'INSERT', schema: harness.schema, table: 'notes' }, (change) =>
          received.push((change.new as { id: number }).id),
        ),
    )
    const insert = (id: number) => harness.sql.query(`insert into ${harness.schema}.notes values (${id})`)
    for (let id = 1; id <= 6; id++) await insert(id)
    await waitFor('the first six', () => received.length === 6)
    await sleep(TICK_MS + 500)
    await insert(7)
    await sleep(1500)
    expect(received).toEqual([1, 2, 3, 4, 5, 6])

    // A bucket without deliveries (the dropped change did not count): (6 + 0) / 2 / 5 = 0.6 a second.
    await sleep(TICK_MS)
    await insert(8)
    await waitFor('the change after the limit let go', () => received.includes(8))
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 8])
  }, 30_000)

  it('counts a socket once it joins, refuses joins of new ones past the limit and their sockets with 429', async () => {
    const { url } = await start({ maxConcurrentUsers: 2 })
    const [a, b, c] = await Promise.all([RawSocket.open(url), RawSocket.open(url), RawSocket.open(url)])
    expect((await a.join('realtime:lobby', { config: {} })).reply.payload).toMatchObject({ status: 'ok' })
    expect((await b.join('realtime:lobby', { config: {} })).reply.payload).toMatchObject({ status: 'ok' })
    expect((await c.join('realtime:lobby', { config: {} })).reply.payload).toEqual({
      status: 'error',
      response: { reason: 'ConnectionRateLimitReached: Too many connected users' },
    })
    // A socket already counted joins more channels.
    expect((await a.join('realtime:kitchen', { config: {} })).reply.payload).toMatchObject({ status: 'ok' })
    expect(await tryConnect(url)).toEqual({ status: 429, body: { error: 'Too many connected users' } })

    a.close()
    await waitFor('a place freed', () => h!.service.socketCount === 2)
    expect((await c.join('realtime:lobby', { config: {} })).reply.payload).toMatchObject({ status: 'ok' })
    b.close()
    c.close()
  }, 30_000)
})
