// Functions of a row read like columns and relationships, as PostgREST lets PostgreSQL's attribute notation read
// them: `rel(count)` (the count aggregate, enabled or not), computed fields in select, filters and order, and
// computed relationships (to-one by ROWS 1 or a single row, to-many by a set) from tables, views and RPC results.
import { describe, expect, it } from 'vitest'
import type { SuiteEnv } from '../env.ts'

export function computedSuite(env: SuiteEnv): void {
  describe('computed fields and relationships', () => {
    const db = () => env.h.anon()

    it('counts embedded rows with rel(count), without db_aggregates_enabled', async () => {
      const { data, error } = await db().from('courses').select('slug, sections(count)').order('id')
      expect(error).toBeNull()
      expect(data).toEqual([
        { slug: 'intro-programming', sections: [{ count: 2 }] },
        { slug: 'computability', sections: [{ count: 1 }] },
        { slug: 'compilers', sections: [{ count: 3 }] },
        { slug: 'analytical-engines', sections: [{ count: 0 }] },
      ])
      expect((await db().from('lessons').select('count')).data).toEqual([{ count: 8 }])
      // The aggregate with another column is PostgreSQL's grouping error, named as PostgREST's SQL names the rows.
      const mixed = await db().from('courses').select('slug, sections(id, count)')
      expect(mixed.status).toBe(400)
      expect(mixed.error).toEqual({
        code: '42803',
        message: 'column "sections_1.id" must appear in the GROUP BY clause or be used in an aggregate function',
        details: null,
        hint: null,
      })
    })

    it('selects, filters and orders by computed fields, with aliases and through RPC results', async () => {
      const { data, error } = await db()
        .from('courses')
        .select('id, full_title, total:lesson_total')
        .gt('lesson_total', 0)
        .order('lesson_total', { ascending: false })
      expect(error).toBeNull()
      expect(data).toEqual([
        { id: 1, full_title: 'Intro to Programming (intro-programming)', total: 4 },
        { id: 3, full_title: 'Compilers (compilers)', total: 3 },
        { id: 2, full_title: 'Computability (computability)', total: 1 },
      ])
      const rpc = await db()
        .rpc('courses_by_author', { author: 1 })
        .select('id, full_title')
        .like('full_title', '*Engines*')
      expect(rpc.data).toEqual([{ id: 4, full_title: 'Analytical Engines (analytical-engines)' }])
      const unknown = await db().from('courses').select('id, full_titel')
      expect(unknown.error).toMatchObject({ code: '42703', message: 'column courses.full_titel does not exist' })
    })

    it('embeds computed relationships: to-one by ROWS 1 or a single row, to-many by a set, also from a view', async () => {
      const { data, error } = await db()
        .from('courses')
        .select('id, writer(name), first_section(title), all_lessons(title)')
        .eq('id', 2)
      expect(error).toBeNull()
      expect(data).toEqual([
        {
          id: 2,
          writer: { name: 'Alan Turing' },
          first_section: { title: 'Turing machines' },
          all_lessons: [{ title: 'States' }],
        },
      ])
      const fromView = await db().from('course_cards').select('course_id, card_sections(title)').eq('course_id', 3)
      expect(fromView.data).toEqual([
        {
          course_id: 3,
          card_sections: [{ title: 'Parsing' }, { title: 'Code generation' }, { title: 'Optimisation' }],
        },
      ])
      // Aliases, !inner with a filter on the embed, and an RPC result embedding through a function.
      const inner = await db()
        .from('courses')
        .select('id, by:writer!inner(name)')
        .eq('by.name', 'Ada Lovelace')
        .order('id')
      expect(inner.data).toEqual([
        { id: 1, by: { name: 'Ada Lovelace' } },
        { id: 4, by: { name: 'Ada Lovelace' } },
      ])
      const rpc = await db().rpc('courses_by_author', { author: 2 }).select('id, writer(name)')
      expect(rpc.data).toEqual([{ id: 2, writer: { name: 'Alan Turing' } }])
    })
  })
}
