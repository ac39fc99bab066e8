// The phx_join payload read as Realtime's Join payload schema reads it: {config: {broadcast: {ack, self, replay,
// replication_ready}, presence: {enabled, key}, private, postgres_changes: [...], postgres_changes_options: {wait,
// timeout}}, access_token | user_token}. A field of the wrong type falls back to its default, as the server does.
import { randomUUID } from 'node:crypto'
import { isJsonObject, type Json, type JsonObject } from '../socket/messages.ts'

export interface JoinConfig {
  ack: boolean
  self: boolean
  /** broadcast.replay as sent, when present. */
  replay: Json | undefined
  replicationReady: boolean
  presenceEnabled: boolean
  presenceKey: string
  private: boolean
  /** The postgres_changes bindings exactly as sent: the join reply echoes them with their ids. */
  postgresChanges: Json[]
  /** Milliseconds to hold the join reply until postgres_changes is subscribed, or undefined. */
  waitMs: number | undefined
  /** access_token or user_token, when given. */
  token: Json | undefined
}

/** Realtime's default and maximum for postgres_changes_options.timeout. */
const WAIT_DEFAULT_MS = 15_000
const WAIT_MAX_MS = 20_000

const object = (value: Json | undefined): JsonObject => (isJsonObject(value) ? value : {})
const flag = (value: Json | undefined): boolean => value === true

export function readJoinConfig(payload: JsonObject): JoinConfig {
  const config = object(payload.config)
  const broadcast = object(config.broadcast)
  const presence = object(config.presence)
  const options = object(config.postgres_changes_options)
  const key = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID()
  const changes = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter((c) => c !== null) : []
  let waitMs: number | undefined
  if (options.wait === true) {
    const asked = typeof options.timeout === 'number' && options.timeout > 0 ? options.timeout : WAIT_DEFAULT_MS
    waitMs = Math.min(asked, WAIT_MAX_MS)
  }
  return {
    ack: flag(broadcast.ack),
    self: flag(broadcast.self),
    replay: broadcast.replay,
    replicationReady: flag(broadcast.replication_ready),
    presenceEnabled: flag(presence.enabled),
    presenceKey: key,
    private: flag(config.private),
    postgresChanges: changes,
    waitMs,
    token: payload.access_token ?? payload.user_token ?? undefined,
  }
}
