// Changes, from the WAL to the subscribers allowed to see them: a batch of changes goes through realtime.apply_rls()
// in one query (the real server's function: filters, column privileges, and an RLS check as each subscriber's role
// and claims, deletes excepted), with the subscribers whose filters cannot match screened out first (and, when they
// are many, shared out between queries on several connections), and each output row is sent, as `{ids, data}`, to
// the channels whose subscription ids it lists, in the order of the changes.
import os from 'node:os'
import type pg from 'pg'
import type { Json, JsonObject } from '../socket/messages.ts'
import { BatchApplyRls, type ApplyRlsRow, type BatchItem } from './apply-rls.ts'
import type { BindingRegistry, ChangesChannel } from './registry.ts'
import { mayMatch, screenValues } from './screen.ts'
import { mergeParts, splitBatch } from './split.ts'
import { walRecord, type Change } from './wal.ts'

/** Realtime's poll_max_record_bytes default: larger records go out with only their small values. */
const MAX_RECORD_BYTES = 1024 * 1024

/** Parts a batch with many subscribers is checked in at once: the database's cores (it runs beside us), at most 4. */
export const PARTS = Math.min(4, os.availableParallelism())

const PRIMARY_KEY = `select a.attname from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
  where i.indrelid = $1 and i.indisprimary`

const ACTIONS = { insert: 'INSERT', update: 'UPDATE', delete: 'DELETE' } as const

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
  private readonly applyRls: BatchApplyRls

  constructor(
    private readonly pool: pg.Pool,
    private readonly registry: BindingRegistry,
    log: (message: string) => void,
  ) {
    this.applyRls = new BatchApplyRls(pool, log)
  }

  /** In how many parts, on as many connections, the last batch was checked (for tests and diagnostics). */
  parts = 0

  /** Whether the last batch skipped screened-out subscribers in the database too. */
  get screening(): boolean {
    return this.applyRls.screening
  }

  /** A Relation message means the table may have changed shape: its primary key is looked up again. */
  forget(tableOid: number): void {
    this.primaryKeys.delete(tableOid)
  }

  /** Changes of tables someone here listens to, checked in one query: what deliver() then sends, in order. */
  async check(changes: { change: Change; timestamp: string }[]): Promise<ApplyRlsRow[]> {
    const items: BatchItem[] = []
    for (const { change, timestamp } of changes) {
      const oid = change.relation.oid
      if (!this.registry.listensTo(oid)) continue
      const wal = walRecord(change, timestamp, await this.primaryKey(oid))
      items.push({ wal, candidates: this.candidates(change) })
    }
    if (items.length === 0) return []
    // Shared out only once a connection is known to screen (the plain apply_rls() checks every subscriber anyway).
    const parts = this.applyRls.screening ? splitBatch(items, PARTS, (uuid) => this.socketOf(uuid)) : [items]
    if (parts.length > 1) {
      const merged = mergeParts(await Promise.all(parts.map((part) => this.applyRls.run(part, MAX_RECORD_BYTES))))
      this.parts = parts.length
      if (merged) return merged
    }
    this.parts = 1
    return this.applyRls.run(items, MAX_RECORD_BYTES)
  }

  /** The socket of a subscription's channel (a subscription no longer ours is a group of its own). */
  private socketOf(uuid: string): unknown {
    return this.registry.lookup(uuid)?.channel.socket ?? uuid
  }

  /**
   * Our subscribers of the change's table whose event and filters may match it. The others skip the filter check
   * and the RLS probe; they still get apply_rls()'s 400/401 errors, which it reports before looking at filters.
   */
  private candidates(change: Change): string[] {
    const values = screenValues(change)
    const action = ACTIONS[change.kind]
    const ids: string[] = []
    for (const { uuid, params } of this.registry.listeners(change.relation.oid)) {
      if (params.action !== '*' && params.action !== action) continue
      if (mayMatch(params.filters, values, change.kind === 'delete')) ids.push(uuid)
    }
    return ids
  }

  /** One output row of apply_rls() to the channels of the subscription ids it lists. */
  deliver(row: ApplyRlsRow): void {
    const byChannel = new Map<ChangesChannel, number[]>()
    for (const uuid of row.subscription_ids ?? []) {
      const target = this.registry.lookup(uuid)
      if (!target || target.channel.closed) continue
      const ids = byChannel.get(target.channel) ?? []
      if (!ids.includes(target.id)) ids.push(target.id)
      byChannel.set(target.channel, ids)
    }
    if (byChannel.size === 0) return
    const record = clientRecord(row.wal, row.errors)
    const data = JSON.stringify(record satisfies Json)
    const type = typeof record.type === 'string' ? record.type : ''
    for (const [channel, ids] of byChannel) channel.sendPostgresChanges(ids, data, type)
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
