// realtime.apply_rls() over many changes in one query, as the real server's realtime.list_changes() runs it over
// every change of a poll: each change checks all its subscribers in one call (filters, column privileges, RLS per
// subscriber's role and claims). Subscribers screened out in Node (screen.ts) skip the filter and RLS work: the
// database's own apply_rls() is copied, per connection, into a temporary function that also takes the candidates.
import type pg from 'pg'
import { isConnectionError } from '../../db/pools.ts'
import type { JsonObject } from '../socket/messages.ts'

export interface ApplyRlsRow {
  /** Position of the change in the batch, from 1. */
  ord: number
  wal: JsonObject
  subscription_ids: string[] | null
  errors: string[] | null
}

export interface BatchItem {
  wal: unknown
  /** Subscription ids whose filters may match; the others are not checked (null: check every subscriber). */
  candidates: string[] | null
}

const DEFINITION = `select pg_catalog.pg_get_functiondef('realtime.apply_rls(jsonb,integer)'::pg_catalog.regprocedure) as def`
const HEADER = /^CREATE OR REPLACE FUNCTION realtime\.apply_rls\(wal jsonb, max_record_bytes integer[^\n]*\n/
// The loop over one role's subscribers: the candidate test goes before the filter check. The planner evaluates the
// cheaper qual first, so a screened-out subscriber costs neither is_visible_through_filters() nor an RLS probe.
const SUBSCRIBER_LOOP =
  /(where s\.entity = entity_\s+and s\.claims_role = role_)(\s+and \(\s*realtime\.is_visible_through_filters)/

const once = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length === 1

/** The temporary function's definition, or undefined when this database's apply_rls() is not the one we know. */
export function screenedDefinition(definition: string): string | undefined {
  if (!HEADER.test(definition) || !once(definition, SUBSCRIBER_LOOP)) return undefined
  return definition
    .replace(
      HEADER,
      'CREATE OR REPLACE FUNCTION pg_temp.summit_apply_rls(wal jsonb, max_record_bytes integer, candidates uuid[])\n',
    )
    .replace(SUBSCRIBER_LOOP, '$1\n          and (candidates is null or s.subscription_id = any(candidates))$2')
}

const batchQuery = (call: string) => `
  select e.ord::integer as ord, r.wal, r.subscription_ids, r.errors
  from pg_catalog.jsonb_array_elements($1::jsonb) with ordinality as e(item, ord)
  cross join lateral ${call} as r
  order by e.ord`

const SCREENED = batchQuery(`pg_temp.summit_apply_rls(e.item -> 'wal', $2::integer,
    case when e.item -> 'candidates' = 'null'::jsonb then null
         else array(select pg_catalog.jsonb_array_elements_text(e.item -> 'candidates'))::uuid[] end)`)
const PLAIN = batchQuery(`realtime.apply_rls(e.item -> 'wal', $2::integer)`)

export class BatchApplyRls {
  /** Connections holding the temporary function (false: this database's apply_rls() could not be screened). */
  private readonly prepared = new WeakMap<pg.PoolClient, boolean>()
  /** Whether the last batch ran with screening (for tests and diagnostics). */
  screening = false

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (message: string) => void,
  ) {}

  async run(items: BatchItem[], maxRecordBytes: number): Promise<ApplyRlsRow[]> {
    const client = await this.pool.connect()
    let broken: Error | undefined
    try {
      let screened = this.prepared.get(client)
      if (screened === undefined) {
        screened = await this.prepare(client)
        this.prepared.set(client, screened)
      }
      this.screening = screened
      const result = await client.query<ApplyRlsRow>(screened ? SCREENED : PLAIN, [
        JSON.stringify(items),
        maxRecordBytes,
      ])
      return result.rows
    } catch (error) {
      // A lost connection must not go back to the pool.
      if (isConnectionError(error)) broken = error as Error
      throw error
    } finally {
      client.release(broken)
    }
  }

  private async prepare(client: pg.PoolClient): Promise<boolean> {
    const { rows } = await client.query<{ def: string }>(DEFINITION)
    const definition = rows[0] ? screenedDefinition(rows[0].def) : undefined
    if (definition === undefined) {
      this.log('realtime.apply_rls() is not the expected one: every subscriber is checked for every change')
      return false
    }
    await client.query(definition)
    return true
  }
}
