// A function call over RPC, planned: GET and HEAD take arguments from the query string (read-only), POST a JSON
// object, a form, or a body that goes whole to a function's single unnamed parameter. The overload is chosen
// against the cache, and its result is read like a table (filters, order, limit, embedding for a table's rows).
import { apiErrors } from '../errors.ts'
import { parsePayload } from '../request/body.ts'
import {
  aggregatesEnabled,
  checkPreferences,
  headerValue,
  maxRows,
  planEnabled,
  type RequestContext,
} from '../request/context.ts'
import { bodyTypeOf, negotiateMedia, type Output, type PlanMedia } from '../request/media.ts'
import { parseQueryParams } from '../request/query-params.ts'
import type { Routine, Table } from '../schema-cache/types.ts'
import type { CallArgs } from '../sql/call.ts'
import { findRoutine } from './find-routine.ts'
import { maxAffectedCheck, singularCheck, topLevelRange, type ResultCheck } from './range.ts'
import { planRead } from './read-plan.ts'
import type { ReadNode } from './types.ts'

export interface CallAction {
  kind: 'call'
  routine: Routine
  args: CallArgs
  output: Output
  root: ReadNode
  /** GET/HEAD, or a function that is not volatile: the transaction is read-only. */
  readOnly: boolean
  /** max-affected under handling=strict. */
  strictMax: number | undefined
  /** Single object and max-affected; a read-only call applies it after the run, with nothing to undo. */
  check: ResultCheck
  /** Set when the Accept header asks for the statement's execution plan instead of its result. */
  explain?: PlanMedia
}

export function planCall(ctx: RequestContext, name: string, rawBody: Buffer): CallAction {
  const isRead = ctx.method === 'GET' || ctx.method === 'HEAD'
  const params = parseQueryParams(ctx.query, isRead)
  checkPreferences(ctx)
  const { output, plan: explain } = negotiateMedia(headerValue(ctx, 'accept'), false, planEnabled(ctx))
  const { type: bodyType, mime } = bodyTypeOf(headerValue(ctx, 'content-type'))
  let args: CallArgs
  let keys: Set<string>
  let payload: ReturnType<typeof parsePayload> | undefined
  if (isRead) {
    const values = new Map<string, string | string[]>()
    for (const [k, v] of params.rpcArgs) {
      const previous = values.get(k)
      values.set(k, previous === undefined ? v : [...(Array.isArray(previous) ? previous : [previous]), v])
    }
    args = { kind: 'direct', values }
    keys = new Set(values.keys())
  } else {
    payload = parsePayload(rawBody, bodyType, mime, params.columns, true)
    keys = payload.kind === 'json' ? new Set(payload.keys) : new Set()
    args =
      payload.kind === 'json'
        ? { kind: 'json', json: payload.json, isArray: payload.isArray, keys: [...keys] }
        : { kind: 'direct', values: new Map() }
  }
  const choice = findRoutine(ctx.cache, ctx.schema, name, keys, !isRead, bodyType)
  const { routine } = choice
  if (choice.single) {
    // One unnamed parameter: PostgREST calls it positionally (OnePosParam) with the body as sent (a raw body, the
    // JSON text, `[]` for a JSON scalar, '' for an empty body), or with the arguments of a GET or a form encoded as
    // a JSON object (`{"":"v"}`), however the function was matched.
    const param = routine.params[0]!
    let value: string | Buffer
    if (payload?.kind === 'raw') value = payload.raw
    else if (isRead && args.kind === 'direct') {
      const object: Record<string, string> = Object.create(null) as Record<string, string>
      for (const [k, v] of args.values) object[k] = Array.isArray(v) ? v[v.length - 1]! : v
      value = JSON.stringify(object)
    } else if (bodyType === 'json' && rawBody.length === 0) value = ''
    else value = payload!.json
    args = { kind: 'single', value, param }
  } else if (!isRead && bodyType === 'urlencoded' && payload?.kind === 'json') {
    args = { kind: 'direct', values: new Map(Object.entries(JSON.parse(payload.json) as Record<string, string>)) }
  }
  const strictMax = ctx.prefs.handling === 'strict' ? ctx.prefs.maxAffected : undefined
  const returnsSet = routine.returns.kind !== 'void' && routine.returns.set
  if (strictMax !== undefined && !returnsSet) throw apiErrors.maxAffectedRpc()
  topLevelRange(ctx, params)
  const table = resultTable(routine)
  const root = planRead({
    cache: ctx.cache,
    schema: ctx.schema,
    table,
    origin: table.name,
    from: { kind: 'source' },
    params,
    maxRows: maxRows(ctx),
    aggregatesEnabled: aggregatesEnabled(ctx),
    isMutation: false,
  })
  const readOnly = isRead || routine.volatility !== 'volatile'
  const singular = singularCheck(output)
  const maxAffected = maxAffectedCheck(strictMax)
  const check: ResultCheck = (r) => singular(r) ?? maxAffected(r)
  return { kind: 'call', routine, args, output, root, readOnly, strictMax, check, ...(explain ? { explain } : {}) }
}

/** The rows a function returns, seen as a relation: its table's when it returns a table's rows. */
function resultTable(routine: Routine): Table {
  const r = routine.returns
  if (r.kind === 'composite' && r.table) return r.table
  const columns =
    r.kind === 'composite'
      ? r.columns
      : [
          {
            name: 'pgrst_scalar',
            position: 1,
            type: r.kind === 'scalar' ? r.type : 'void',
            baseType: '',
            nullable: true,
            default: null,
          },
        ]
  return {
    oid: 0,
    schema: routine.schema,
    name: routine.name,
    kind: 'view',
    columns: new Map(columns.map((c) => [c.name, c])),
    columnList: columns,
    primaryKey: [],
    insertable: false,
    updatable: false,
    deletable: false,
    description: null,
  }
}
