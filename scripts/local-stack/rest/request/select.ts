// The `select` grammar: fields with aliases, casts, JSON paths and aggregates; embedded resources with aliases,
// `!hint`, `!inner`/`!left`; spreads `...rel(...)`; nested up to maxEmbedDepth levels (PostgREST's pFieldForest).
import { Cursor } from './cursor.ts'
import { field, fieldName } from './fields.ts'
import type { AggregateFunction, SelectField, SelectItem, SelectRelation } from './types.ts'

/**
 * How deep embedded resources may nest. PostgREST has no limit; ours keeps the parser, the planner and PostgreSQL
 * away from their stacks' ends, far beyond any real schema's chain of relationships.
 */
export const maxEmbedDepth = 32

export function parseSelect(input: string): SelectItem[] {
  const c = new Cursor(input)
  const items = forest(c)
  if (!c.eof()) c.fail(['","', 'end of input'])
  return items
}

function forest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = []
  c.skipSpaces()
  if (c.eof() || c.peek() === ')') return items
  for (;;) {
    items.push(tree(c))
    c.skipSpaces()
    if (!c.eat(',')) return items
    c.skipSpaces()
  }
}

function tree(c: Cursor): SelectItem {
  c.skipSpaces()
  const relation = c.startsWith('...') ? spread(c) : tryRelation(c)
  if (!relation) return fieldSelect(c)
  relation.children = c.nested(
    maxEmbedDepth,
    `embedded resources may nest at most ${maxEmbedDepth} levels deep`,
    () => {
      c.expect('(')
      const children = forest(c)
      c.expect(')', ['")"', '","'])
      return children
    },
  )
  c.skipSpaces()
  return relation
}

function spread(c: Cursor): SelectRelation {
  c.pos += 3
  const name = fieldName(c)
  const relation: SelectRelation = { kind: 'relation', name, spread: true, children: [] }
  embedParams(c, relation)
  if (c.peek() !== '(') c.fail(['"("'])
  return relation
}

/** `[alias:]name[!hint][!inner](`, or undefined (and the cursor untouched) when this is not a relation. */
function tryRelation(c: Cursor): SelectRelation | undefined {
  // Probed for every select item: no exceptions on this path, they cost more than the rest of the parse.
  const start = c.pos
  const alias = tryAlias(c)
  const name = tryFieldName(c)
  if (name === undefined || name === 'count') {
    c.pos = start
    return undefined
  }
  const relation: SelectRelation = { kind: 'relation', name, spread: false, children: [] }
  if (alias !== undefined) relation.alias = alias
  if (c.peek() === '!') {
    try {
      embedParams(c, relation)
    } catch {
      c.pos = start
      return undefined
    }
  }
  if (c.peek() !== '(') {
    c.pos = start
    return undefined
  }
  return relation
}

/** A field name if one starts here, else undefined with the cursor untouched. */
function tryFieldName(c: Cursor): string | undefined {
  if (c.peek() !== '"' && !c.isIdentChar()) return undefined
  const start = c.pos
  try {
    return fieldName(c)
  } catch {
    c.pos = start
    return undefined
  }
}

function tryAlias(c: Cursor): string | undefined {
  const start = c.pos
  const alias = tryFieldName(c)
  if (alias !== undefined && c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++
    return alias
  }
  c.pos = start
  return undefined
}

/** Up to two `!` parameters: a join type and/or a hint, in either order. */
function embedParams(c: Cursor, relation: SelectRelation): void {
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++
    const joinType = ['left', 'inner'].find((t) => c.startsWith(t) && '!('.includes(c.peek(t.length) || 'x'))
    if (joinType) {
      c.pos += joinType.length
      relation.joinType ??= joinType as 'left' | 'inner'
    } else {
      relation.hint ??= fieldName(c)
    }
  }
}

const aggregates: AggregateFunction[] = ['sum', 'avg', 'count', 'max', 'min']

function fieldSelect(c: Cursor): SelectField {
  if (c.peek() === '*') {
    c.pos++
    fieldEnd(c, ['")"', '","', 'end of input'])
    return { kind: 'field', field: { name: '*', jsonPath: [] } }
  }
  const alias = tryAlias(c)
  if (c.startsWith('count()')) {
    c.pos += 'count()'.length
    const selected: SelectField = { kind: 'field', field: { name: '*', jsonPath: [] }, aggregate: 'count' }
    if (alias !== undefined) selected.alias = alias
    if (c.eat('::')) selected.aggregateCast = c.identifier()
    fieldEnd(c, ['"::"', '")"', '","', 'end of input'])
    return selected
  }
  const selected: SelectField = { kind: 'field', field: field(c) }
  if (alias !== undefined) selected.alias = alias
  if (c.eat('::')) selected.cast = c.identifier()
  const aggregate = aggregates.find((a) => c.startsWith(`.${a}()`))
  if (aggregate) {
    c.pos += aggregate.length + 3
    selected.aggregate = aggregate
    if (c.eat('::')) selected.aggregateCast = c.identifier()
  }
  fieldEnd(c, ['letter', 'digit', '"-"', '"->>"', '"->"', '"::"', '"."', '")"', '","', 'end of input'])
  return selected
}

function fieldEnd(c: Cursor, expecting: string[]): void {
  c.skipSpaces()
  if (!(c.eof() || c.peek() === ')' || c.peek() === ',')) c.fail(expecting)
}
