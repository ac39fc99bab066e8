// The SELECT for a read plan node and, recursively, its embedded resources as LATERAL joins (PostgREST's
// readPlanToQuery): to-one embeds become objects, to-many embeds json_agg arrays, spreads lift their columns.
import type { EmbedNode, PlannedOrder, PlannedSelect, ReadNode } from '../plan/types.ts'
import { qualified, quoteIdent, type Params } from './builder.ts'
import { fieldSql, limitOffsetSql, logicSql, orderSql } from './fragments.ts'
import type { NodeNaming } from './naming.ts'

export interface NodeOutput {
  /** JSON key, and the SQL column holding its value (synthetic naming only). */
  key: string
  column: string
}

export interface NodeSql {
  sql: string
  synthetic: boolean
  /** The node's keys in order; only complete for synthetic naming. */
  outputs: NodeOutput[]
}

interface Context {
  params: Params
  naming: NodeNaming
  /** Names of extra columns a parent orders by, per order term. */
  hidden: Map<PlannedOrder, string>
}

const aggregateSql = { count: 'COUNT', sum: 'SUM', avg: 'AVG', max: 'MAX', min: 'MIN' }

function selectExpr(ref: string, s: PlannedSelect, params: Params): string {
  let sql = s.aggregate === 'count' && s.field.column === '*' ? '*' : fieldSql(ref, s.field, params)
  if (s.cast) sql = `CAST(${sql} AS ${s.cast})`
  if (s.aggregate) sql = `${aggregateSql[s.aggregate]}(${sql})`
  if (s.aggregateCast) sql = `CAST(${sql} AS ${s.aggregateCast})`
  return sql
}

function defaultKey(s: PlannedSelect): string {
  return s.aggregate ?? s.field.column
}

/** The JSON value of a to-one embed from its lateral row (NULL when nothing matched). */
function objectExpr(child: NodeSql, agg: string, params: Params): string {
  if (!child.synthetic) return `row_to_json(${agg}.*)`
  return `CASE WHEN ${agg}."pgrst_found" IS NULL THEN NULL ELSE ${jsonObject(child.outputs, agg, params)} END`
}

export function jsonObject(outputs: NodeOutput[], ref: string, params: Params): string {
  const pairs = outputs.map((o) => `${params.text(o.key)} VALUE ${ref}.${quoteIdent(o.column)}`)
  return `JSON_OBJECT(${pairs.join(', ')} RETURNING json)`
}

/** The select list of one node as it is built: its items, and in synthetic naming the key of each column. */
interface SelectList {
  synthetic: boolean
  items: string[]
  outputs: NodeOutput[]
  /** 1-based positions of the items a GROUP BY names. */
  grouped: number[]
}

function addItem(list: SelectList, expr: string, key: string | undefined, groupable: boolean): void {
  if (list.synthetic) {
    const column = `c${list.outputs.length}`
    list.outputs.push({ key: key ?? column, column })
    list.items.push(`${expr} AS ${quoteIdent(column)}`)
  } else {
    list.items.push(key === undefined ? expr : `${expr} AS ${quoteIdent(key)}`)
  }
  if (groupable) list.grouped.push(list.items.length)
}

export function nodeQuery(node: ReadNode, ctx: Context, parent?: { node: ReadNode; embed: EmbedNode }): NodeSql {
  const { params } = ctx
  const synthetic = ctx.naming.get(node) === 'synthetic'
  const ref = node.ref
  const items: string[] = []
  const outputs: NodeOutput[] = []
  const grouped: number[] = []
  const hasAggregate = node.select.some((s) => s.aggregate)
  const list: SelectList = { synthetic, items, outputs, grouped }

  if (synthetic && parent?.embed.toOne) items.push('true AS "pgrst_found"')
  const selects = node.select.length === 0 && node.embeds.length === 0 ? [starSelect()] : node.select
  for (const s of selects) {
    if (s.field.column === '*' && !s.aggregate) {
      if (synthetic) for (const c of node.table.columnList) addItem(list, `${ref}.${quoteIdent(c.name)}`, c.name, true)
      else items.push(`${ref}.*`)
      continue
    }
    addItem(list, selectExpr(ref, s, params), synthetic ? (s.alias ?? defaultKey(s)) : undefined, !s.aggregate)
  }

  const joins: string[] = []
  for (const e of node.embeds) {
    const child = nodeQuery(e.node, ctx, { node, embed: e })
    const agg = quoteIdent(e.aggAlias)
    joins.push(joinSql(e, child, agg, params))
    if (e.empty) continue
    if (e.spread) {
      if (synthetic) for (const o of child.outputs) addItem(list, `${agg}.${quoteIdent(o.column)}`, o.key, true)
      else items.push(`${agg}.*`)
      continue
    }
    let value = e.toOne ? objectExpr(child, agg, params) : `COALESCE(${agg}.${agg}, '[]')`
    // json has no equality operator, so grouping needs jsonb.
    if (hasAggregate) value = `(${value})::jsonb`
    addItem(list, value, synthetic ? (e.alias ?? e.name) : e.name, true)
  }

  for (const term of parent?.node.order ?? []) {
    if (term.relationAlias !== parent?.embed.aggAlias) continue
    const column = `pgrst_order_${ctx.hidden.size}`
    ctx.hidden.set(term, column)
    items.push(`${fieldSql(ref, term.field, params)} AS ${quoteIdent(column)}`)
  }

  const where = node.where.map((w) => logicSql(ref, w, params))
  if (parent) where.push(...joinConditions(parent.node.ref, node, parent.embed))
  let sql = `SELECT ${items.join(', ')} ${fromSql(node, parent)}${joins.join('')}`
  if (where.length > 0) sql += ` WHERE ${where.join(' AND ')}`
  if (hasAggregate && grouped.length > 0) sql += ` GROUP BY ${grouped.join(', ')}`
  sql += orderSql(ref, node.order, params, ctx.hidden)
  sql += limitOffsetSql(node.range, params)
  return { sql, synthetic, outputs }
}

function starSelect(): PlannedSelect {
  return { field: { column: '*', jsonPath: [], toJson: false, baseType: '' } }
}

/** How a node's row is passed whole to a function: a table read without an alias goes by its bare name. */
function wholeRow(node: ReadNode): string {
  return node.from.kind === 'relation' && node.depth === 0 ? quoteIdent(node.table.name) : node.ref
}

export function fromSql(node: ReadNode, parent?: { node: ReadNode; embed: EmbedNode }): string {
  if (node.from.kind === 'source') return `FROM pgrst_source AS ${node.ref}`
  if (!parent) return `FROM ${node.ref}`
  const { embed } = parent
  const computed = embed.relationship.computed
  // A computed relationship reads the function's rows for the parent row; the call is its join condition.
  if (computed) return `FROM ${qualified(computed.schema, computed.name)}(${wholeRow(parent.node)}) AS ${node.ref}`
  let sql = `FROM ${qualified(node.table.schema, node.table.name)} AS ${node.ref}`
  const junction = embed.relationship.junction
  if (junction) sql += `, ${qualified(junction.table.schema, junction.table.name)} AS ${embed.junctionRef!}`
  return sql
}

export function joinConditions(parentRef: string, node: ReadNode, embed: EmbedNode): string[] {
  const rel = embed.relationship
  if (rel.computed) return []
  if (rel.junction) {
    const j = embed.junctionRef!
    return [
      ...rel.junction.targetColumns.map(([t, jc]) => `${node.ref}.${quoteIdent(t)} = ${j}.${quoteIdent(jc)}`),
      ...rel.junction.sourceColumns.map(([s, jc]) => `${j}.${quoteIdent(jc)} = ${parentRef}.${quoteIdent(s)}`),
    ]
  }
  return rel.columns.map(([local, foreign]) => `${node.ref}.${quoteIdent(foreign)} = ${parentRef}.${quoteIdent(local)}`)
}

function joinSql(e: EmbedNode, child: NodeSql, agg: string, params: Params): string {
  const join = e.joinType === 'inner' ? 'INNER' : 'LEFT'
  if (e.toOne) return ` ${join} JOIN LATERAL (${child.sql}) AS ${agg} ON TRUE`
  if (e.spread) {
    const columns = child.outputs.map(
      (o) => `COALESCE(json_agg(${agg}.${quoteIdent(o.column)}), '[]') AS ${quoteIdent(o.column)}`,
    )
    const having = e.joinType === 'inner' ? ' HAVING count(*) > 0' : ''
    return ` ${join} JOIN LATERAL (SELECT ${columns.join(', ')} FROM (${child.sql}) AS ${agg}${having}) AS ${agg} ON TRUE`
  }
  const element = child.synthetic ? jsonObject(child.outputs, agg, params) : agg
  const on = e.joinType === 'inner' ? `${agg}.${agg} IS NOT NULL` : 'TRUE'
  return ` ${join} JOIN LATERAL (SELECT json_agg(${element}) AS ${agg} FROM (${child.sql}) AS ${agg}) AS ${agg} ON ${on}`
}
