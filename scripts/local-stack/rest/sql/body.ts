// The FROM clause that turns a JSON request body (one bound parameter) into typed rows: json_to_record(set) with
// the target columns' types, optionally filling missing keys with the columns' defaults (Prefer: missing=default),
// as PostgREST's fromJsonBodyF does.
import type { Column } from '../schema-cache/types.ts'
import { quoteIdent, type Params } from './builder.ts'

export interface JsonBody {
  json: string
  isArray: boolean
  columns: Column[]
  applyDefaults: boolean
  /** Keep only the first element (RPC arguments, PATCH). */
  limitOne: boolean
}

export function fromJsonBody(body: JsonBody, params: Params): string {
  const withDefaults = body.applyDefaults ? body.columns.filter((c) => c.default !== null) : []
  const useJsonb = withDefaults.length > 0
  const payload = `FROM (SELECT ${params.add(body.json)}::${useJsonb ? 'jsonb' : 'json'} AS json_data) pgrst_payload, `
  let source = 'pgrst_payload.json_data'
  let defaults = ''
  if (useJsonb) {
    // jsonb_build_object takes at most 100 arguments: build the defaults in chunks and merge them.
    const chunks: string[] = []
    for (let i = 0; i < withDefaults.length; i += 50) {
      const pairs = withDefaults.slice(i, i + 50).map((c) => `${params.text(c.name)}, ${c.default}`)
      chunks.push(`jsonb_build_object(${pairs.join(', ')})`)
    }
    const defs = chunks.join(' || ')
    defaults = body.isArray
      ? `LATERAL (SELECT jsonb_agg(${defs} || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, `
      : `LATERAL (SELECT ${defs} || pgrst_payload.json_data AS val) pgrst_json_defs, `
    source = 'pgrst_json_defs.val'
  }
  const prefix = useJsonb ? 'jsonb' : 'json'
  let rows: string
  if (body.columns.length === 0) {
    rows = body.isArray ? `${prefix}_array_elements(${source}) _` : '(values (1)) _'
  } else {
    const typed = body.columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')
    const fn = body.isArray ? `${prefix}_to_recordset` : `${prefix}_to_record`
    rows = `${fn}(${source}) AS _(${typed})`
  }
  const names = body.columns.map((c) => quoteIdent(c.name)).join(', ')
  return `${payload}${defaults}LATERAL (SELECT ${names} FROM ${rows}${body.limitOne ? ' LIMIT 1' : ''}) pgrst_body`
}
