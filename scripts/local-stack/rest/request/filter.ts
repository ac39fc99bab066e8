// Filters (`col=op.value`), their keys (`rel.col->path`), and the `or=(...)`/`and=(...)` logic trees, following
// PostgREST's pOpExpr, pTreePath and pLogicTree. Operators, `not.`, quantifiers `(any)`/`(all)`, fts languages.
import { ParseFailure, type Cursor } from './cursor.ts'
import { field, fieldName, jsonPath } from './fields.ts'
import type {
  EmbedPath,
  Field,
  FtsOperator,
  IsValue,
  LogicTree,
  OpExpr,
  Operation,
  QuantOperator,
  SimpleOperator,
} from './types.ts'

const simpleOperators: SimpleOperator[] = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']
// Longest first where one is a prefix of another (gte before gt).
const quantOperators: QuantOperator[] = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch']
const ftsOperators: FtsOperator[] = ['fts', 'plfts', 'phfts', 'wfts']
const isValues: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown']
const operatorExpecting = ['"not"', 'operator (eq, gt, ...)']

/** How deep `and(...)`/`or(...)` groups may nest (PostgREST has no limit; ours keeps the parser off the stack's end). */
export const maxLogicDepth = 64

export type ValueParser = (c: Cursor) => string

/** The rest of the input: a top-level filter's value runs to the end of the parameter. */
export const restOfInput: ValueParser = (c) => {
  const value = c.rest
  c.pos = c.input.length
  return value
}

/** A value inside `or=(...)`: quoted, a `{...}` array literal, or everything up to `,` or `)`. */
export const logicValue: ValueParser = (c) => {
  if (c.peek() === '"') {
    const start = c.pos
    const value = c.quoted()
    if (c.eof() || c.peek() === ',' || c.peek() === ')') return value
    c.pos = start
  }
  if (c.peek() === '{') {
    const close = c.input.indexOf('}', c.pos)
    const inner = close < 0 ? '' : c.input.slice(c.pos + 1, close)
    if (close >= 0 && !inner.includes('{')) {
      const value = c.input.slice(c.pos, close + 1)
      c.pos = close + 1
      return value
    }
  }
  const start = c.pos
  while (!c.eof() && c.peek() !== ',' && c.peek() !== ')') c.pos++
  return c.input.slice(start, c.pos)
}

export function opExpr(c: Cursor, value: ValueParser): OpExpr {
  const negate = c.eat('not.')
  return { negate, operation: operation(c, value) }
}

function operation(c: Cursor, value: ValueParser): Operation {
  if (c.eat('in.')) return { kind: 'in', values: listValue(c) }
  if (c.eat('is.')) {
    const word = isValues.find((v) => c.rest.slice(0, v.length).toLowerCase() === v)
    if (!word) c.fail(['isVal: (null, not_null, true, false, unknown)'])
    c.pos += word.length
    return { kind: 'is', value: word }
  }
  if (c.eat('isdistinct.')) return { kind: 'isdistinct', value: value(c) }
  const fts = operatorAt(c, ftsOperators, true)
  if (fts) {
    c.pos += fts.length
    let language: string | undefined
    if (c.eat('(')) {
      language = c.identifier()
      c.expect(')')
    }
    c.expect('.', ['delimiter (.)'])
    return language === undefined
      ? { kind: 'fts', op: fts, value: value(c) }
      : { kind: 'fts', op: fts, language, value: value(c) }
  }
  const simple = operatorAt(c, simpleOperators, false)
  if (simple) {
    c.pos += simple.length + 1
    return { kind: 'simple', op: simple, value: value(c) }
  }
  const quant = operatorAt(c, quantOperators, true)
  if (quant) {
    c.pos += quant.length
    let quantifier: 'any' | 'all' | undefined
    if (c.eat('(any)')) quantifier = 'any'
    else if (c.eat('(all)')) quantifier = 'all'
    c.expect('.', ['delimiter (.)'])
    return quantifier === undefined
      ? { kind: 'quant', op: quant, value: value(c) }
      : { kind: 'quant', op: quant, quantifier, value: value(c) }
  }
  c.fail(operatorExpecting)
}

/** The first of `operators` that comes next followed by `.` (or by `(` where `orParen`), read in place. */
function operatorAt<T extends string>(c: Cursor, operators: readonly T[], orParen: boolean): T | undefined {
  for (const op of operators) {
    if (!c.startsWith(op)) continue
    const next = c.peek(op.length)
    if (next === '.' || (orParen && next === '(')) return op
  }
  return undefined
}

/** `(a,"b,c",d)`: the list of an `in` filter. */
function listValue(c: Cursor): string[] {
  c.skipSpaces()
  c.expect('(')
  c.skipSpaces()
  const values: string[] = []
  do {
    values.push(listElement(c))
  } while (c.eat(','))
  c.skipSpaces()
  c.expect(')', ['","', '")"'])
  c.skipSpaces()
  return values
}

function listElement(c: Cursor): string {
  if (c.peek() === '"') {
    const start = c.pos
    const value = c.quoted()
    if (c.peek() === ',' || c.peek() === ')') return value
    c.pos = start
  }
  const start = c.pos
  while (!c.eof() && c.peek() !== ',' && c.peek() !== ')') c.pos++
  return c.input.slice(start, c.pos)
}

/** A filter key: `col`, `col->a->>b`, or `rel.sub.col` for embedded resources. */
export function treePath(c: Cursor): { path: EmbedPath; field: Field } {
  const names = [fieldName(c)]
  while (c.peek() === '.') {
    c.pos++
    names.push(fieldName(c))
  }
  const path = jsonPath(c)
  return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, jsonPath: path } }
}

/** The key of a logic parameter: `or`, `not.and`, `rel.or`, `rel.not.or`. */
export function logicPath(c: Cursor): { path: EmbedPath; operator: 'and' | 'or'; negate: boolean } {
  const names = [fieldName(c)]
  while (c.peek() === '.') {
    c.pos++
    names.push(fieldName(c))
  }
  const operator = names[names.length - 1] as 'and' | 'or'
  const path = names.slice(0, -1)
  const negate = path.includes('not')
  return { path: path.filter((n) => n !== 'not'), operator, negate }
}

/** `and(...)`/`or(...)` with nested trees and filters, after PostgREST's pLogicTree. */
export function logicTree(c: Cursor): LogicTree {
  const start = c.pos
  let filterError: unknown
  try {
    const f = field(c)
    c.expect('.', ['delimiter (.)'])
    return { kind: 'filter', filter: { field: f, expr: opExpr(c, logicValue) } }
  } catch (error) {
    filterError = error
  }
  c.pos = start
  try {
    return logicExpr(c)
  } catch (exprError) {
    // Like Parsec, report whichever alternative got further.
    const column = (e: unknown) => (e instanceof ParseFailure ? e.column : 0)
    throw column(filterError) > column(exprError) ? filterError : exprError
  }
}

function logicExpr(c: Cursor): LogicTree {
  const negate = c.eat('not.')
  let operator: 'and' | 'or'
  if (c.eat('and')) operator = 'and'
  else if (c.eat('or')) operator = 'or'
  else if (negate) c.fail(['logic operator (and, or)'])
  else c.fail(['field name (* or [a..z0..9_$])', 'negation operator (not)', 'logic operator (and, or)'])
  c.skipSpaces()
  const children = c.nested(maxLogicDepth, `logic trees may nest at most ${maxLogicDepth} levels deep`, () => {
    c.expect('(')
    c.skipSpaces()
    const list: LogicTree[] = []
    do {
      c.skipSpaces()
      list.push(logicTree(c))
      c.skipSpaces()
    } while (c.eat(','))
    c.expect(')', ['","', '")"'])
    return list
  })
  c.skipSpaces()
  return { kind: 'expr', negate, operator, children }
}
