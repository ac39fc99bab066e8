// Functions over RPC: GET and HEAD with arguments in the query string (read-only), POST with a JSON object, a form,
// or a body that goes whole to a function's single unnamed parameter. Results are read like a table (filters, order, limit, embedding
// when they are rows of a table) and answered as JSON, a single object, a scalar or CSV.
import { apiErrors } from '../errors.ts'
import type { RestPool } from '../execute/database.ts'
import { runRequest, type MainRow } from '../execute/transaction.ts'
import { findRoutine } from '../plan/find-routine.ts'
import { planRead } from '../plan/read-plan.ts'
import { parsePayload } from '../request/body.ts'
import { bodyTypeOf, negotiateOutput } from '../request/media.ts'
import { parseQueryParams } from '../request/query-params.ts'
import { rangeStatus } from '../render/range.ts'
import { applyGucs, type RestResponse } from '../render/response.ts'
import type { Routine, Table } from '../schema-cache/types.ts'
import type { CallArgs } from '../sql/call.ts'
import { callSql } from '../sql/call.ts'
import { buildStatement, explainCountStatement } from '../sql/statements.ts'
import { bodyHeaders, reportedTotal, singularCheck, topLevelRange } from './common.ts'
import {
  aggregatesEnabled,
  checkPreferences,
  headerValue,
  preferenceApplied,
  transactionSettings,
  type RequestContext,
} from './context.ts'

export async function callRoutine(
  ctx: RequestContext,
  db: RestPool,
  name: string,
  rawBody: Buffer,
): Promise<RestResponse> {
  const isRead = ctx.method === 'GET' || ctx.method === 'HEAD'
  const params = parseQueryParams(ctx.query, isRead)
  checkPreferences(ctx)
  const output = negotiateOutput(headerValue(ctx, 'accept'))
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
  if (choice.single && payload) {
    // The whole body goes to the function's one unnamed parameter (findRoutine only picks such functions).
    const param = routine.params[0]!
    const value =
      payload.kind === 'raw' ? (param.type === 'bytea' ? payload.raw : payload.raw.toString('utf8')) : payload.json
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
    maxRows: ctx.settings.maxRows,
    aggregatesEnabled: aggregatesEnabled(ctx),
    isMutation: false,
  })
  const count = ctx.prefs.count
  const source = (p: Parameters<typeof callSql>[2]) => callSql(routine, args, p)
  const head = ctx.method === 'HEAD'
  const main = buildStatement({
    root,
    body: head ? { kind: 'none' } : output,
    source,
    exactCount: count === 'exact' || count === 'estimated',
    ...(routine.returns.kind === 'scalar' || routine.returns.kind === 'void'
      ? { scalar: { set: routine.returns.kind === 'scalar' && routine.returns.set } }
      : {}),
    singleRow: routine.returns.kind === 'composite' && !routine.returns.set,
  })
  const readOnly = isRead || routine.volatility !== 'volatile'
  const singular = singularCheck(output)
  const check = (r: MainRow) =>
    singular(r) ?? (strictMax !== undefined && r.pageTotal > strictMax ? apiErrors.maxAffected(r.pageTotal) : undefined)
  // A read-only call has nothing to undo: its checks wait for the result instead of holding the transaction open.
  const { row, planned } = await runRequest(db, {
    settings: transactionSettings(ctx),
    main,
    ...(count === 'planned' || count === 'estimated' ? { explain: explainCountStatement(root, source) } : {}),
    readOnly,
    rollback: ctx.prefs.tx === 'rollback',
    ...(!readOnly && (output.kind === 'object' || strictMax !== undefined) ? { check } : {}),
  })
  if (readOnly) {
    const failure = check(row)
    if (failure) throw failure
  }
  const total = reportedTotal(ctx, row, planned)
  const { status, contentRange } = rangeStatus(root.range.offset, row.pageTotal, total)
  if (status === 416) throw apiErrors.outOfBounds(root.range.offset, total ?? 0)
  const prefs = preferenceApplied(ctx, {
    ...(count ? { count } : {}),
    ...(strictMax !== undefined ? { maxAffected: strictMax } : {}),
  })
  const response: RestResponse =
    routine.returns.kind === 'void'
      ? { status: 204, headers: { 'Content-Range': contentRange, ...prefs }, body: '' }
      : {
          status,
          headers: { 'Content-Range': contentRange, ...prefs, ...bodyHeaders(ctx, output) },
          body: head ? '' : row.body,
        }
  return applyGucs(response, row.headers, row.status)
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
