// One change, from the WAL to the subscribers allowed to see it: the change goes through realtime.apply_rls() (the
// real server's function: filters, column privileges, and an RLS check as each subscriber's role and claims, deletes
// excepted) and each output row is sent, as `{ids, data}`, to the channels whose subscription ids it lists.
import type pg from 'pg'
import type { Json, JsonObject } from '../socket/messages.ts'
import type { BindingRegistry, ChangesChannel } from './registry.ts'
import { walRecord, type Change } from './wal.ts'

/** Realtime's poll_max_record_bytes default: larger records go out with only their small values. */
const MAX_RECORD_BYTES = 1024 * 1024

const APPLY_RLS = 'select wal, subscription_ids, errors from realtime.apply_rls($1::jsonb, $2::integer)'
const PRIMARY_KEY = `select a.attname from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
  where i.indrelid = $1 and i.indisprimary`

interface ApplyRlsRow {
  wal: JsonObject
  subscription_ids: string[] | null
  errors: string[] | null
}

/** The record the client receives (the real server's NewRecord / UpdatedRecord / DeletedRecord). */
function clientRecord(wal: JsonObject, errors: string[] | null): JsonObject {
  const data: JsonObject = {
    columns: wal.columns ?? [],
    commit_timestamp: wal.commit_timestamp ?? null,
    errors: errors && errors.length > 0 ? errors : null,
    schema: wal.schema ?? null,
    table: wal.table ?? null,
    type: wal.type ?? null,
  }
  if (wal.type !== 'DELETE') data.record = wal.record ?? {}
  if (wal.type !== 'INSERT') data.old_record = wal.old_record ?? {}
  return data
}

export class ChangeDispatcher {
  private readonly primaryKeys = new Map<number, string[]>()

  constructor(
    private readonly pool: pg.Pool,
    private readonly registry: BindingRegistry,
  ) {}

  /** A Relation message means the table may have changed shape: its primary key is looked up again. */
  forget(tableOid: number): void {
    this.primaryKeys.delete(tableOid)
  }

  async dispatch(change: Change, timestamp: string): Promise<void> {
    const oid = change.relation.oid
    if (!this.registry.listensTo(oid)) return
    const wal = walRecord(change, timestamp, await this.primaryKey(oid))
    const result = await this.pool.query<ApplyRlsRow>(APPLY_RLS, [JSON.stringify(wal), MAX_RECORD_BYTES])
    for (const row of result.rows) this.deliver(row)
  }

  private deliver(row: ApplyRlsRow): void {
    const byChannel = new Map<ChangesChannel, number[]>()
    for (const uuid of row.subscription_ids ?? []) {
      const target = this.registry.lookup(uuid)
      if (!target || target.channel.closed) continue
      const ids = byChannel.get(target.channel) ?? []
      if (!ids.includes(target.id)) ids.push(target.id)
      byChannel.set(target.channel, ids)
    }
    if (byChannel.size === 0) return
    const data = JSON.stringify(clientRecord(row.wal, row.errors) satisfies Json)
    for (const [channel, ids] of byChannel) channel.sendPostgresChanges(ids, data)
  }

  private async primaryKey(oid: number): Promise<string[]> {
    let columns = this.primaryKeys.get(oid)
    if (!columns) {
      const result = await this.pool.query<{ attname: string }>(PRIMARY_KEY, [oid])
      columns = result.rows.map((row) => row.attname)
      this.primaryKeys.set(oid, columns)
    }
    return columns
  }
}
