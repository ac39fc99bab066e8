// A channel's postgres_changes bindings: their ids for the join reply, and their subscription — after the reply
// with a system message saying how it went (retried when the database was unreachable), or before it when the
// client asked to wait (postgres_changes_options.wait), within its timeout.
import { createHash } from 'node:crypto'
import { parseSubscriptionParams } from '../changes/filters.ts'
import type { PgBinding } from '../changes/registry.ts'
import type { CreateResult } from '../changes/subscriptions.ts'
import { isJsonObject, type Json, type JsonObject } from '../socket/messages.ts'
import type { Channel } from './channel.ts'

export const SUBSCRIBED = 'Subscribed to PostgreSQL'

/** JSON with sorted keys, so equal parameters hash equal whatever their key order. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** A stable integer per binding, in :erlang.phash2's range (the client only matches ids). */
export function bindingId(params: Json): number {
  return createHash('sha1').update(canonical(params)).digest().readUInt32BE(0) & 0x7ffffff
}

/** Parses every binding; the first that does not parse makes the whole subscription fail (reported later). */
export function prepareBindings(channel: Channel, raw: JsonObject[]): string | undefined {
  const bindings: PgBinding[] = []
  for (const params of raw) {
    const parsed = parseSubscriptionParams(params)
    if (!parsed.ok) return parsed.error
    bindings.push({ uuid: channel.context.changes.store.newId(), id: bindingId(params), params: parsed.params })
  }
  channel.bindings = bindings
  return undefined
}

async function attempt(channel: Channel, parseError: string | undefined): Promise<CreateResult> {
  if (parseError !== undefined) return { ok: false, fatal: true, message: parseError }
  return channel.context.changes.subscribe(channel)
}

/** Subscribes after the join reply; a failure is reported as Realtime does, and retried unless it is final. */
export function subscribeInBackground(channel: Channel, parseError: string | undefined): void {
  const run = async () => {
    const result = await attempt(channel, parseError)
    if (channel.closed) return
    if (result.ok) return channel.system('postgres_changes', 'ok', SUBSCRIBED)
    channel.system('postgres_changes', 'error', result.message)
    if (!result.fatal) channel.later(5000 + Math.random() * 5000, start)
  }
  const start = () => {
    run().catch((error: Error) => channel.context.log(`postgres_changes subscription failed: ${error.message}`))
  }
  start()
}

/** Subscribes before the join reply; undefined when subscribed, else the join error's reason. */
export async function subscribeWithin(
  channel: Channel,
  parseError: string | undefined,
  timeoutMs: number,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs
  let backoff = 100
  for (;;) {
    const result = channel.context.changes.connected ? await attempt(channel, parseError) : undefined
    if (result?.ok) return undefined
    if (result && result.fatal) return `RealtimeDisabledForConfiguration: ${result.message}`
    const remaining = deadline - Date.now()
    if (remaining <= 0) {
      return `PostgresChangesSubscribeTimeout: Timed out after ${timeoutMs}ms waiting for the postgres_changes subscription`
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(backoff, remaining)))
    backoff = Math.min(backoff * 2, 1000)
  }
}
