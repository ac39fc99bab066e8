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
  /**
   * False for a join without a `config` key (Realtime's `new_api?`): the legacy form, whose topic names the
   * postgres_changes binding (`realtime:<schema>[:<table>[:<filter>]]`) and whose changes arrive as events named
   * after their type (INSERT, UPDATE, DELETE) instead of `postgres_changes`.
   */
  newApi: boolean
}

/** Realtime's default and maximum for postgres_changes_options.timeout. */
const WAIT_DEFAULT_MS = 15_000
const WAIT_MAX_MS = 20_000

const object = (value: Json | undefined): JsonObject => (isJsonObject(value) ? value : {})
const flag = (value: Json | undefined): boolean => value === true

/**
 * The binding a legacy join's sub-topic stands for, split as Realtime splits it (at most three parts, so a filter
 * keeps its colons): `public` → every table of the schema, `public:notes`, `public:notes:id=eq.7`.
 */
export function legacyBinding(subTopic: string): JsonObject {
  const [schema = '', table, ...rest] = subTopic.split(':')
  const binding: JsonObject = { schema }
  if (table !== undefined) binding.table = table
  if (rest.length > 0) binding.filter = rest.join(':')
  return binding
}

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
    newApi: 'config' in payload,
  }
}
