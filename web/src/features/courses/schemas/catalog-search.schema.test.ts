import { describe, expect, it } from 'vitest'
import { catalogSearchSchema, toCatalogQuery } from './catalog-search.schema'

const parse = (input: Record<string, unknown>) => catalogSearchSchema.parse(input)

describe('catalogSearchSchema', () => {
  it('keeps valid values', () => {
    expect(parse({ q: ' sql ', level: 'advanced', language: 'en-GB', sort: 'popular', page: 3 })).toEqual({
      q: 'sql',
      level: 'advanced',
      language: 'en-GB',
      sort: 'popular',
      page: 3,
    })
  })

  it('accepts a page number written as text', () => {
    expect(parse({ page: '2' }).page).toBe(2)
  })

  it('drops bad values instead of failing', () => {
    expect(
      parse({ q: 42, level: 'expert', language: 'english please', sort: 'cheapest', page: 0, extra: 'x' }),
    ).toEqual({ q: undefined, level: undefined, language: undefined, sort: undefined, page: undefined })
    expect(parse({ page: -1 }).page).toBeUndefined()
    expect(parse({ page: 1.5 }).page).toBeUndefined()
    expect(parse({ page: 'abc' }).page).toBeUndefined()
  })

  it('cuts very long searches to 100 characters', () => {
    expect(parse({ q: 'a'.repeat(500) }).q).toHaveLength(100)
  })
})

describe('toCatalogQuery', () => {
  it('fills in the defaults', () => {
    expect(toCatalogQuery({})).toEqual({ q: '', level: undefined, language: undefined, sort: 'newest', page: 1 })
  })
})
