// The two loads of the realtime benchmark, each measured end to end through supabase-js clients: one row change
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

/** `changes` inserts, one at a time; each is timed from just before the INSERT until every subscriber has it. */
export async function changeFanout(
  clients: SupabaseClient[],
  sql: pg.Client,
  changes: number,
  timeoutMs = 5000,
): Promise<Latencies> {
  let sentAt = 0
  let arrived = 0
  const latencies: number[] = []
  const channels = clients.map((client, i) =>
    client
      .channel(`changes-${i}`, { config: { postgres_changes_options: { wait: true } } })
      .on('postgres_changes', { event: 'INSERT', schema: 'bench', table: 'items' }, () => {
        latencies.push(performance.now() - sentAt)
        arrived++
      }),
  )
  await Promise.all(channels.map(subscribed))
  const started = performance.now()
  for (let i = 1; i <= changes; i++) {
    arrived = 0
    sentAt = performance.now()
    await sql.query(`insert into bench.items (id, room, body) values ($1, 1, 'change')`, [i])
    const deadline = sentAt + timeoutMs
    while (arrived < clients.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1))
  }
  const seconds = (performance.now() - started) / 1000
  await Promise.all(channels.map((channel) => channel.unsubscribe()))
  return { latencies, expected: changes * clients.length, received: latencies.length, seconds }
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

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
