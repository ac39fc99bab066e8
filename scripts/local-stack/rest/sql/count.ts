// The query behind `Prefer: count=...`: the top-level rows that match, ignoring limit and offset. Embedded
// resources only matter when they filter (`!inner`, `rel=is.null`), and then as EXISTS tests, as in PostgREST's
// readPlanToCountQuery.
import type { EmbedNode, ReadNode } from '../plan/types.ts'
import type { Params } from './builder.ts'
import { logicSql, type EmbedNullSql } from './fragments.ts'
import { fromSql, joinConditions } from './read.ts'

export function countQuery(node: ReadNode, params: Params, parent?: { node: ReadNode; embed: EmbedNode }): string {
  const embedNull: EmbedNullSql = (f) =>
    `${f.isNull ? 'NOT ' : ''}EXISTS (${countQuery(f.embed.node, params, { node, embed: f.embed })})`
  const where = node.where.map((w) => logicSql(node.ref, w, params, embedNull))
  if (parent) where.push(...joinConditions(parent.node.ref, node, parent.embed))
  for (const e of node.embeds) {
    if (e.joinType === 'inner') where.push(`EXISTS (${countQuery(e.node, params, { node, embed: e })})`)
  }
  return `SELECT 1 ${fromSql(node, parent)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`
}
