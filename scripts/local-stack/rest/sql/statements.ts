// The one statement a request runs (PostgREST's Statements.hs): the rows come from the `pgrst_source` CTE (a read,
// a mutation or a function call), and a single aggregate row carries everything the response needs: total count,
// page size, the body already rendered as JSON or CSV, response.headers/status set by the database, the Location
// of an insert and how many rows an upsert inserted.
import type { ReadNode } from '../plan/types.ts'
import type { Output } from '../request/media.ts'
import { arrayLiteral, Params } from './builder.ts'
import { countQuery } from './count.ts'
import { decideNaming } from './naming.ts'
import { jsonObject, nodeQuery, type NodeSql } from './read.ts'

export interface Statement {
  text: string
  values: (string | Buffer | null)[]
}

/** What the body is made of. `none` for HEAD and for mutations without return=representation. */
export type BodyKind = Output | { kind: 'none' }

export interface StatementOptions {
  root: ReadNode
  body: BodyKind
  /** The CTE source for mutations and RPC; reads select straight from the table. */
  source?: (params: Params) => string
  exactCount: boolean
  /** For count=estimated: count at most this many rows. */
  countLimit?: number
  /** Functions returning scalars: the single column `pgrst_scalar`. */
  scalar?: { set: boolean }
  /** Functions returning one row (not a set) answer an object, not an array. */
  singleRow?: boolean
  /** PK columns whose values make the Location header of an insert (return=headers-only). */
  locationColumns?: string[]
  countInserted?: boolean
  /** Mutations without return=representation read nothing but the row count. */
  plainSource?: boolean
}

export function buildStatement(o: StatementOptions): Statement {
  const params = new Params()
  const forceSynthetic = o.body.kind === 'csv' && o.root.table.columnList.length > 0 && !o.scalar
  const naming = decideNaming(o.root, forceSynthetic)
  const sourceSql = o.source?.(params)
  const read: NodeSql = o.plainSource
    ? { sql: 'SELECT * FROM pgrst_source', synthetic: false, outputs: [] }
    : nodeQuery(o.root, { params, naming, hidden: new Map() })
  const ctes = sourceSql === undefined ? [`pgrst_source AS (${read.sql})`] : [`pgrst_source AS (${sourceSql})`]
  const outer = sourceSql === undefined ? 'SELECT * FROM pgrst_source' : read.sql
  let total = 'NULL::bigint'
  if (o.exactCount) {
    const counted = countQuery(o.root, params)
    const limited = o.countLimit === undefined ? counted : `${counted} LIMIT ${params.add(String(o.countLimit))}`
    ctes.push(`pgrst_source_count AS (${limited})`)
    total = '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'
  }
  const body = bodySql(o, read, params)
  const location =
    o.locationColumns && o.locationColumns.length > 0
      ? `(SELECT json_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null'))::text FROM (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) data CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key = ANY(${params.add(arrayLiteral(o.locationColumns))}::text[]))`
      : 'NULL'
  const inserted = o.countInserted ? "nullif(current_setting('pgrst.inserted', true), '')" : 'NULL'
  const text =
    `WITH ${ctes.join(', ')} SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ` +
    `${body} AS body, nullif(current_setting('response.headers', true), '') AS response_headers, ` +
    `nullif(current_setting('response.status', true), '') AS response_status, ${location} AS location, ` +
    `${inserted} AS inserted FROM (${outer}) _postgrest_t`
  return { text, values: params.values }
}

/** json_strip_nulls around a JSON body when the client asked for nulls stripped. */
function stripNulls(body: { stripNulls: boolean }, sql: string): string {
  return body.stripNulls ? `json_strip_nulls(${sql})` : sql
}

function bodySql(o: StatementOptions, read: NodeSql, params: Params): string {
  const { body } = o
  if (body.kind === 'none' || body.kind === 'openapi') return "''"
  if (body.kind === 'csv') {
    const rowText = 'substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2)'
    const lines = `coalesce(string_agg(${rowText}, E'\\n'), '')`
    const header = read.synthetic
      ? params.text(read.outputs.map((x) => x.key).join(','))
      : "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a)"
    return `${header} || E'\\n' || ${lines}`
  }
  const element = o.scalar
    ? '_postgrest_t.pgrst_scalar'
    : read.synthetic
      ? jsonObject(read.outputs, '_postgrest_t', params)
      : '_postgrest_t'
  const single = body.kind === 'object' || o.singleRow || (o.scalar && !o.scalar.set)
  if (single) return `coalesce(${stripNulls(body, `json_agg(${element})->0`)}, 'null')`
  return `coalesce(${stripNulls(body, `json_agg(${element})`)}, '[]')`
}

/** `EXPLAIN` of the count query, for count=planned and count=estimated. */
export function explainCountStatement(root: ReadNode, source?: (params: Params) => string): Statement {
  const params = new Params()
  const counted = countQuery(root, params)
  const text =
    source === undefined
      ? `EXPLAIN (FORMAT JSON) ${counted}`
      : `EXPLAIN (FORMAT JSON) WITH pgrst_source AS (${source(params)}) ${counted}`
  return { text, values: params.values }
}
