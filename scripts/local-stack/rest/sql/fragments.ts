// SQL for the parts of a read plan: a column with its JSON path, the filter operators (PostgREST's SqlFragment),
// logic trees, order terms, and LIMIT/OFFSET. Values always go through Params.
import type { PlannedField, PlannedFilter, PlannedLogic, PlannedOrder } from '../plan/types.ts'
import type { Range } from '../request/types.ts'
import { arrayLiteral, quoteIdent, type Params } from './builder.ts'

export function fieldSql(ref: string, field: PlannedField, params: Params): string {
  if (field.column === '*') return `${ref}.*`
  const column = `${ref}.${quoteIdent(field.column)}`
  if (field.jsonPath.length === 0) return column
  let sql = field.toJson ? `to_jsonb(${column})` : column
  for (const step of field.jsonPath) {
    sql += step.index ? `${step.arrow}${params.add(step.key)}::int` : `${step.arrow}${params.text(step.key)}`
  }
  return sql
}

const quantSql = {
  eq: '=',
  gte: '>=',
  gt: '>',
  lte: '<=',
  lt: '<',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
}
const simpleSql = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' }
const ftsSql = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }
const isSql = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }

/** Replaces how `rel=is.null` filters are written (the count query tests existence instead). */
export type EmbedNullSql = (filter: Extract<PlannedFilter, { kind: 'embed-null' }>) => string

export function filterSql(ref: string, filter: PlannedFilter, params: Params, embedNull?: EmbedNullSql): string {
  if (filter.kind === 'embed-null') {
    if (embedNull) return embedNull(filter)
    // A to-many embed always yields a row, holding NULL when it found nothing: test that column. A to-one embed's
    // row is NULL as a whole when nothing matched.
    const agg = quoteIdent(filter.embed.aggAlias)
    const subject = filter.embed.toOne || filter.embed.spread ? agg : `${agg}.${agg}`
    return `${subject} IS ${filter.isNull ? 'NOT ' : ''}DISTINCT FROM NULL`
  }
  const { field, expr } = filter
  const op = expr.operation
  let sql: string
  switch (op.kind) {
    case 'quant': {
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replace(/\*/g, '%') : op.value
      const p = params.add(value)
      const rhs = op.quantifier === 'any' ? `ANY(${p})` : op.quantifier === 'all' ? `ALL(${p})` : p
      sql = `${fieldSql(ref, field, params)} ${quantSql[op.op]} ${rhs}`
      break
    }
    case 'simple':
      sql = `${fieldSql(ref, field, params)} ${simpleSql[op.op]} ${params.add(op.value)}`
      break
    case 'in':
      sql =
        op.values.length === 1 && op.values[0] === ''
          ? `${fieldSql(ref, field, params)} = ANY('{}')`
          : `${fieldSql(ref, field, params)} = ANY(${params.add(arrayLiteral(op.values))})`
      break
    case 'is':
      sql = `${fieldSql(ref, field, params)} IS ${isSql[op.value]}`
      break
    case 'isdistinct':
      sql = `${fieldSql(ref, field, params)} IS DISTINCT FROM ${params.add(op.value)}`
      break
    case 'fts': {
      const lang = op.language === undefined ? '' : `${params.add(op.language)}::regconfig, `
      const column = fieldSql(ref, field, params)
      const vector =
        field.baseType === 'tsvector' && field.jsonPath.length === 0 ? column : `to_tsvector(${lang}${column})`
      sql = `${vector} @@ ${ftsSql[op.op]}(${lang}${params.add(op.value)})`
      break
    }
  }
  return expr.negate ? `NOT (${sql})` : sql
}

export function logicSql(ref: string, tree: PlannedLogic, params: Params, embedNull?: EmbedNullSql): string {
  if (tree.kind === 'filter') return filterSql(ref, tree.filter, params, embedNull)
  const inner = tree.children
    .map((c) => logicSql(ref, c, params, embedNull))
    .join(tree.operator === 'and' ? ' AND ' : ' OR ')
  return `${tree.negate ? 'NOT ' : ''}(${inner})`
}

/** `orderRef` replaces the node's own reference for `rel(col)` terms (the column is read from the embed). */
export function orderSql(
  ref: string,
  terms: PlannedOrder[],
  params: Params,
  hidden: Map<PlannedOrder, string>,
): string {
  if (terms.length === 0) return ''
  const parts = terms.map((t) => {
    const hiddenColumn = hidden.get(t)
    const expr =
      t.relationAlias !== undefined && hiddenColumn !== undefined
        ? `${quoteIdent(t.relationAlias)}.${quoteIdent(hiddenColumn)}`
        : fieldSql(ref, t.field, params)
    const dir = t.direction === 'desc' ? ' DESC' : t.direction === 'asc' ? ' ASC' : ''
    const nulls = t.nulls === 'first' ? ' NULLS FIRST' : t.nulls === 'last' ? ' NULLS LAST' : ''
    return `${expr}${dir}${nulls}`
  })
  return ` ORDER BY ${parts.join(', ')}`
}

export function limitOffsetSql(range: Range, params: Params): string {
  if (range.offset === 0 && range.limit === undefined) return ''
  const limit = range.limit === undefined ? 'ALL' : params.add(String(range.limit))
  return ` LIMIT ${limit} OFFSET ${params.add(String(range.offset))}`
}
