// What every part of the Realtime service shares: keys to verify tokens, the database pool, the topic hub, the
// presence registry and the postgres_changes manager, plus the service's settings.
import type pg from 'pg'
import type { JwtKeys } from '../keys/jwt.ts'
import type { TopicHub } from './broadcast/hub.ts'
import type { ChangesManager } from './changes/manager.ts'
import type { TenantCounters } from './limits.ts'
import type { PresenceRegistry } from './presence/registry.ts'

export interface ServiceContext {
  keys: JwtKeys
  /** Superuser connections: subscriptions, apply_rls, private-channel authorisation (with `set_config('role')`). */
  pool: pg.Pool
  hub: TopicHub
  presence: PresenceRegistry
  changes: ChangesManager
  /** The tenant's users, joins and events, against its limits (limits.ts). */
  tenant: TenantCounters
  /** Unexpected errors and outages. */
  log(message: string): void
  /** What a client did wrong (a malformed frame): worth a line in the API log, not on the terminal. */
  trace(message: string): void
  /** How long a refused join waits before its error reply (Realtime's CHANNEL_ERROR_BACKOFF_MS). */
  joinErrorBackoffMs: number
  /** Least time between two access_token updates a channel applies (Realtime's ACCESS_TOKEN_THROTTLE_MS). */
  accessTokenThrottleMs: number
}
