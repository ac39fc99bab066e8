// Unit tests of the schema cache's keys: one key per (schema, name) pair, even when names hold dots or quotes.
import { describe, expect, it } from 'vitest'
import { key } from './types.ts'

describe('schema cache keys', () => {
  it('tells apart pairs that a plain dot would join alike', () => {
    const pairs: [string, string][] = [
      ['a.b', 'c'],
      ['a', 'b.c'],
      ['a', 'b'],
      ['"a', 'b'],
      ['a"', '"b'],
      ['a."', 'b'],
      ['a', '".b'],
    ]
    const keys = pairs.map(([schema, name]) => key(schema, name))
    expect(new Set(keys).size).toBe(pairs.length)
  })

  it('keeps plain names readable as schema.name', () => {
    expect(key('api', 'courses')).toBe('api.courses')
  })
})
