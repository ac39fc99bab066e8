// The pieces every PostgREST grammar shares: field names (quoted or dash-joined identifiers), JSON paths
// (`->key`, `->>0`), and full fields (a name and its path), as in QueryParams.hs.
import type { Cursor } from './cursor.ts'
import type { Field, JsonStep } from './types.ts'

const fieldNameExpecting = ['field name (* or [a..z0..9_$])']

/** A dash joins identifiers unless it starts an arrow (`a-b` is one name, `a->b` is a path). */
function isDash(c: Cursor): boolean {
  return c.peek() === '-' && c.peek(1) !== '>'
}

export function fieldName(c: Cursor): string {
  if (c.peek() === '"') return c.quoted()
  if (!c.isIdentChar()) c.fail(fieldNameExpecting)
  const parts = [c.identifier(fieldNameExpecting)]
  while (isDash(c) && c.isIdentChar(1)) {
    c.pos++
    parts.push(c.identifier())
  }
  return parts.join('-')
}

function jsonKey(c: Cursor): string {
  if (c.peek() === '"') return c.quoted()
  const isKeyChar = (offset: number) => c.peek(offset) !== '' && !'(-:.,>)'.includes(c.peek(offset))
  if (!isKeyChar(0)) c.fail(['any non reserved character different from: .,>()'])
  const parts: string[] = []
  for (;;) {
    const start = c.pos
    while (isKeyChar(0)) c.pos++
    parts.push(c.input.slice(start, c.pos).trim())
    if (!(isDash(c) && isKeyChar(1))) return parts.join('-')
    c.pos++
  }
}

/** An index only counts as one when the path, cast, order or list goes on right after it. */
function jsonIndex(c: Cursor): string | undefined {
  const match = /^-?[0-9]+/.exec(c.rest)
  if (!match) return undefined
  const after = c.rest.slice(match[0].length)
  if (!(
    after === '' ||
    after.startsWith('->') ||
    after.startsWith('::') ||
    after.startsWith('.') ||
    after.startsWith(',')
  ))
    return undefined
  c.pos += match[0].length
  return match[0]
}

export function jsonPath(c: Cursor): JsonStep[] {
  const path: JsonStep[] = []
  for (;;) {
    let arrow: JsonStep['arrow']
    if (c.startsWith('->>')) arrow = '->>'
    else if (c.startsWith('->')) arrow = '->'
    else return path
    c.pos += arrow.length
    const index = jsonIndex(c)
    if (index !== undefined) path.push({ arrow, key: index, index: true })
    else path.push({ arrow, key: jsonKey(c), index: false })
  }
}

/** A field with optional spaces around it (PostgREST's pField). */
export function field(c: Cursor): Field {
  c.skipSpaces()
  const name = fieldName(c)
  const path = jsonPath(c)
  c.skipSpaces()
  return { name, jsonPath: path }
}

/** A comma-separated list of field names (`columns`, `on_conflict`). */
export function columnList(c: Cursor): string[] {
  const names: string[] = []
  do {
    c.skipSpaces()
    names.push(fieldName(c))
    c.skipSpaces()
  } while (c.eat(','))
  return names
}
