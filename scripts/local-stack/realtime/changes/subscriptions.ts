// The rows of realtime.subscription, written as Realtime's Subscriptions.create writes them: one row per binding
// and published table it matches, checked by the table's trigger (columns readable by the role, values of the
// column's type). realtime.apply_rls() reads them for every change. Each service instance tags the subscription ids
// it writes, so rows left by an instance that is gone can be told from those of one still running.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { JwtClaims } from '../../keys/jwt.ts'
import type { SubscriptionParams } from './filters.ts'
import { inspect, toLog, Tuple } from './inspect.ts'
import { isPgError, postgrexMessage } from './pg-errors.ts'

export const APPLICATION_NAME = 'summit-realtime'

export type CreateResult =
  | { ok: true; entities: Map<string, number[]> }
  /** fatal: the parameters are wrong (no retry); otherwise the database was unreachable or slow. */
  | { ok: false; fatal: boolean; message: string }

const INSERT = `
  with sub_tables as (
    select format('%I.%I', pub.schemaname, pub.tablename)::regclass as entity
    from pg_publication_tables pub
    where pub.pubname = $1
      and pub.schemaname like (case $2 when '*' then '%' else $2 end) escape ''
      and pub.tablename like (case $3 when '*' then '%' else $3 end) escape ''
  )
  insert into realtime.subscription as x (subscription_id, entity, filters, claims, action_filter, selected_columns)
  select $4::text::uuid, sub_tables.entity,
    (select coalesce(array_agg(row(c, o::realtime.equality_op, v, n)::realtime.user_defined_filter),
                     '{}'::realtime.user_defined_filter[])
       from unnest($5::text[], $6::text[], $7::text[], $8::boolean[]) as f(c, o, v, n)),
    $9::jsonb, $10, $11::text[]
  from sub_tables
  on conflict (subscription_id, entity, filters, action_filter, coalesce(selected_columns, '{}'))
  do update set claims = excluded.claims, created_at = timezone('utc', now())
  returning entity::oid as entity`

/** How old a row of an instance with no connection must be to be deleted as an orphan (see DELETE_ORPHANS). */
export const ORPHAN_MIN_AGE_S = 30

/**
 * Deletes the rows whose instance tag (the last 12 hex digits of the id) no live instance has, and that were not
 * written in the last half minute. An instance whose connections were all ended (a reset, a restart) has none for a
 * moment, then writes its rows again; another instance's cleanup may have read the connections in that moment and
 * reach the rewritten rows after (pg_stat_activity is read once per transaction), which would delete them under a
 * live instance whose changes then reach nobody. A row that young belongs to an instance that just wrote it: orphans
 * that young (an instance that crashed and was started again at once) go at the cleanup the manager runs once they are
 * old enough.
 */
export const DELETE_ORPHANS = `
  delete from realtime.subscription
  where created_at < timezone('utc', now()) - interval '${ORPHAN_MIN_AGE_S} seconds'
    and right(subscription_id::text, 12) <> all (
      select substring(a.application_name from '^${APPLICATION_NAME} ([0-9a-f]{12})$')
      from pg_catalog.pg_stat_activity a
      where substring(a.application_name from '^${APPLICATION_NAME} ([0-9a-f]{12})$') is not null)`

export function paramsToLog(params: SubscriptionParams): string {
  const filters = params.filters.map((f) => new Tuple([f.column, f.op, f.value, f.negate]))
  return `event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: ${inspect(filters)}, select: ${toLog(params.select)}`
}

export class SubscriptionStore {
  constructor(
    private readonly pool: pg.Pool,
    /** 12 hex digits that end every subscription id this instance writes. */
    readonly tag: string,
    private readonly publication = 'supabase_realtime',
  ) {}

  newId(): string {
    return randomUUID().slice(0, 24) + this.tag
  }

  /** All bindings of one channel in one transaction: the first that fails undoes the others. */
  async create(bindings: { id: string; params: SubscriptionParams }[], claims: JwtClaims): Promise<CreateResult> {
    let client: pg.PoolClient
    try {
      client = await this.pool.connect()
    } catch (error) {
      return { ok: false, fatal: false, message: postgrexMessage(error) }
    }
    const entities = new Map<string, number[]>()
    let broken: Error | undefined
    try {
      await client.query('begin')
      for (const { id, params } of bindings) {
        const { filters } = params
        let rows: { entity: number }[]
        try {
          const result = await client.query<{ entity: number }>(INSERT, [
            this.publication,
            params.schema,
            params.table,
            id,
            filters.map((f) => f.column),
            filters.map((f) => f.op),
            filters.map((f) => f.value),
            filters.map((f) => f.negate),
            JSON.stringify(claims),
            params.action,
            params.select,
          ])
          rows = result.rows
        } catch (error) {
          if (!isPgError(error) || error.code === '57014') throw error
          await client.query('rollback')
          const message = `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${paramsToLog(params)}]. Exception: ${postgrexMessage(error)}`
          return { ok: false, fatal: true, message }
        }
        if (rows.length === 0) {
          await client.query('rollback')
          const message = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(params)}]`
          return { ok: false, fatal: true, message }
        }
        entities.set(id, [...(entities.get(id) ?? []), ...rows.map((row) => Number(row.entity))])
      }
      await client.query('commit')
      return { ok: true, entities }
    } catch (error) {
      if (!isPgError(error)) broken = error as Error
      await client.query('rollback').catch(() => {})
      return { ok: false, fatal: false, message: postgrexMessage(error) }
    } finally {
      client.release(broken)
    }
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return
    await this.pool.query('delete from realtime.subscription where subscription_id = any($1::uuid[])', [ids])
  }

  async removeOwn(): Promise<void> {
    await this.pool.query('delete from realtime.subscription where right(subscription_id::text, 12) = $1', [this.tag])
  }

  async removeOrphans(): Promise<number> {
    const result = await this.pool.query(DELETE_ORPHANS)
    return result.rowCount ?? 0
  }
}
