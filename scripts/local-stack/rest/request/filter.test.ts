// Unit tests of filters, logic trees and order: every operator, `not.`, quantifiers, fts languages, `in` lists
// with quoting, nested and/or, and the errors for unknown operators and unbalanced parentheses.
import { describe, expect, it } from 'vitest'
import { Cursor, ParseFailure } from './cursor.ts'
import { logicTree, maxLogicDepth, opExpr, restOfInput, treePath } from './filter.ts'
import { parseOrder } from './order.ts'

const op = (text: string) => opExpr(new Cursor(text), restOfInput)

describe('filter operators', () => {
  it('parses every comparison operator with its value', () => {
    for (const o of ['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']) {
      expect(op(`${o}.a.b`)).toEqual({ negate: false, operation: { kind: 'quant', op: o, value: 'a.b' } })
    }
    for (const o of ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj']) {
      expect(op(`${o}.{1,2}`)).toEqual({ negate: false, operation: { kind: 'simple', op: o, value: '{1,2}' } })
    }
  })

  it('parses not., quantifiers, is, isdistinct and fts with a language', () => {
    expect(op('not.eq(any).{a,b}')).toEqual({
      negate: true,
      operation: { kind: 'quant', op: 'eq', quantifier: 'any', value: '{a,b}' },
    })
    expect(op('like(all).{a*,*b}').operation).toEqual({
      kind: 'quant',
      op: 'like',
      quantifier: 'all',
      value: '{a*,*b}',
    })
    expect(op('is.NULL').operation).toEqual({ kind: 'is', value: 'null' })
    expect(op('is.not_null').operation).toEqual({ kind: 'is', value: 'not_null' })
    expect(op('isdistinct.5').operation).toEqual({ kind: 'isdistinct', value: '5' })
    expect(op('wfts(french).chat noir').operation).toEqual({
      kind: 'fts',
      op: 'wfts',
      language: 'french',
      value: 'chat noir',
    })
    expect(op('plfts.x').operation).toEqual({ kind: 'fts', op: 'plfts', value: 'x' })
  })

  it('parses in lists with quoted elements', () => {
    expect(op('in.(1,"a,b","c\\"d",)').operation).toEqual({ kind: 'in', values: ['1', 'a,b', 'c"d', ''] })
    // As in PostgREST, a space before a quote makes the quote part of the value.
    expect(op('in.(1, "a")').operation).toEqual({ kind: 'in', values: ['1', ' "a"'] })
    expect(op('in.()').operation).toEqual({ kind: 'in', values: [''] })
  })

  it('rejects unknown operators and malformed values', () => {
    for (const bad of ['noop.0', 'eq', 'is.maybe', 'in.1,2', 'eq(some).1', 'fts().x']) {
      expect(() => op(bad), bad).toThrow(ParseFailure)
    }
  })

  it('reads keys with embed paths and JSON paths', () => {
    expect(treePath(new Cursor('sections.lessons.data->a->>b'))).toEqual({
      path: ['sections', 'lessons'],
      field: {
        name: 'data',
        jsonPath: [
          { arrow: '->', key: 'a', index: false },
          { arrow: '->>', key: 'b', index: false },
        ],
      },
    })
  })
})

describe('logic trees', () => {
  it('parses nested and/or with not, quoted values and arrays', () => {
    const tree = logicTree(new Cursor('or(id.eq.1,not.and(name.eq."a,b",tags.cs.{x,y}),id.in.(3,4))'))
    expect(tree).toEqual({
      kind: 'expr',
      negate: false,
      operator: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'id', jsonPath: [] },
            expr: { negate: false, operation: { kind: 'quant', op: 'eq', value: '1' } },
          },
        },
        {
          kind: 'expr',
          negate: true,
          operator: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'name', jsonPath: [] },
                expr: { negate: false, operation: { kind: 'quant', op: 'eq', value: 'a,b' } },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'tags', jsonPath: [] },
                expr: { negate: false, operation: { kind: 'simple', op: 'cs', value: '{x,y}' } },
              },
            },
          ],
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'id', jsonPath: [] },
            expr: { negate: false, operation: { kind: 'in', values: ['3', '4'] } },
          },
        },
      ],
    })
  })

  it('fails on unbalanced parentheses and empty groups', () => {
    for (const bad of ['or(id.eq.1', 'or()', 'or)(', 'and(ord(id.eq.1),id.eq.2)', 'or(id.eq.1,not.xor(id.eq.2))']) {
      expect(() => logicTree(new Cursor(bad)), bad).toThrow(ParseFailure)
    }
  })

  it(`nests up to ${maxLogicDepth} levels and fails past them with a ParseFailure, not a stack overflow`, () => {
    const nested = (levels: number) => `${'or('.repeat(levels)}id.eq.1${')'.repeat(levels)}`
    expect(logicTree(new Cursor(nested(maxLogicDepth))).kind).toBe('expr')
    for (const levels of [maxLogicDepth + 1, 2_500, 20_000]) {
      let failure: unknown
      try {
        logicTree(new Cursor(nested(levels)))
      } catch (error) {
        failure = error
      }
      expect(failure, `${levels} levels`).toBeInstanceOf(ParseFailure)
      expect((failure as ParseFailure).column).toBe(maxLogicDepth * 3 + 3)
      expect((failure as ParseFailure).details).toBe(`logic trees may nest at most ${maxLogicDepth} levels deep`)
    }
  })
})

describe('order', () => {
  it('parses directions, nulls placement, JSON paths and related columns', () => {
    expect(parseOrder('name.desc.nullslast,data->a.asc,authors(name).desc,id.nullsfirst')).toEqual([
      { field: { name: 'name', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'data', jsonPath: [{ arrow: '->', key: 'a', index: false }] }, direction: 'asc' },
      { relation: 'authors', field: { name: 'name', jsonPath: [] }, direction: 'desc' },
      { field: { name: 'id', jsonPath: [] }, nulls: 'first' },
    ])
  })

  it('rejects unknown modifiers', () => {
    for (const bad of ['id.ac', 'id.descc', 'id.asc.nlsfst', 'id.nullslasttt', 'clients(name,id)']) {
      expect(() => parseOrder(bad), bad).toThrow(ParseFailure)
    }
  })
})
