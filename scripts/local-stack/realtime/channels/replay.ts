// Broadcast replay, as Realtime's join does it for `config.broadcast.replay` on a private channel: the latest `limit`
// broadcasts (1–25, default 25) persisted in realtime.messages for the topic since `since` (Unix milliseconds,
// default 0), oldest first, pushed after the join's reply with `meta: {replayed: true, id}`; the same messages
// arriving live are not sent again. Only private broadcast rows count (realtime.send() and friends write them).
import type pg from 'pg'
import { isJsonObject, type Json, type UserBroadcast } from '../socket/messages.ts'
import type { Channel } from './channel.ts'

const HARD_LIMIT = 25
const DEFAULT_LIMIT = 25

export interface ReplayedMessage {
  id: string
  event: string
  /** The JSON payload's text, or null for a binary one. */
  payload: string | null
  /** A binary payload's bytes (realtime.send_binary). */
  binary: Buffer | null
}

/**
 * What the join asks to replay: nothing when `replay` is not an object (the server then skips replay), the window,
 * or 'invalid' when `since` or `limit` is not an integer ("Replay params are not valid").
 */
export function replayWindow(replay: Json | undefined): { since: number; limit: number } | 'invalid' | undefined {
  if (!isJsonObject(replay)) return undefined
  // The server reads them with `||`: null and false fall back to the default, as a missing key does.
  const pick = (value: Json | undefined, fallback: number) =>
    value === undefined || value === null || value === false ? fallback : value
  const since = pick(replay.since, 0)
  const limit = pick(replay.limit, DEFAULT_LIMIT)
  if (!Number.isInteger(since) || !Number.isInteger(limit)) return 'invalid'
  return { since: since as number, limit: Math.max(Math.min(limit as number, HARD_LIMIT), 1) }
}

/**
 * The messages to replay, oldest first. `inserted_at` is a timestamp without zone written with now(), so `since` is
 * turned into the same kind of value in the session's zone before comparing.
 */
export async function loadReplay(
  pool: pg.Pool,
  subTopic: string,
  window: { since: number; limit: number },
): Promise<ReplayedMessage[]> {
  const { rows } = await pool.query<{
    id: string
    event: string | null
    payload: string | null
    binary: string | null
  }>(
    `select id::text, event, payload::text as payload, encode(binary_payload, 'hex') as binary
     from realtime.messages
     where topic = $1 and private is true and extension = 'broadcast'
       and inserted_at >= to_timestamp($2::float8 / 1000)::timestamp
     order by inserted_at desc
     limit $3`,
    [subTopic, window.since, window.limit],
  )
  return rows.reverse().map((row) => ({
    id: row.id,
    event: row.event ?? '',
    payload: row.payload,
    binary: row.binary === null ? null : Buffer.from(row.binary, 'hex'),
  }))
}

/** Pushes the replayed messages to the channel that just joined. */
export function sendReplay(channel: Channel, messages: ReplayedMessage[]): void {
  for (const message of messages) {
    const meta = { replayed: true, id: message.id }
    if (message.binary !== null) {
      // A binary frame; protocol 1.0.0 cannot carry one, so those clients get nothing for it, as from the server.
      const broadcast: UserBroadcast = {
        userEvent: message.event,
        encoding: 'binary',
        payload: message.binary,
        metadata: meta,
      }
      const frame = channel.serializer.encodeUserBroadcast(channel.topic, broadcast)
      if (frame !== undefined) channel.sendFrame(frame)
    } else {
      const payload = message.payload === null ? null : (JSON.parse(message.payload) as Json)
      channel.push('broadcast', { payload, event: message.event, type: 'broadcast', meta })
    }
  }
}
