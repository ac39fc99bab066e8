// Which base-table column each view column shows. PostgreSQL keeps a view's query as a node tree (pg_rewrite's
// ev_action); the top-level target list carries `resorigtbl`/`resorigcol` for plain column references. We read
// that tree here, so views inherit the keys and relationships of their tables, as PostgREST's do.

type Value = string | NodeList | TreeNode
interface TreeNode {
  type: string
  fields: Map<string, Value[]>
}
type NodeList = Value[]

function tokenize(text: string): string[] {
  const tokens: string[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === ' ' || ch === '\n' || ch === '\t') {
      i++
    } else if ('(){}'.includes(ch)) {
      tokens.push(ch)
      i++
    } else {
      let atom = ''
      const quoted = ch === '"'
      if (quoted) atom += text[i++]
      while (i < text.length) {
        const c = text[i]!
        if (c === '\\' && i + 1 < text.length) {
          atom += text[i + 1]
          i += 2
          continue
        }
        if (quoted ? c === '"' : ' \n\t(){}'.includes(c)) break
        atom += c
        i++
      }
      if (quoted && text[i] === '"') atom += text[i++]
      tokens.push(atom)
    }
  }
  return tokens
}

function parseValue(tokens: string[], at: { i: number }): Value {
  const token = tokens[at.i++]
  if (token === '{') {
    const node: TreeNode = { type: tokens[at.i++] ?? '', fields: new Map() }
    let field: string | undefined
    while (at.i < tokens.length && tokens[at.i] !== '}') {
      const t = tokens[at.i]!
      if (t.startsWith(':') && t.length > 1) {
        field = t.slice(1)
        node.fields.set(field, [])
        at.i++
      } else {
        const v = parseValue(tokens, at)
        if (field !== undefined) node.fields.get(field)!.push(v)
      }
    }
    at.i++
    return node
  }
  if (token === '(') {
    const list: NodeList = []
    while (at.i < tokens.length && tokens[at.i] !== ')') list.push(parseValue(tokens, at))
    at.i++
    return list
  }
  return token ?? ''
}

function scalar(node: TreeNode, field: string): string | undefined {
  const v = node.fields.get(field)?.[0]
  return typeof v === 'string' ? v : undefined
}

export interface ColumnSource {
  /** attnum of the view column */
  column: number
  tableOid: number
  tableColumn: number
}

/** The base column behind each plain column of a view, from its `_RETURN` rule's ev_action text. */
export function viewColumnSources(evAction: string): ColumnSource[] {
  try {
    const top = parseValue(tokenize(evAction), { i: 0 })
    const query = Array.isArray(top) ? top[0] : top
    if (!query || typeof query !== 'object' || Array.isArray(query) || query.type !== 'QUERY') return []
    const targetList = query.fields.get('targetList')?.[0]
    if (!Array.isArray(targetList)) return []
    const sources: ColumnSource[] = []
    for (const entry of targetList) {
      if (typeof entry !== 'object' || Array.isArray(entry) || entry.type !== 'TARGETENTRY') continue
      if (scalar(entry, 'resjunk') === 'true') continue
      const column = Number(scalar(entry, 'resno'))
      const tableOid = Number(scalar(entry, 'resorigtbl'))
      const tableColumn = Number(scalar(entry, 'resorigcol'))
      if (column > 0 && tableOid > 0 && tableColumn > 0) sources.push({ column, tableOid, tableColumn })
    }
    return sources
  } catch {
    // A rule we cannot read only costs the view its inferred keys and relationships.
    return []
  }
}
