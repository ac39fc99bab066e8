// PostgREST names the lateral join of every embed `<table>_<embed name or alias>_<depth>` (Plan.hs addRels), so two
// embeds of one node under the same name (the same table twice without aliases, or one alias given twice) make
// PostgreSQL refuse the statement with 42712. Our SQL numbers its joins instead; this check answers what upstream does.
import { apiErrors } from '../errors.ts'
import type { ReadNode } from './types.ts'

/** PostgreSQL keeps the first 63 bytes of an identifier, never splitting a character (truncate_identifier). */
export function truncateIdentifier(name: string): string {
  const bytes = Buffer.from(name, 'utf8')
  if (bytes.length <= 63) return name
  let end = 63
  // Back up over UTF-8 continuation bytes so the cut falls on a character boundary.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--
  return bytes.subarray(0, end).toString('utf8')
}

/** Throws 42712 for the first node (depth first, as PostgreSQL meets them) with two joins under one name. */
export function checkJoinAliases(node: ReadNode): void {
  const seen = new Set<string>()
  for (const e of node.embeds) {
    checkJoinAliases(e.node)
    const alias = truncateIdentifier(`${e.relationship.table.name}_${e.alias ?? e.name}_${e.node.depth}`)
    if (seen.has(alias)) throw apiErrors.duplicateAlias(alias)
    seen.add(alias)
  }
}
