// The channel's token over time, as Realtime handles it: the channel closes when its token expires (a timer set to
// `exp`, re-checked at least hourly), and an `access_token` push replaces the token — verified, permissions of a
// private channel checked again (closed if read access was lost), subscriptions updated with the new claims. Updates
// are throttled: one comes less than ACCESS_TOKEN_THROTTLE_MS after the last one applied is held and applied when
// the window closes (the latest held one wins; the expiry check applies a held token too).
import { readAuthorization } from '../authorization.ts'
import type { Json } from '../socket/messages.ts'
import type { Channel } from './channel.ts'
import { SUBSCRIBED } from './postgres.ts'
import { checkToken, shutdownMessage } from './tokens.ts'

const CONFIRM_MAX_INTERVAL_MS = 60 * 60 * 1000
const cancels = new WeakMap<Channel, () => void>()

interface TokenWindow {
  /** performance.now() when the last update was applied. */
  appliedAt: number | undefined
  /** A token received inside the window, applied when it closes. */
  pending: string | undefined
}
const windows = new WeakMap<Channel, TokenWindow>()

function windowOf(channel: Channel): TokenWindow {
  let window = windows.get(channel)
  if (!window) windows.set(channel, (window = { appliedAt: undefined, pending: undefined }))
  return window
}

/** Arms the expiry check for the channel's current token (replacing any earlier one). */
export function watchExpiry(channel: Channel, exp: number): void {
  cancels.get(channel)?.()
  // A little past `exp`: Realtime's check is `exp > now`, so at exactly `exp` the token has expired.
  const ms = Math.min(Math.max(0, exp * 1000 - Date.now()) + 20, CONFIRM_MAX_INTERVAL_MS)
  cancels.set(
    channel,
    channel.later(ms, () => void confirmToken(channel)),
  )
}

async function confirmToken(channel: Channel): Promise<void> {
  const pending = windowOf(channel).pending
  if (pending !== undefined) return applyPending(channel)
  const token = channel.accessToken
  const check = await checkToken(channel.context.keys, token)
  // Closed, or given a new token, while this one was being checked: that one's own check decides.
  if (channel.closed || channel.accessToken !== token) return
  if (!check.ok) return channel.shutdown(shutdownMessage(check))
  channel.claims = check.claims
  watchExpiry(channel, check.exp)
}

function unauthorized(channel: Channel): string {
  return `You do not have permissions to read from this Channel topic: ${channel.subTopic}`
}

export async function updateAccessToken(channel: Channel, value: Json): Promise<void> {
  // Realtime ignores sb_ keys, the token it already has, the one it holds, and anything that is not a string.
  if (typeof value !== 'string' || value.startsWith('sb_') || value === channel.accessToken) return
  const window = windowOf(channel)
  if (value === window.pending) return
  const now = performance.now()
  const throttleMs = channel.context.accessTokenThrottleMs
  if (window.appliedAt === undefined || now - window.appliedAt >= throttleMs) return applyAccessToken(channel, value)
  if (window.pending === undefined) {
    const remaining = throttleMs - (now - window.appliedAt)
    channel.context.trace(`AccessTokenRefreshThrottled: Token refresh throttled, applying in ${Math.ceil(remaining)}ms`)
    channel.later(remaining, () => void applyPending(channel))
  }
  window.pending = value
}

function applyPending(channel: Channel): Promise<void> {
  const window = windowOf(channel)
  const pending = window.pending
  if (pending === undefined || channel.closed) return Promise.resolve()
  return applyAccessToken(channel, pending)
}

async function applyAccessToken(channel: Channel, value: string): Promise<void> {
  const window = windowOf(channel)
  window.appliedAt = performance.now()
  window.pending = undefined
  const { keys, pool } = channel.context
  const check = await checkToken(keys, value)
  if (channel.closed) return
  if (!check.ok) return channel.shutdown(shutdownMessage(check))
  channel.accessToken = value
  channel.claims = check.claims
  if (channel.isPrivate) {
    const previous = channel.policies
    const read = await readAuthorization(pool, {
      topic: channel.subTopic,
      claims: check.claims,
      headers: channel.socket.headers,
    })
    if (channel.closed) return
    if (!read.ok) {
      return channel.shutdown(
        read.error === 'rls' ? unauthorized(channel) : 'Realtime was unable to connect to the project database',
      )
    }
    const { broadcast, presence } = read.value
    if (!broadcast && !presence) return channel.shutdown(unauthorized(channel))
    if ((previous.broadcastRead && !broadcast) || (previous.presenceRead && !presence)) {
      return channel.shutdown(`You no longer have permission to read from this Channel topic: ${channel.subTopic}`)
    }
    channel.policies = { broadcastRead: broadcast, presenceRead: presence }
  }
  watchExpiry(channel, check.exp)
  if (channel.bindings.length > 0) {
    const result = await channel.context.changes.subscribe(channel)
    if (channel.closed) return
    if (result.ok) channel.system('postgres_changes', 'ok', SUBSCRIBED)
    else channel.system('postgres_changes', 'error', result.message)
  }
}
