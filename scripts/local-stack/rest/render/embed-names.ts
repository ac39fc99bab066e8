// PostgreSQL names our SQL's embed aliases (`pgrst_e<n>`) in its messages; PostgREST's own SQL calls the same rows
// `<table>_<depth>`. A database error is passed on with PostgREST's names, so `rel(id,count)` still reads
// `column "sections_1.id" must appear in the GROUP BY clause ...` as upstream.
import type { DbError } from '../execute/pipeline.ts'
import type { ReadNode } from '../plan/types.ts'

function collect(node: ReadNode, names: Map<string, string>): void {
  for (const e of node.embeds) {
    names.set(e.node.ref.replace(/"/g, ''), e.node.errorName)
    collect(e.node, names)
  }
}

/** The error with every embed alias in its message, detail and hint replaced by PostgREST's name for it. */
export function withUpstreamNames(error: unknown, root: ReadNode): unknown {
  const db = error as DbError
  if (typeof db?.message !== 'string' || db.severity === undefined || root.embeds.length === 0) return error
  const names = new Map<string, string>()
  collect(root, names)
  const rename = (text: string) => text.replace(/\bpgrst_e[0-9]+\b/g, (alias) => names.get(alias) ?? alias)
  db.message = rename(db.message)
  if (typeof db.detail === 'string') db.detail = rename(db.detail)
  if (typeof db.hint === 'string') db.hint = rename(db.hint)
  return db
}
