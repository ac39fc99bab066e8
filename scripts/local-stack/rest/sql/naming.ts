// How each node of a read plan names its output columns. When every JSON key is a name from the schema cache
// (columns, relationships) the SQL columns carry those names and PostgreSQL's row_to_json writes the objects
// ("named"). When a request supplies its own keys (aliases, JSON-path keys), columns get synthetic names c0, c1,
// ... and the keys travel as bound parameters ("synthetic"), so no request text ever becomes SQL.
import type { EmbedNode, ReadNode } from '../plan/types.ts'

export type NodeNaming = Map<ReadNode, 'named' | 'synthetic'>

function hasOwnKeys(node: ReadNode): boolean {
  return (
    node.select.some((s) => s.alias !== undefined || s.aggregate !== undefined) ||
    node.embeds.some((e) => !e.spread && e.alias !== undefined)
  )
}

const isOrderTarget = (parent: ReadNode | undefined, embed: EmbedNode | undefined) =>
  parent !== undefined && embed !== undefined && parent.order.some((o) => o.relationAlias === embed.aggAlias)

/** Whether a spread child (and its own spreads) forces its parent to synthetic names. */
function spreadForces(embed: EmbedNode, parent: ReadNode): boolean {
  const child = embed.node
  return (
    !embed.toOne ||
    hasOwnKeys(child) ||
    isOrderTarget(parent, embed) ||
    child.embeds.some((e) => e.spread && spreadForces(e, child))
  )
}

/** `synthetic` forces the top level to synthetic names (CSV needs its header keys up front). */
export function decideNaming(root: ReadNode, synthetic = false): NodeNaming {
  const naming: NodeNaming = new Map()
  nameNode(naming, root, synthetic)
  return naming
}

function nameNode(naming: NodeNaming, node: ReadNode, forced: boolean, parent?: ReadNode, embed?: EmbedNode): void {
  const synthetic =
    forced ||
    hasOwnKeys(node) ||
    isOrderTarget(parent, embed) ||
    node.embeds.some((e) => e.spread && spreadForces(e, node))
  naming.set(node, synthetic ? 'synthetic' : 'named')
  for (const e of node.embeds) nameNode(naming, e.node, e.spread && synthetic, node, e)
}
