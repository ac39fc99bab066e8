// POST (insert, upsert), PATCH, PUT and DELETE on a table or view, planned: the body's keys and `columns` checked
// against the cache (PGRST204), the filters that pick the rows, what RETURNING must give for Prefer: return, and
// the checks (single object, max-affected, PUT) that decide commit or rollback once the rows are known.
import { apiErrors } from '../errors.ts'
import { parsePayload } from '../request/body.ts'
import {
  aggregatesEnabled,
  checkPreferences,
  headerValue,
  planEnabled,
  type RequestContext,
} from '../request/context.ts'
import { bodyTypeOf, negotiateMedia, type Output, type PlanMedia } from '../request/media.ts'
import { parseQueryParams } from '../request/query-params.ts'
import type { QueryParams } from '../request/types.ts'
import type { Table } from '../schema-cache/types.ts'
import type { JsonBody } from '../sql/body.ts'
import type { MutationSql, Returning } from '../sql/mutate.ts'
import { maxAffectedCheck, singularCheck, type ResultCheck } from './range.ts'
import { emptyNode, planRead } from './read-plan.ts'
import { resolveFilter, resolveLogic } from './resolve.ts'
import type { PlannedLogic, ReadNode } from './types.ts'

export type MutationKind = 'insert' | 'update' | 'delete' | 'put'

export interface MutateAction {
  kind: 'mutate'
  mutation: MutationKind
  table: Table
  params: QueryParams
  /** What return=representation renders; undefined when the body is empty. */
  output: Output | undefined
  root: ReadNode
  sql: MutationSql
  /** Set when the outcome decides commit or rollback. */
  check?: ResultCheck
  /** Set when the Accept header asks for the statement's execution plan instead of its result. */
  explain?: PlanMedia
}

export function planMutation(ctx: RequestContext, table: Table, kind: MutationKind, rawBody: Buffer): MutateAction {
  const params = parseQueryParams(ctx.query, false)
  checkPreferences(ctx)
  const rep = ctx.prefs.return
  // Negotiated whatever Prefer: return says, as PostgREST does; only return=representation renders the rows.
  const negotiated = negotiateMedia(headerValue(ctx, 'accept'), false, planEnabled(ctx))
  const output = rep === 'representation' ? negotiated.output : undefined
  const explain = negotiated.plan
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
    throw apiErrors.whereRequired(kind === 'update' ? 'UPDATE' : 'DELETE')
  }
  const returning: Returning = rep === 'representation' || rep === 'headers-only' ? returningColumns(root, table) : []
  const sql = mutationFor(ctx, table, kind, params, body, where, returning)
  const strictMax = ctx.prefs.handling === 'strict' ? ctx.prefs.maxAffected : undefined
  const needsCheck = output?.kind === 'object' || strictMax !== undefined || kind === 'put'
  const singular = singularCheck(output)
  const maxAffected = maxAffectedCheck(strictMax)
  const check: ResultCheck = (r) =>
    (kind === 'put' && r.pageTotal !== 1 ? apiErrors.putMatchingPk() : undefined) ?? singular(r) ?? maxAffected(r)
  return {
    kind: 'mutate',
    mutation: kind,
    table,
    params,
    output,
    root,
    sql,
    ...(needsCheck ? { check } : {}),
    ...(explain ? { explain } : {}),
  }
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
  const node = emptyNode(table, { kind: 'relation' })
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
    if (!table.columns.has(c)) throw apiErrors.conflictColumn(c)
  }
  return resolution && conflictColumns.length > 0
    ? { kind: 'insert', table, body: body!, onConflict: { resolution, columns: conflictColumns }, returning }
    : { kind: 'insert', table, body: body!, returning }
}
