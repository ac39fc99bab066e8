// Slug suggestions and the client-side mirror of the slug rules (PRODUCT.md §5).
import { describe, expect, it } from 'vitest'
import { slugProblem, suggestSlug } from './slug'

describe('suggestSlug', () => {
  it('turns a title into lower-case words joined by single dashes', () => {
    expect(suggestSlug('Intro to  SQL: Joins & Indexes!')).toBe('intro-to-sql-joins-indexes')
    expect(suggestSlug('  Café Déjà Vu  ')).toBe('cafe-deja-vu')
  })

  it('cuts long titles at 60 characters without a trailing dash', () => {
    const slug = suggestSlug(`${'a'.repeat(59)} bcd`)
    expect(slug).toBe('a'.repeat(59))
    expect(slugProblem(slug)).toBeNull()
  })

  it('suggests nothing valid for a title without letters or digits', () => {
    expect(suggestSlug('¡¿?!')).toBe('')
    expect(slugProblem(suggestSlug('¡¿?!'))).toMatch(/at least 3/)
  })
})

describe('slugProblem', () => {
  it('accepts slugs the database accepts', () => {
    expect(slugProblem('abc')).toBeNull()
    expect(slugProblem('sql-101-basics')).toBeNull()
    expect(slugProblem('a'.repeat(60))).toBeNull()
  })

  it('refuses what the database refuses, with a sentence', () => {
    expect(slugProblem('ab')).toMatch(/at least 3/)
    expect(slugProblem('a'.repeat(61))).toMatch(/at most 60/)
    expect(slugProblem('Upper-case')).toMatch(/lower-case/)
    expect(slugProblem('double--dash')).toMatch(/single dashes/)
    expect(slugProblem('-leading')).toMatch(/single dashes/)
    expect(slugProblem('trailing-')).toMatch(/single dashes/)
  })
})
