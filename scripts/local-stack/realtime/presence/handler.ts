// A client's presence push (PresenceHandler): `track` adds or updates the channel's meta under its presence key,
// `untrack` removes it; the topic's presence-enabled channels get the diff. Tracking also turns presence on for a
// channel that did not ask for it, which then gets the full state. Private channels need presence write (and read).
import { readAuthorization, writeAuthorization } from '../authorization.ts'
import type { Channel } from '../channels/channel.ts'
import { isJsonObject, type InboundMessage, type Json } from '../socket/messages.ts'

/** Realtime's default max_payload_size_in_kb (3000) for a tracked payload. */
const MAX_TRACK_BYTES = 3000 * 1000

/**
 * Realtime's per-client presence limit (client_presence_rate_limit, as on the CLI's tenant): 5 presence calls per
 * channel in a 30 s window that starts with the first call after the previous window ended.
 */
export const CLIENT_PRESENCE_CALLS = 5
export const CLIENT_PRESENCE_WINDOW_MS = 30_000

/** Counts one presence call against the channel's window; false when the window's calls are spent. */
function countClientPresenceCall(channel: Channel, now = Date.now()): boolean {
  const window = channel.presenceCalls
  if (window.resetAt === undefined || now > window.resetAt) {
    channel.presenceCalls = { count: 1, resetAt: now + CLIENT_PRESENCE_WINDOW_MS }
    return true
  }
  if (window.count >= CLIENT_PRESENCE_CALLS) return false
  window.count += 1
  return true
}

async function mayWrite(channel: Channel): Promise<boolean> {
  if (!channel.isPrivate) return true
  if (channel.policies.presenceWrite === undefined) {
    const { pool, log } = channel.context
    const context = { topic: channel.subTopic, claims: channel.claims, headers: channel.socket.headers }
    const result = await writeAuthorization(pool, context, 'presence')
    if (!result.ok) log(`presence authorization failed on ${channel.subTopic}: ${result.detail}`)
    channel.policies.presenceWrite = result.ok && result.value
  }
  return channel.policies.presenceWrite
}

/** Presence turned on by a track: a private channel learns now whether it may read presence. */
async function enablePresence(channel: Channel): Promise<void> {
  channel.presenceEnabled = true
  if (channel.isPrivate && channel.policies.presenceRead === undefined) {
    const context = { topic: channel.subTopic, claims: channel.claims, headers: channel.socket.headers }
    const read = await readAuthorization(channel.context.pool, context)
    channel.policies.presenceRead = read.ok && read.value.presence
  }
}

export function sendPresenceState(channel: Channel): void {
  if (channel.receivesPresence()) channel.push('presence_state', channel.context.presence.state(channel.hubKey))
}

export async function handlePresence(channel: Channel, message: InboundMessage): Promise<void> {
  const { hub, presence } = channel.context
  const payload = isJsonObject(message.payload) ? message.payload : {}
  // A push without an event is acknowledged and ignored, and is not counted; every other one is, before anything.
  if (typeof payload.event !== 'string') return channel.reply(message.ref, 'ok', {})
  if (!countClientPresenceCall(channel)) return channel.shutdown('Client presence rate limit exceeded')
  const event = payload.event.toLowerCase()
  if (!(await mayWrite(channel))) return channel.reply(message.ref, 'ok', {})
  if (event === 'track') {
    const data = payload.payload ?? {}
    if (!isJsonObject(data))
      return channel.reply(message.ref, 'error', { reason: 'Presence track payload must be a map' })
    if (Buffer.byteLength(JSON.stringify(data)) > MAX_TRACK_BYTES)
      return channel.shutdown('Track message size exceeded')
    const wasEnabled = channel.presenceEnabled
    if (!wasEnabled) await enablePresence(channel)
    const diff = presence.track(channel, data)
    channel.reply(message.ref, 'ok', {})
    if (diff) hub.publish(channel.hubKey, { type: 'presence_diff', payload: diff as unknown as Json })
    if (!wasEnabled) sendPresenceState(channel)
  } else if (event === 'untrack') {
    const diff = presence.untrack(channel)
    channel.reply(message.ref, 'ok', {})
    if (diff) hub.publish(channel.hubKey, { type: 'presence_diff', payload: diff as unknown as Json })
  } else {
    channel.reply(message.ref, 'error', {})
  }
}
