// Two loads of the realtime benchmark, each measured end to end through supabase-js clients: one row change
// delivered to many postgres_changes subscribers (each a different user, each checked by RLS), and a steady stream
// of broadcasts to many subscribers of one channel.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import type pg from 'pg'
import WebSocket from 'ws'
import { anonKey } from '../local-stack/keys/index.ts'

export interface Latencies {
  latencies: number[]
  expected: number
  received: number
  seconds: number
}

/** A supabase-js client signed in with `token`, its realtime socket already holding the token. */
export async function signedInClient(url: string, token: string): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // The cast: ws's constructor overloads do not line up with realtime-js's WebSocketLikeConstructor type.
    realtime: { transport: WebSocket as never },
    accessToken: async () => token,
  })
  await client.realtime.setAuth(token)
  return client
}

export function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else reject(new Error(`${status}: ${error?.message ?? ''}`))
    }, 60_000),
  )
}

export interface Fanout extends Latencies {
  /** Deliveries that never came (by the end of the run), and deliveries of a change a subscriber already had. */
  lost: number
  duplicates: number
  /** Per change, ms from its first delivery to its last: the subscribers' side (and the sends) of the latency. */
  spreads: number[]
}

/**
 * `changes` inserts, one at a time; each is timed from just before its INSERT until each subscriber has it (a change
 * is matched by its id, so one arriving late is still timed from its own INSERT). The next insert follows once every
 * subscriber has the last one, or after `timeoutMs`.
 */
export async function changeFanout(
  clients: SupabaseClient[],
  sql: pg.Client,
  changes: number,
  timeoutMs = 5000,
  /** Runs while every subscriber is still subscribed, after the changes. */
  whileSubscribed?: () => Promise<void>,
): Promise<Fanout> {
  const sentAt = new Map<number, number>()
  const seen = clients.map(() => new Set<number>())
  let arrived = 0
  let duplicates = 0
  const latencies: number[] = []
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  const channels = clients.map((client, i) =>
    client
      .channel(`changes-${i}`, { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: 'bench', table: 'items' }, (change) => {
        const at = performance.now()
        const id = Number((change.new as { id: number | string }).id)
        if (seen[i]!.has(id)) return void duplicates++
        seen[i]!.add(id)
        const sent = sentAt.get(id)
        if (sent === undefined) return
        if (!first.has(id)) first.set(id, at)
        last.set(id, at)
        latencies.push(at - sent)
        arrived++
      }),
  )
  await Promise.all(channels.map(subscribed))
  const started = performance.now()
  for (let id = 1; id <= changes; id++) {
    arrived = 0
    sentAt.set(id, performance.now())
    await sql.query(`insert into bench.items (id, room, body) values ($1, 1, 'change')`, [id])
    const deadline = sentAt.get(id)! + timeoutMs
    while (arrived < clients.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1))
  }
  const seconds = (performance.now() - started) / 1000
  // Anything still on its way gets a last moment to arrive (or to arrive twice).
  await new Promise((r) => setTimeout(r, 500))
  await whileSubscribed?.()
  await Promise.all(channels.map((channel) => channel.unsubscribe()))
  const expected = changes * clients.length
  const spreads = [...first].map(([id, at]) => last.get(id)! - at)
  const lost = expected - latencies.length
  return { latencies, expected, received: latencies.length, seconds, lost, duplicates, spreads }
}

/** `rate` broadcasts a second for `seconds` from one client to every other; latency from send to receipt. */
export async function broadcastStream(
  sender: SupabaseClient,
  receivers: SupabaseClient[],
  rate: number,
  seconds: number,
): Promise<Latencies> {
  const latencies: number[] = []
  const channels = receivers.map((client) =>
    client.channel('stream').on('broadcast', { event: 'tick' }, (message) => {
      latencies.push(performance.now() - (message.payload as { at: number }).at)
    }),
  )
  const sending = sender.channel('stream')
  await Promise.all([...channels, sending].map(subscribed))
  const total = rate * seconds
  const started = performance.now()
  let sent = 0
  // Sends in 10 ms slices, catching up when a timer fires late, so the rate holds on average.
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1)
    for (; sent < due; sent++)
      void sending.send({ type: 'broadcast', event: 'tick', payload: { at: performance.now() } })
    await new Promise((r) => setTimeout(r, 10))
  }
  const sendSeconds = (performance.now() - started) / 1000
  const expected = total * receivers.length
  const deadline = performance.now() + 10_000
  while (latencies.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  await Promise.all([...channels, sending].map((channel) => channel.unsubscribe()))
  return { latencies, expected, received: latencies.length, seconds: sendSeconds }
}
