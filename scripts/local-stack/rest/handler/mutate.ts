// POST (insert, upsert), PATCH, PUT and DELETE on a table or view: the body's keys and `columns` are checked
// against the cache (PGRST204), filters pick the rows, and the statement returns what Prefer: return asks for.
// Single-object answers, max-affected and PUT decide commit or rollback once the rows are known.
import { ApiError, apiErrors } from '../errors.ts'
import type { RestPool } from '../execute/database.ts'
import { runRequest, type MainRow } from '../execute/transaction.ts'
import { planRead } from '../plan/read-plan.ts'
import { resolveFilter, resolveLogic } from '../plan/resolve.ts'
import type { PlannedLogic, ReadNode } from '../plan/types.ts'
import { parsePayload } from '../request/body.ts'
import { bodyTypeOf, negotiateOutput, type Output } from '../request/media.ts'
import { parseQueryParams } from '../request/query-params.ts'
import type { QueryParams } from '../request/types.ts'
import { contentRange } from '../render/range.ts'
import { applyGucs, headerText, type RestResponse } from '../render/response.ts'
import type { Table } from '../schema-cache/types.ts'
import { qualified } from '../sql/builder.ts'
import type { JsonBody } from '../sql/body.ts'
import { mutationSql, type MutationSql, type Returning } from '../sql/mutate.ts'
import { buildStatement } from '../sql/statements.ts'
import { bodyHeaders, singularCheck } from './common.ts'
import {
  aggregatesEnabled,
  checkPreferences,
  headerValue,
  preferenceApplied,
  transactionSettings,
  type RequestContext,
} from './context.ts'

export type MutationKind = 'insert' | 'update' | 'delete' | 'put'

export async function mutateTable(
  ctx: RequestContext,
  db: RestPool,
  table: Table,
  kind: MutationKind,
  rawBody: Buffer,
): Promise<RestResponse> {
  const params = parseQueryParams(ctx.query, false)
  checkPreferences(ctx)
  const rep = ctx.prefs.return
  const output = rep === 'representation' ? negotiateOutput(headerValue(ctx, 'accept')) : undefined
  if (kind === 'put' && params.ranges.size > 0) throw apiErrors.putLimit()
  const body = kind === 'delete' ? undefined : jsonBody(ctx, table, params, kind, rawBody)
  const root = planRead({
    cache: ctx.cache,
    schema: ctx.schema,
    table,
    origin: table.name,
    from: { kind: 'source' },
    params,
    maxRows: undefined,
    aggregatesEnabled: aggregatesEnabled(ctx),
    isMutation: true,
  })
  const where = rootWhere(table, params)
  if ((kind === 'update' || kind === 'delete') && where.length === 0) {
    throw new ApiError(400, {
      code: '21000',
      message: `${kind === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
      details: null,
      hint: null,
    })
  }
  const returning: Returning = rep === 'representation' || rep === 'headers-only' ? returningColumns(root, table) : []
  const mutation = mutationFor(ctx, table, kind, params, body, where, returning)
  const merge = mutation.kind === 'insert' && mutation.onConflict?.resolution === 'merge-duplicates'
  const main = buildStatement({
    root,
    body: output ?? { kind: 'none' },
    source: (p) => mutationSql(mutation, p),
    exactCount: false,
    plainSource: output === undefined,
    ...(kind === 'insert' && rep === 'headers-only' ? { locationColumns: table.primaryKey } : {}),
    countInserted: merge || kind === 'put',
  })
  const strictMax = ctx.prefs.handling === 'strict' ? ctx.prefs.maxAffected : undefined
  const singular = singularCheck(output)
  const needsCheck = output?.kind === 'object' || strictMax !== undefined || kind === 'put'
  const { row } = await runRequest(db, {
    settings: transactionSettings(ctx),
    main,
    readOnly: false,
    rollback: ctx.prefs.tx === 'rollback',
    ...(needsCheck
      ? {
          check: (r: MainRow) =>
            (kind === 'put' && r.pageTotal !== 1 ? apiErrors.putMatchingPk() : undefined) ??
            singular(r) ??
            (strictMax !== undefined && r.pageTotal > strictMax ? apiErrors.maxAffected(r.pageTotal) : undefined),
        }
      : {}),
  })
  return applyGucs(respond(ctx, params, table, kind, row, output, mutation), row.headers, row.status)
}

function jsonBody(ctx: RequestContext, table: Table, params: QueryParams, kind: MutationKind, raw: Buffer): JsonBody {
  const { type, mime } = bodyTypeOf(headerValue(ctx, 'content-type'))
  const payload = parsePayload(raw, type, mime, params.columns, false)
  if (payload.kind !== 'json') throw apiErrors.invalidBody(`Content-Type not acceptable: ${mime}`)
  const columns = payload.keys.map((name) => {
    const column = table.columns.get(name)
    if (!column) throw apiErrors.columnNotFound(table.name, name)
    return column
  })
  if (kind === 'put') {
    if (payload.isArray) throw apiErrors.putMatchingPk()
    if (table.primaryKey.some((k) => !payload.keys.includes(k))) throw apiErrors.putMatchingPk()
  }
  return {
    json: payload.json,
    isArray: payload.isArray,
    columns,
    applyDefaults: ctx.prefs.missing === 'default',
    limitOne: kind === 'update',
  }
}

/** The top-level filters of UPDATE/DELETE/PUT, written against the table itself. */
function rootWhere(table: Table, params: QueryParams): PlannedLogic[] {
  const node: ReadNode = {
    table,
    from: { kind: 'relation' },
    ref: qualified(table.schema, table.name),
    errorName: table.name,
    select: [],
    where: [],
    order: [],
    range: { offset: 0 },
    embeds: [],
    depth: 0,
  }
  return [
    ...params.logic.filter((l) => l.path.length === 0).map((l) => resolveLogic(node, l.tree)),
    ...params.filters
      .filter((f) => f.path.length === 0)
      .map((f): PlannedLogic => ({ kind: 'filter', filter: resolveFilter(node, f.filter) })),
  ]
}

/** What RETURNING must give for the response to render: the selected columns, keys for embeds and the PK. */
function returningColumns(root: ReadNode, table: Table): Returning {
  if (root.select.some((s) => s.field.column === '*') || root.select.length === 0) return '*'
  const columns = new Set(root.select.map((s) => s.field.column))
  for (const e of root.embeds) {
    const rel = e.relationship
    const own = rel.junction ? rel.junction.sourceColumns.map(([c]) => c) : rel.columns.map(([c]) => c)
    own.forEach((c) => columns.add(c))
  }
  table.primaryKey.forEach((c) => columns.add(c))
  return [...columns]
}

function mutationFor(
  ctx: RequestContext,
  table: Table,
  kind: MutationKind,
  params: QueryParams,
  body: JsonBody | undefined,
  where: PlannedLogic[],
  returning: Returning,
): MutationSql {
  if (kind === 'delete') return { kind: 'delete', table, where, returning }
  if (kind === 'update') return { kind: 'update', table, body: body!, where, returning }
  if (kind === 'put') {
    const pk = new Set(table.primaryKey)
    const filters = params.filters.filter((f) => f.path.length === 0)
    const onlyPkEq =
      params.logic.length === 0 &&
      pk.size > 0 &&
      filters.length === pk.size &&
      filters.every((f) => {
        const op = f.filter.expr.operation
        return (
          pk.has(f.filter.field.name) &&
          !f.filter.expr.negate &&
          op.kind === 'quant' &&
          op.op === 'eq' &&
          !op.quantifier
        )
      })
    if (!onlyPkEq) throw apiErrors.invalidFilters()
    return {
      kind: 'insert',
      table,
      body: body!,
      putConditions: where,
      onConflict: { resolution: 'merge-duplicates', columns: table.primaryKey },
      returning,
    }
  }
  const resolution = ctx.prefs.resolution
  const conflictColumns = params.onConflict ?? table.primaryKey
  for (const c of conflictColumns) {
    if (!table.columns.has(c))
      throw new ApiError(400, { code: '42703', message: `column "${c}" does not exist`, details: null, hint: null })
  }
  return resolution && conflictColumns.length > 0
    ? { kind: 'insert', table, body: body!, onConflict: { resolution, columns: conflictColumns }, returning }
    : { kind: 'insert', table, body: body!, returning }
}

function respond(
  ctx: RequestContext,
  params: QueryParams,
  table: Table,
  kind: MutationKind,
  row: MainRow,
  output: Output | undefined,
  mutation: MutationSql,
): RestResponse {
  const count = ctx.prefs.count
  const total = count ? row.pageTotal : undefined
  const headers: Record<string, string> = {}
  let status: number
  const honoured: Parameters<typeof preferenceApplied>[1] = {}
  if (ctx.prefs.return) honoured.return = ctx.prefs.return
  if (count) honoured.count = count
  if (kind === 'insert' || kind === 'put') {
    const merge = mutation.kind === 'insert' && mutation.onConflict?.resolution === 'merge-duplicates'
    if (kind === 'put') status = output ? (row.inserted !== null && row.inserted > 0 ? 201 : 200) : 204
    else status = merge && row.inserted !== null && row.inserted <= 0 ? 200 : 201
    if (kind === 'insert') {
      if (row.location) headers.Location = location(table.name, row.location)
      headers['Content-Range'] = contentRange(1, 0, total)
      if (ctx.prefs.resolution && (table.primaryKey.length > 0 || params.onConflict !== undefined))
        honoured.resolution = ctx.prefs.resolution
      if (ctx.prefs.missing) honoured.missing = ctx.prefs.missing
    }
  } else {
    status = output ? 200 : 204
    headers['Content-Range'] = kind === 'update' ? contentRange(0, row.pageTotal - 1, total) : contentRange(1, 0, total)
    if (kind === 'update' && ctx.prefs.missing) honoured.missing = ctx.prefs.missing
    if (ctx.prefs.handling === 'strict' && ctx.prefs.maxAffected !== undefined)
      honoured.maxAffected = ctx.prefs.maxAffected
  }
  Object.assign(headers, preferenceApplied(ctx, honoured))
  if (output) Object.assign(headers, bodyHeaders(ctx, output))
  return { status, headers, body: output ? row.body : '' }
}

function location(table: string, pairsJson: string): string {
  const pairs = JSON.parse(pairsJson) as string[] | null
  const query = (pairs ?? [])
    .map((p) => {
      const eq = p.indexOf('=')
      return `${encodeURIComponent(p.slice(0, eq))}=${encodeURIComponent(p.slice(eq + 1))}`
    })
    .join('&')
  return headerText(`/${table}${query === '' ? '' : `?${query}`}`)
}
