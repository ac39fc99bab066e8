// Every filter operator through supabase-js: comparisons, pattern and regex matching, is/isdistinct, in, array and
// jsonb containment, range operators, full-text search with a language, not, and nested or/and.
import { describe, expect, it } from 'vitest'
import { raw, type SuiteEnv } from '../env.ts'

const ids = (res: { data: { id: number }[] | null; error: unknown }) => {
  expect(res.error).toBeNull()
  return res.data!.map((r) => r.id)
}

export function filterSuite(env: SuiteEnv): void {
  describe('filters', () => {
    const courses = () => env.h.anon().from('courses').select('id').order('id')

    it('compares with eq, neq, gt, gte, lt and lte', async () => {
      expect(ids(await courses().eq('author_id', 1))).toEqual([1, 4])
      expect(ids(await courses().neq('author_id', 1))).toEqual([2, 3])
      expect(ids(await courses().gt('price', 5))).toEqual([1, 2])
      expect(ids(await courses().gte('price', 10))).toEqual([1, 2])
      expect(ids(await courses().lt('price', 10))).toEqual([4])
      expect(ids(await courses().lte('price', 10))).toEqual([1, 4])
      expect(ids(await courses().match({ author_id: 1, published: true }))).toEqual([1, 4])
    })

    it('matches patterns with like, ilike, their any/all forms, match and imatch', async () => {
      expect(ids(await courses().like('title', '%Comp%'))).toEqual([2, 3])
      expect(ids(await courses().like('title', '*Comp*'))).toEqual([2, 3])
      expect(ids(await courses().ilike('title', '*comp*'))).toEqual([2, 3])
      expect(ids(await courses().likeAllOf('title', ['C*', '*s']))).toEqual([3])
      expect(ids(await courses().likeAnyOf('title', ['Intro*', '*Engines']))).toEqual([1, 4])
      expect(ids(await courses().ilikeAllOf('title', ['c*', '*S']))).toEqual([3])
      expect(ids(await courses().ilikeAnyOf('title', ['intro*', 'x']))).toEqual([1])
      expect(ids(await courses().filter('title', 'match', '^Comp'))).toEqual([2, 3])
      expect(ids(await courses().filter('title', 'imatch', '^comp'))).toEqual([2, 3])
      expect(ids(await courses().filter('id', 'eq(any)', '{1,3}'))).toEqual([1, 3])
      expect(ids(await courses().filter('id', 'gt(all)', '{1,2}'))).toEqual([3, 4])
    })

    it('tests with is (null, true, false, not_null) and isdistinct', async () => {
      expect(ids(await courses().is('price', null))).toEqual([3])
      expect(ids(await courses().is('published', true))).toEqual([1, 2, 4])
      expect(ids(await courses().is('published', false))).toEqual([3])
      expect(ids(await courses().not('co_author_id', 'is', null))).toEqual([1, 3])
      expect(ids(await courses().filter('price', 'is', 'not_null'))).toEqual([1, 2, 4])
      expect(ids(await courses().filter('co_author_id', 'isdistinct', '1'))).toEqual([1, 2, 4])
    })

    it('filters with in and not in, with quoting of awkward values', async () => {
      expect(ids(await courses().in('id', [2, 4, 9]))).toEqual([2, 4])
      expect(ids(await courses().in('slug', ['compilers', 'a,b', 'x(y)', '"q"']))).toEqual([3])
      expect(ids(await courses().not('id', 'in', '(1,2)'))).toEqual([3, 4])
      expect(ids(await courses().in('id', []))).toEqual([])
    })

    it('tests containment and overlap of arrays and jsonb', async () => {
      expect(ids(await courses().contains('tags', ['code']))).toEqual([1, 3])
      expect(ids(await courses().containedBy('tags', ['code', 'basics', 'theory']))).toEqual([1, 4])
      expect(ids(await courses().overlaps('tags', ['math', 'compilers']))).toEqual([2, 3])
      expect(ids(await courses().contains('meta', { hours: 5 }))).toEqual([1])
      const authors = await env.h
        .anon()
        .from('authors')
        .select('id')
        .containedBy('profile', { city: 'London', langs: ['en', 'fr'], age: 36, x: 1 })
      expect(ids(authors)).toEqual([1])
    })

    it('tests ranges with sl, sr, nxl, nxr, adj and ov', async () => {
      const events = () => env.h.anon().from('events').select('id').order('id')
      expect(ids(await events().rangeLt('slots', '[10,20]'))).toEqual([1, 2])
      expect(ids(await events().rangeGt('slots', '[2,4]'))).toEqual([2, 3])
      expect(ids(await events().rangeGte('slots', '[5,6]'))).toEqual([2, 3])
      expect(ids(await events().rangeLte('slots', '[1,9]'))).toEqual([1, 2])
      expect(ids(await events().rangeAdjacent('slots', '[10,20)'))).toEqual([2, 3])
      expect(ids(await events().overlaps('slots', '[4,6)'))).toEqual([1, 2])
      expect(ids(await events().overlaps('during', '[2026-01-01 11:00+00,2026-01-01 12:30+00)'))).toEqual([1, 2])
    })

    it('searches text with fts, plfts, phfts and wfts, with and without a language', async () => {
      expect(ids(await courses().textSearch('search', 'compil:*'))).toEqual([3])
      expect(ids(await courses().textSearch('title', 'engines', { config: 'english' }))).toEqual([4])
      expect(
        ids(await courses().textSearch('title', 'intro programming', { type: 'plain', config: 'english' })),
      ).toEqual([1])
      expect(
        ids(await courses().textSearch('title', 'analytical engines', { type: 'phrase', config: 'english' })),
      ).toEqual([4])
      expect(
        ids(await courses().textSearch('title', '"intro" or compilers', { type: 'websearch', config: 'english' })),
      ).toEqual([1, 3])
    })

    it('negates any operator with not', async () => {
      expect(ids(await courses().not('title', 'like', '*o*'))).toEqual([4])
      expect(ids(await courses().not('tags', 'cs', '{code}'))).toEqual([2, 4])
      expect(ids(await courses().not('title', 'fts', 'compilers'))).toEqual([1, 2, 4])
    })

    it('combines with or and and, nested, negated, and on embedded resources', async () => {
      expect(ids(await courses().or('id.eq.1,and(price.gt.20,published.is.true)'))).toEqual([1, 2])
      expect(ids(await courses().or('and(author_id.eq.1,not.or(price.lt.6,id.eq.1)),id.eq.3'))).toEqual([3])
      expect(ids(await courses().or('title.eq."Intro to Programming",tags.cs.{theory}'))).toEqual([1, 2])
      expect(ids(await courses().or('id.in.(2,3),slug.like.*engines'))).toEqual([2, 3, 4])
      const nested = await env.h
        .anon()
        .from('courses')
        .select('id, sections(id)')
        .eq('id', 3)
        .or('position.eq.1,position.eq.3', { referencedTable: 'sections' })
        .order('id', { referencedTable: 'sections' })
      expect(nested.data).toEqual([{ id: 3, sections: [{ id: 4 }, { id: 6 }] }])
      const and = await raw(env, '/courses?select=id&and=(author_id.eq.1,published.is.true)&not.and=(id.eq.4)&order=id')
      expect(and.json()).toEqual([{ id: 1 }])
    })

    it('filters on JSON paths', async () => {
      const authors = () => env.h.anon().from('authors').select('id').order('id')
      expect(ids(await authors().eq('profile->>city', 'Manchester'))).toEqual([2])
      expect(ids(await authors().gt('profile->age', 40))).toEqual([2])
      expect(ids(await authors().eq('profile->langs->>0', 'en'))).toEqual([1, 2])
    })
  })
}
