// The `order` grammar: `col.desc.nullslast,rel(col).asc,data->key` (PostgREST's pOrder).
import { Cursor } from './cursor.ts'
import { field, fieldName } from './fields.ts'
import type { OrderTerm } from './types.ts'

export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input)
  const terms: OrderTerm[] = []
  do {
    c.skipSpaces()
    terms.push(orderTerm(c))
    c.skipSpaces()
  } while (c.eat(','))
  if (!c.eof()) c.fail(['","', 'end of input'])
  return terms
}

function orderTerm(c: Cursor): OrderTerm {
  const start = c.pos
  let term: OrderTerm
  const relation = fieldName(c)
  if (c.peek() === '(') {
    c.pos++
    term = { relation, field: field(c) }
    c.expect(')')
  } else {
    c.pos = start
    term = { field: field(c) }
  }
  if (c.peek() === '.') {
    if (c.eat('.asc')) term.direction = 'asc'
    else if (c.eat('.desc')) term.direction = 'desc'
    if (c.eat('.nullsfirst')) term.nulls = 'first'
    else if (c.eat('.nullslast')) term.nulls = 'last'
    else if (c.peek() === '.')
      c.fail(term.direction ? ['"nullsfirst"', '"nullslast"'] : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'])
  }
  if (!(c.eof() || c.peek() === ',')) c.fail(['delimiter (.)', '","', 'end of input'])
  return term
}
