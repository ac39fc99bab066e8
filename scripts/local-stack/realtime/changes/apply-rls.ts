// realtime.apply_rls() over many changes in one query, as the real server's realtime.list_changes() runs it over
// every change of a poll: each change checks all its subscribers in one call (filters, column privileges, RLS per
// subscriber's role and claims). Subscribers screened out in Node (screen.ts) skip the filter and RLS work: the
// database's own apply_rls() is copied, per connection, into a temporary function that also takes the candidates
// and spends less around its RLS probes (see SCREENED_LOOP).
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

// The parts of apply_rls() the copy rewrites, as the bootstrap writes them (compared with any whitespace). Anything
// else and the database's function is used as it is.
const VISIBLE_IDS_VARIABLE = `role_visible_ids uuid[];`
const SUBSCRIBER_LOOP = `role_visible_ids := '{}';
  for sub_id, sub_claims in
    select s.subscription_id, s.claims
    from unnest(subscriptions) s
    where s.entity = entity_
      and s.claims_role = role_
      and (
        realtime.is_visible_through_filters(columns, s.filters)
        or (action = 'DELETE' and realtime.is_visible_through_filters(old_columns, s.filters))
      )
  loop
    if not is_rls_enabled or action = 'DELETE' then
      role_visible_ids := role_visible_ids || sub_id;
    else
      -- regrole prints a name that needs quoting with its quotes, which set_config('role') does not accept.
      perform set_config('role', trim(both '"' from role_::text), true),
              set_config('request.jwt.claims', sub_claims::text, true);
      execute 'execute walrus_rls_stmt' into has_access;
      -- Back to the caller's role at once: the loop fetches its next rows as whatever role is current.
      perform set_config('role', null, true);
      if has_access then
        role_visible_ids := role_visible_ids || sub_id;
      end if;
    end if;
  end loop;
  perform set_config('role', null, true);`
const VISIBLE_IDS = `select array_agg(s.subscription_id)
  from unnest(subscriptions) s
  where s.claims_role = role_
    and s.selected_columns is not distinct from column_group
    and s.subscription_id = any(role_visible_ids)`

// What the copy has instead. The candidates become a jsonb object (a key lookup, where `= any(candidates)` compares
// each subscriber with every candidate); the subscribers to probe are gathered in one query as the caller, then
// probed one by one as their role and claims (the role is set before each probe and reset once after the last, as
// no query runs between probes); who saw the change is marked by position, where `= any(role_visible_ids)` compared
// each subscriber with every visible one. Same subscribers, same probes, same answers.
const SCREENED_VARIABLES = `role_visible_ids uuid[];
  summit_candidates jsonb := (select pg_catalog.jsonb_object_agg(c, true) from pg_catalog.unnest(candidates) c);
  summit_visible boolean[];
  summit_ids uuid[];
  summit_claims text[];
  summit_positions integer[];
  summit_role text;`
const SCREENED_LOOP = `summit_visible := pg_catalog.array_fill(false, array[coalesce(pg_catalog.array_length(subscriptions, 1), 0)]);
      select coalesce(array_agg(s.subscription_id order by s.ordinality), '{}'),
             coalesce(array_agg(s.claims::text order by s.ordinality), '{}'),
             coalesce(array_agg(s.ordinality::integer order by s.ordinality), '{}')
        into summit_ids, summit_claims, summit_positions
        from unnest(subscriptions) with ordinality s
        where s.entity = entity_
          and s.claims_role = role_
          and (candidates is null or summit_candidates ? s.subscription_id::text)
          and (
            realtime.is_visible_through_filters(columns, s.filters)
            or (action = 'DELETE' and realtime.is_visible_through_filters(old_columns, s.filters))
          );
      -- regrole prints a name that needs quoting with its quotes, which set_config('role') does not accept.
      summit_role := trim(both '"' from role_::text);
      for i in 1 .. coalesce(pg_catalog.array_length(summit_ids, 1), 0) loop
        if not is_rls_enabled or action = 'DELETE' then
          summit_visible[summit_positions[i]] := true;
        else
          perform set_config('role', summit_role, true), set_config('request.jwt.claims', summit_claims[i], true);
          execute 'execute walrus_rls_stmt' into has_access;
          if has_access then
            summit_visible[summit_positions[i]] := true;
          end if;
        end if;
      end loop;
      perform set_config('role', null, true);`
const SCREENED_VISIBLE_IDS = `select array_agg(s.subscription_id order by s.ordinality)
              from unnest(subscriptions) with ordinality s
              where s.claims_role = role_
                and s.selected_columns is not distinct from column_group
                and summit_visible[s.ordinality::integer]`

/** `known` as a pattern that matches it with any whitespace where it has some. */
const loosely = (known: string) =>
  new RegExp(
    known
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
    'g',
  )

/** `text` with the one occurrence of `known` replaced, or undefined when it has none or several. */
function replaceOnce(text: string | undefined, known: string, replacement: string): string | undefined {
  if (text === undefined) return undefined
  const pattern = loosely(known)
  if (text.match(pattern)?.length !== 1) return undefined
  return text.replace(pattern, () => replacement)
}

/** The temporary function's definition, or undefined when this database's apply_rls() is not the one we know. */
export function screenedDefinition(definition: string): string | undefined {
  if (!HEADER.test(definition)) return undefined
  let text: string | undefined = definition.replace(
    HEADER,
    'CREATE OR REPLACE FUNCTION pg_temp.summit_apply_rls(wal jsonb, max_record_bytes integer, candidates uuid[])\n',
  )
  text = replaceOnce(text, VISIBLE_IDS_VARIABLE, SCREENED_VARIABLES)
  text = replaceOnce(text, SUBSCRIBER_LOOP, SCREENED_LOOP)
  return replaceOnce(text, VISIBLE_IDS, SCREENED_VISIBLE_IDS)
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
