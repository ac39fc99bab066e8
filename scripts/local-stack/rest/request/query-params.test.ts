// Unit tests of query-string handling and headers: how parameters are split and classified, limit/offset per
// level, RPC arguments, PGRST100 errors, the Prefer header and content negotiation.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { negotiateOutput, bodyTypeOf } from './media.ts'
import { appliedPreferences, parsePreferences } from './preferences.ts'
import { parseQueryParams, splitQuery } from './query-params.ts'

describe('query string', () => {
  it('splits on & and ;, turns + into spaces and percent-decodes', () => {
    expect(splitQuery('a=b+c&d=%2C;e&f=')).toEqual([
      ['a', 'b c'],
      ['d', ','],
      ['e', undefined],
      ['f', ''],
    ])
  })

  it('skips empty parts, keeps = inside values, and splits on ; only beside &', () => {
    expect(splitQuery('')).toEqual([])
    expect(splitQuery('&&a=x=y&;b&')).toEqual([
      ['a', 'x=y'],
      ['b', undefined],
    ])
    expect(splitQuery('k;v=1')).toEqual([
      ['k', undefined],
      ['v', '1'],
    ])
  })

  it('reads the first select, columns and on_conflict, even one without a value', () => {
    const q = parseQueryParams('select&select=id&columns=a&columns=b', false)
    expect(q.select).toEqual([{ kind: 'field', field: { name: '*', jsonPath: [] } }])
    expect(q.columns).toEqual(['a'])
  })

  it('orders ranges limits first, then offsets without a limit, and writes a sorted, encoded canonical query', () => {
    const q = parseQueryParams('b.offset=3&a.limit=1&offset=2&b.limit=4', false)
    expect([...q.ranges]).toEqual([
      ['a', { offset: 0, limit: 1 }],
      ['b', { offset: 3, limit: 4 }],
      ['', { offset: 2 }],
    ])
    expect(parseQueryParams('z=eq.2&a=eq.1,2&z=eq.1&k', true).canonical).toBe('a=eq.1%2C2&k=&z=eq.2&z=eq.1')
  })

  it('reads operators in place and identifiers outside ASCII', () => {
    const q = parseQueryParams('título=fts(english).a&n=gte(any).{1}&r=adj.(1,2)&s=gt.1', false)
    expect(q.filters.map((f) => [f.filter.field.name, f.filter.expr.operation])).toEqual([
      ['título', { kind: 'fts', op: 'fts', language: 'english', value: 'a' }],
      ['n', { kind: 'quant', op: 'gte', quantifier: 'any', value: '{1}' }],
      ['r', { kind: 'simple', op: 'adj', value: '(1,2)' }],
      ['s', { kind: 'quant', op: 'gt', value: '1' }],
    ])
  })

  it('sorts parameters into select, filters, logic, order, ranges, columns and on_conflict', () => {
    const q = parseQueryParams(
      'select=id,sections(id)&id=gt.1&sections.position=eq.2&or=(a.eq.1,b.eq.2)&sections.not.and=(c.eq.3)' +
        '&order=id.desc&sections.order=position&limit=5&offset=10&sections.limit=2&columns=a,b&on_conflict=slug',
      false,
    )
    expect(q.select).toHaveLength(2)
    expect(q.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [['sections'], 'position'],
    ])
    expect(q.logic.map((l) => [l.path, l.tree.kind === 'expr' && l.tree.negate])).toEqual([
      [[], false],
      [['sections'], true],
    ])
    expect(q.order.map((o) => o.path)).toEqual([[], ['sections']])
    expect(q.ranges.get('')).toEqual({ offset: 10, limit: 5 })
    expect(q.ranges.get('sections')).toEqual({ offset: 0, limit: 2 })
    expect(q.columns).toEqual(['a', 'b'])
    expect(q.onConflict).toEqual(['slug'])
  })

  it('keeps parameters without operators as RPC arguments on GET RPC, and rejects them on tables', () => {
    const q = parseQueryParams('a=1&b=eq.2&flag', true)
    expect(q.rpcArgs).toEqual([
      ['a', '1'],
      ['flag', ''],
    ])
    expect(q.filters.map((f) => f.filter.field.name)).toEqual(['b'])
    expect(() => parseQueryParams('apikey=xyz', false)).toThrow(ApiError)
  })

  it('answers PGRST100 with a Parsec-style message for malformed parameters', () => {
    try {
      parseQueryParams('select=a,b(c', false)
      expect.unreachable()
    } catch (error) {
      const e = error as ApiError
      expect(e.status).toBe(400)
      expect(e.body.code).toBe('PGRST100')
      expect(e.body.message).toBe('"failed to parse select parameter (a,b(c)" (line 1, column 6)')
      expect(e.body.details).toMatch(/^unexpected end of input expecting/)
    }
    expect(() => parseQueryParams('id=noop.1', false)).toThrow(/failed to parse filter \(noop\.1\)/)
    expect(() => parseQueryParams('or=(a.eq.1', false)).toThrow(/failed to parse logic tree/)
  })

  it('ignores limits that are not integers, and keeps negative ones for the range check', () => {
    expect(parseQueryParams('limit=abc', false).ranges.get('')).toEqual({ offset: 0 })
    expect(parseQueryParams('limit=-1', false).ranges.get('')).toEqual({ offset: 0, limit: -1 })
  })
})

describe('Prefer header', () => {
  it('takes the first value of each preference and lists the invalid ones', () => {
    const p = parsePreferences([
      'return=representation, count=exact',
      'return=minimal, tx=rollback, handling=strict, bogus, max-affected=5',
    ])
    expect(p).toMatchObject({
      return: 'representation',
      count: 'exact',
      tx: 'rollback',
      handling: 'strict',
      maxAffected: 5,
    })
    expect(p.invalid).toEqual(['bogus'])
  })

  it('treats names of Object.prototype as unknown preferences, not as preference kinds', () => {
    for (const name of ['constructor', 'toString=1', '__proto__', 'hasOwnProperty=x', 'valueOf']) {
      expect(parsePreferences(name), name).toEqual({ invalid: [name] })
    }
  })

  it('renders Preference-Applied in PostgREST order', () => {
    expect(appliedPreferences({ count: 'exact', resolution: 'merge-duplicates', return: 'representation' })).toBe(
      'resolution=merge-duplicates, return=representation, count=exact',
    )
  })
})

describe('content negotiation', () => {
  it('picks JSON, a single object, CSV or stripped nulls, by quality', () => {
    expect(negotiateOutput(undefined)).toEqual({ kind: 'json', stripNulls: false })
    expect(negotiateOutput('application/vnd.pgrst.object+json')).toEqual({ kind: 'object', stripNulls: false })
    expect(negotiateOutput('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({
      kind: 'json',
      stripNulls: true,
    })
    expect(negotiateOutput('text/csv;q=0.5, application/json')).toEqual({ kind: 'json', stripNulls: false })
    expect(negotiateOutput('text/csv')).toEqual({ kind: 'csv' })
  })

  it('answers PGRST107 406 for media types it cannot produce', () => {
    expect(() => negotiateOutput('image/png')).toThrow(expect.objectContaining({ status: 406 }))
  })

  it('reads request content types, JSON by default', () => {
    expect(bodyTypeOf(undefined).type).toBe('json')
    expect(bodyTypeOf('application/json; charset=utf-8').type).toBe('json')
    expect(bodyTypeOf('text/xml').type).toBe('xml')
    expect(bodyTypeOf('image/png').type).toBe('other')
  })

  it('treats names of Object.prototype as unknown content types', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty; charset=utf-8']) {
      expect(bodyTypeOf(name), name).toEqual({ type: 'other', mime: name.split(';')[0]!.toLowerCase() })
    }
  })
})
