// Resolving the names a request uses inside one node of the read plan: columns (unknown ones fail the way
// PostgreSQL would, 42703), casts (only types the cache knows), filters, logic trees and order terms.
import { apiErrors } from '../errors.ts'
import type { Field, Filter, LogicTree, OrderTerm, SelectField } from '../request/types.ts'
import { levenshtein } from '../schema-cache/fuzzy.ts'
import { resolveCast } from '../schema-cache/type-names.ts'
import type { SchemaCache } from '../schema-cache/types.ts'
import type {
  EmbedNode,
  PlannedField,
  PlannedFilter,
  PlannedLogic,
  PlannedOrder,
  PlannedSelect,
  ReadNode,
} from './types.ts'

/** PostgreSQL's own hint rule: the one closest column within 3 edits and half its length. */
function columnHint(node: ReadNode, name: string): string | null {
  let best: string | null = null
  let bestDistance = 4
  let tie = false
  for (const column of node.table.columnList) {
    const distance = levenshtein(name, column.name)
    if (distance > Math.floor(column.name.length / 2) || distance > bestDistance) continue
    if (distance === bestDistance) tie = true
    else {
      best = column.name
      bestDistance = distance
      tie = false
    }
  }
  return tie ? null : best
}

/**
 * A name that is no column may still be what PostgreSQL's attribute notation calls on the row: a computed field, or
 * `count`, the aggregate (PostgREST's `rel(count)`, which answers `[{"count": n}]` whether aggregates are on or not).
 */
function computedField(node: ReadNode, field: Field): PlannedField | undefined {
  const fn = node.table.computed?.get(field.name)
  const baseType = fn ? fn.baseType : field.name === 'count' ? 'int8' : undefined
  if (baseType === undefined) return undefined
  const isJson = baseType === 'json' || baseType === 'jsonb'
  return {
    column: field.name,
    jsonPath: field.jsonPath,
    toJson: field.jsonPath.length > 0 && !isJson,
    baseType,
    computed: true,
  }
}

export function resolveField(node: ReadNode, field: Field): PlannedField {
  if (field.name === '*') return { column: '*', jsonPath: [], toJson: false, baseType: '' }
  const column = node.table.columns.get(field.name)
  if (!column) {
    const computed = computedField(node, field)
    if (computed) return computed
    throw apiErrors.undefinedColumn(node.errorName, field.name, columnHint(node, field.name))
  }
  const isJson = column.baseType === 'json' || column.baseType === 'jsonb'
  return {
    column: column.name,
    jsonPath: field.jsonPath,
    toJson: field.jsonPath.length > 0 && !isJson,
    baseType: column.baseType,
  }
}

export function resolveCastName(cache: SchemaCache, name: string): string {
  const type = resolveCast(cache.types, name)
  if (!type) throw apiErrors.undefinedType(name)
  return type
}

/** The output name PostgREST gives a JSON path without an alias: its last key. */
function jsonPathAlias(field: Field): string | undefined {
  const keys = field.jsonPath.filter((s) => !s.index)
  if (field.jsonPath.length === 0) return undefined
  const last = field.jsonPath[field.jsonPath.length - 1]!
  return last.index ? (keys[keys.length - 1]?.key ?? field.name) : last.key
}

export function resolveSelect(cache: SchemaCache, node: ReadNode, item: SelectField): PlannedSelect {
  const planned: PlannedSelect = { field: resolveField(node, item.field) }
  if (item.cast !== undefined) planned.cast = resolveCastName(cache, item.cast)
  if (item.aggregate) planned.aggregate = item.aggregate
  if (item.aggregateCast !== undefined) planned.aggregateCast = resolveCastName(cache, item.aggregateCast)
  const alias = item.alias ?? (item.aggregate ? undefined : jsonPathAlias(item.field))
  if (alias !== undefined) planned.alias = alias
  return planned
}

const embedNamed = (node: ReadNode, name: string): EmbedNode | undefined =>
  node.embeds.find((e) => (e.alias ?? e.name) === name)

export function resolveFilter(node: ReadNode, filter: Filter): PlannedFilter {
  const { field, expr } = filter
  const embed = field.jsonPath.length === 0 ? embedNamed(node, field.name) : undefined
  if (
    embed &&
    expr.operation.kind === 'is' &&
    (expr.operation.value === 'null' || expr.operation.value === 'not_null')
  ) {
    const isNull = (expr.operation.value === 'null') !== expr.negate
    return { kind: 'embed-null', embed, isNull }
  }
  if (embed && !node.table.columns.has(field.name)) throw apiErrors.unacceptableFilter(field.name)
  return { kind: 'op', field: resolveField(node, field), expr }
}

export function resolveLogic(node: ReadNode, tree: LogicTree): PlannedLogic {
  if (tree.kind === 'filter') return { kind: 'filter', filter: resolveFilter(node, tree.filter) }
  return {
    kind: 'expr',
    negate: tree.negate,
    operator: tree.operator,
    children: tree.children.map((c) => resolveLogic(node, c)),
  }
}

export function resolveOrder(node: ReadNode, term: OrderTerm): PlannedOrder {
  let planned: PlannedOrder
  if (term.relation !== undefined) {
    const embed = node.embeds.find((e) => e.name === term.relation || e.alias === term.relation)
    if (!embed) throw apiErrors.notEmbedded(term.relation)
    if (!embed.toOne) throw apiErrors.relatedOrderNotToOne(node.table.name, term.relation)
    planned = { field: resolveField(embed.node, term.field), relationAlias: embed.aggAlias }
  } else {
    planned = { field: resolveField(node, term.field) }
  }
  if (term.direction) planned.direction = term.direction
  if (term.nulls) planned.nulls = term.nulls
  return planned
}
