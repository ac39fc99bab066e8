// Builds the read plan tree of a request: the select tree with each embedded resource bound to a relationship,
// then filters, logic trees, order and ranges placed on the node their path names (PGRST108 when it names no
// embedded resource), and max_rows applied to every level.
import { apiErrors } from '../errors.ts'
import type { EmbedPath, QueryParams, Range, SelectItem } from '../request/types.ts'
import { isToOne } from '../schema-cache/relationships.ts'
import type { SchemaCache, Table } from '../schema-cache/types.ts'
import { quoteIdent } from '../sql/builder.ts'
import { findRelationship } from './find-relationship.ts'
import { checkJoinAliases } from './join-aliases.ts'
import { resolveFilter, resolveLogic, resolveOrder, resolveSelect } from './resolve.ts'
import type { EmbedNode, FromSource, ReadNode } from './types.ts'

export interface ReadPlanInput {
  cache: SchemaCache
  schema: string
  table: Table
  /** The name relationships are looked up from at the top (a function's result reads as its table). */
  origin: string
  from: FromSource
  params: QueryParams
  maxRows: number | undefined
  aggregatesEnabled: boolean
  /** Mutations have no order or ranges of their own. */
  isMutation: boolean
}

/** A node over `table` that selects, filters and embeds nothing yet: a source (a CTE) or the table itself. */
export function emptyNode(table: Table, from: ReadNode['from']): ReadNode {
  const ref = from.kind === 'source' ? quoteIdent(table.name) : `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`
  return {
    table,
    from,
    ref,
    errorName: table.name,
    select: [],
    where: [],
    order: [],
    range: { offset: 0 },
    embeds: [],
    depth: 0,
  }
}

export function planRead(input: ReadPlanInput): ReadNode {
  const { table, from } = input
  const root = emptyNode(table, from)
  addSelect(input, root, input.params.select, input.origin, { embeds: 0 })
  const { params } = input
  for (const { path, filter } of params.filters) {
    if (input.isMutation && path.length === 0) continue
    const node = nodeAt(root, path)
    node.where.push({ kind: 'filter', filter: resolveFilter(node, filter) })
  }
  for (const { path, tree } of params.logic) {
    if (input.isMutation && path.length === 0) continue
    const node = nodeAt(root, path)
    node.where.unshift(resolveLogic(node, tree))
  }
  if (!input.isMutation) {
    for (const { path, terms } of params.order) {
      const node = nodeAt(root, path)
      node.order = terms.map((t) => resolveOrder(node, t))
    }
    for (const [path, range] of params.ranges) {
      nodeAt(root, path === '' ? [] : path.split('.')).range = range
    }
    if (input.maxRows !== undefined) restrictRanges(root, input.maxRows)
  }
  if (!input.aggregatesEnabled && hasAggregate(root)) throw apiErrors.aggregatesNotAllowed()
  // PostgREST plans everything above before the database sees the statement and refuses duplicate joins.
  checkJoinAliases(root)
  return root
}

/**
 * Names the SQL uses for embedded resources: numbered in the statement (`pgrst_e1`, its lateral join `pgrst_a1`,
 * its junction `pgrst_j1`) rather than built from the request's names and aliases, which PostgreSQL would cut at 63
 * bytes and so make two long ones the same.
 */
interface Aliases {
  embeds: number
}

function addSelect(input: ReadPlanInput, node: ReadNode, items: SelectItem[], origin: string, aliases: Aliases): void {
  for (const item of items) {
    if (item.kind === 'field') {
      node.select.push(resolveSelect(input.cache, node, item))
      continue
    }
    const rel = findRelationship(input.cache, input.schema, origin, item.name, item.hint)
    const depth = node.depth + 1
    const n = ++aliases.embeds
    const child: ReadNode = {
      table: rel.foreignTable,
      from: { kind: 'relation' },
      ref: quoteIdent(`pgrst_e${n}`),
      // PostgreSQL's messages in PostgREST name embedded tables this way.
      errorName: `${rel.foreignTable.name}_${depth}`,
      select: [],
      where: [],
      order: [],
      range: { offset: 0 },
      embeds: [],
      depth,
    }
    const embed: EmbedNode = {
      node: child,
      relationship: rel,
      name: item.name,
      aggAlias: `pgrst_a${n}`,
      spread: item.spread,
      toOne: isToOne(rel),
      empty: isEmptySelect(item.children),
    }
    if (item.alias !== undefined) embed.alias = item.alias
    if (item.joinType) embed.joinType = item.joinType
    if (rel.junction) embed.junctionRef = quoteIdent(`pgrst_j${n}`)
    node.embeds.push(embed)
    addSelect(input, child, item.children, rel.foreignTable.name, aliases)
  }
}

function isEmptySelect(items: SelectItem[]): boolean {
  return items.every((i) => i.kind === 'relation' && isEmptySelect(i.children))
}

/** The node an embed path leads to, matching resource names or their aliases. */
function nodeAt(root: ReadNode, path: EmbedPath): ReadNode {
  let node = root
  for (const name of path) {
    const embed = node.embeds.find((e) => e.name === name || e.alias === name)
    if (!embed) throw apiErrors.notEmbedded(name)
    node = embed.node
  }
  return node
}

function restrictRanges(node: ReadNode, maxRows: number): void {
  const r: Range = node.range
  node.range = { offset: r.offset, limit: r.limit === undefined ? maxRows : Math.min(r.limit, maxRows) }
  for (const e of node.embeds) restrictRanges(e.node, maxRows)
}

function hasAggregate(node: ReadNode): boolean {
  return node.select.some((s) => s.aggregate) || node.embeds.some((e) => hasAggregate(e.node))
}
