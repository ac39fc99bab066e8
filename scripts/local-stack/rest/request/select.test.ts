// Unit tests of the select grammar: fields, aliases, casts, JSON paths, aggregates, embeds, hints, join types,
// spreads, and PostgREST-shaped parse errors.
import { describe, expect, it } from 'vitest'
import { ParseFailure } from './cursor.ts'
import { maxEmbedDepth, parseSelect } from './select.ts'

describe('select grammar', () => {
  it('parses plain columns and a star', () => {
    expect(parseSelect('id,name,*')).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] } },
      { kind: 'field', field: { name: 'name', jsonPath: [] } },
      { kind: 'field', field: { name: '*', jsonPath: [] } },
    ])
  })

  it('parses aliases, casts and JSON paths, with indexes and quoted keys', () => {
    expect(parseSelect('n:name::text,data->a->>0,x:data->"b.c"->>d')).toEqual([
      { kind: 'field', field: { name: 'name', jsonPath: [] }, alias: 'n', cast: 'text' },
      {
        kind: 'field',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: '0', index: true },
          ],
        },
      },
      {
        kind: 'field',
        alias: 'x',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'b.c', index: false },
            { arrow: '->>', key: 'd', index: false },
          ],
        },
      },
    ])
  })

  it('parses aggregates, including count() and a cast of the result', () => {
    expect(parseSelect('count(),total:price.sum()::int')).toEqual([
      { kind: 'field', field: { name: '*', jsonPath: [] }, aggregate: 'count' },
      { kind: 'field', field: { name: 'price', jsonPath: [] }, alias: 'total', aggregate: 'sum', aggregateCast: 'int' },
    ])
  })

  it('parses embeds with aliases, hints, join types and nesting', () => {
    expect(parseSelect('title,author:authors!author_id!inner(name),sections!left(title,lessons(*))')).toEqual([
      { kind: 'field', field: { name: 'title', jsonPath: [] } },
      {
        kind: 'relation',
        name: 'authors',
        alias: 'author',
        hint: 'author_id',
        joinType: 'inner',
        spread: false,
        children: [{ kind: 'field', field: { name: 'name', jsonPath: [] } }],
      },
      {
        kind: 'relation',
        name: 'sections',
        joinType: 'left',
        spread: false,
        children: [
          { kind: 'field', field: { name: 'title', jsonPath: [] } },
          {
            kind: 'relation',
            name: 'lessons',
            spread: false,
            children: [{ kind: 'field', field: { name: '*', jsonPath: [] } }],
          },
        ],
      },
    ])
  })

  it('parses spreads and empty embeds', () => {
    expect(parseSelect('...authors!inner(name),tags()')).toEqual([
      {
        kind: 'relation',
        name: 'authors',
        joinType: 'inner',
        spread: true,
        children: [{ kind: 'field', field: { name: 'name', jsonPath: [] } }],
      },
      { kind: 'relation', name: 'tags', spread: false, children: [] },
    ])
  })

  it('accepts an empty select, dashes and spaces in names, and quoted names', () => {
    expect(parseSelect('')).toEqual([])
    expect(parseSelect('first-name, "odd,name"')).toEqual([
      { kind: 'field', field: { name: 'first-name', jsonPath: [] } },
      { kind: 'field', field: { name: 'odd,name', jsonPath: [] } },
    ])
  })

  it('fails on unbalanced parentheses and stray characters, with a position', () => {
    for (const bad of ['a,b(c', 'a)', 'name!hint', 'a::', 'id,clients(name[])']) {
      expect(() => parseSelect(bad), bad).toThrow(ParseFailure)
    }
    try {
      parseSelect('id,clients(name[])')
    } catch (error) {
      expect((error as ParseFailure).column).toBe(16)
      expect((error as ParseFailure).details).toMatch(/^unexpected "\[" expecting/)
    }
  })

  it(`nests embeds up to ${maxEmbedDepth} levels and fails past them with a ParseFailure, not a stack overflow`, () => {
    const nested = (levels: number) => `${'a('.repeat(levels)}id${')'.repeat(levels)}`
    expect(parseSelect(nested(maxEmbedDepth))).toHaveLength(1)
    for (const levels of [maxEmbedDepth + 1, 5_000, 50_000]) {
      let failure: unknown
      try {
        parseSelect(nested(levels))
      } catch (error) {
        failure = error
      }
      expect(failure, `${levels} levels`).toBeInstanceOf(ParseFailure)
      expect((failure as ParseFailure).column).toBe(maxEmbedDepth * 2 + 2)
      expect((failure as ParseFailure).details).toBe(`embedded resources may nest at most ${maxEmbedDepth} levels deep`)
    }
  })
})
