// Which postgres_changes bindings this instance serves: by subscription id (to route apply_rls's answer to a channel
// and its binding id) and by table (so a change to a table nobody here listens to costs no query).
import type { JwtClaims } from '../../keys/jwt.ts'
import type { SubscriptionParams } from './filters.ts'

export interface PgBinding {
  /** realtime.subscription.subscription_id */
  uuid: string
  /** The id the client matches payloads with (phash2 of the binding's parameters on the real server). */
  id: number
  params: SubscriptionParams
}

/** A channel with postgres_changes bindings, as the changes side sees it. */
export interface ChangesChannel {
  readonly claims: JwtClaims
  readonly bindings: readonly PgBinding[]
  readonly closed: boolean
  /** The connection the channel belongs to (its channels receive a change in one order). */
  readonly socket: object
  /** `data` is the change as JSON; `type` its INSERT, UPDATE or DELETE. */
  sendPostgresChanges(ids: number[], data: string, type: string): void
}

export class BindingRegistry {
  private readonly byUuid = new Map<string, { channel: ChangesChannel; id: number; params: SubscriptionParams }>()
  private readonly byTable = new Map<number, Set<string>>()

  add(channel: ChangesChannel, entities: Map<string, number[]>): void {
    for (const binding of channel.bindings) {
      this.byUuid.set(binding.uuid, { channel, id: binding.id, params: binding.params })
      for (const oid of entities.get(binding.uuid) ?? []) {
        let uuids = this.byTable.get(oid)
        if (!uuids) this.byTable.set(oid, (uuids = new Set()))
        uuids.add(binding.uuid)
      }
    }
  }

  remove(channel: ChangesChannel): void {
    for (const binding of channel.bindings) {
      this.byUuid.delete(binding.uuid)
      for (const [oid, uuids] of this.byTable) {
        uuids.delete(binding.uuid)
        if (uuids.size === 0) this.byTable.delete(oid)
      }
    }
  }

  listensTo(tableOid: number): boolean {
    return this.byTable.has(tableOid)
  }

  lookup(uuid: string): { channel: ChangesChannel; id: number } | undefined {
    return this.byUuid.get(uuid)
  }

  /** The bindings listening to a table, with their parameters (for screening a change before apply_rls). */
  *listeners(tableOid: number): Iterable<{ uuid: string; params: SubscriptionParams }> {
    for (const uuid of this.byTable.get(tableOid) ?? []) {
      const entry = this.byUuid.get(uuid)
      if (entry) yield { uuid, params: entry.params }
    }
  }
}
