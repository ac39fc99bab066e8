// Resource embedding through supabase-js: relationships detected both ways, one-to-one, many-to-many through a
// junction, self references, hints by key and column, !inner and !left, aliases, spreads, and filters, or, order
// and limit on embedded resources; views embed through their base tables' keys; PGRST200 and PGRST201.
import { describe, expect, it } from 'vitest'
import type { SuiteEnv } from '../env.ts'

export function embeddingSuite(env: SuiteEnv): void {
  describe('embedding', () => {
    const db = () => env.h.anon()

    it('embeds many-to-one as an object and one-to-many as an array', async () => {
      const { data, error } = await db()
        .from('courses')
        .select('title, authors!author_id(name), sections(title)')
        .eq('id', 1)
        .order('position', { referencedTable: 'sections' })
      expect(error).toBeNull()
      expect(data).toEqual([
        {
          title: 'Intro to Programming',
          authors: { name: 'Ada Lovelace' },
          sections: [{ title: 'Basics' }, { title: 'Control flow' }],
        },
      ])
    })

    it('refuses embeds whose join names agree in their first 63 bytes, as PostgreSQL cuts identifiers there', async () => {
      // PostgREST joins each embed as `<table>_<alias>_<depth>`: these three become one name once cut to 63 bytes.
      const long = 'a'.repeat(70)
      const clash = await db()
        .from('courses')
        .select(`id, ${long}1:sections(title), ${long}2:sections(position), ${long}3:authors!author_id(name)`)
        .eq('id', 2)
      expect(clash.error).toEqual({
        code: '42712',
        message: `table name "courses_${'a'.repeat(55)}" specified more than once`,
        details: null,
        hint: null,
      })
      // Long aliases that differ early are kept apart, and their keys are never cut.
      const long2 = 'b'.repeat(70)
      const { data, error } = await db()
        .from('courses')
        .select(`id, x${long}:sections(title), y${long}:sections(position), z${long2}:authors!author_id(name)`)
        .eq('id', 2)
        .order('position', { referencedTable: `x${long}` })
        .order(`z${long2}(name)`)
      expect(error).toBeNull()
      expect(data).toEqual([
        {
          id: 2,
          [`x${long}`]: [{ title: 'Turing machines' }],
          [`y${long}`]: [{ position: 1 }],
          [`z${long2}`]: { name: 'Alan Turing' },
        },
      ])
    })

    it('reads a course outline three levels deep, ordered at each level', async () => {
      const { data } = await db()
        .from('courses')
        .select('title, sections(title, position, lessons(title, position))')
        .eq('id', 3)
        .order('position', { referencedTable: 'sections' })
        .order('position', { referencedTable: 'sections.lessons', ascending: false })
      expect(data).toEqual([
        {
          title: 'Compilers',
          sections: [
            {
              title: 'Parsing',
              position: 1,
              lessons: [
                { title: 'Grammars', position: 2 },
                { title: 'Lexing', position: 1 },
              ],
            },
            { title: 'Code generation', position: 2, lessons: [{ title: 'Registers', position: 1 }] },
            { title: 'Optimisation', position: 3, lessons: [] },
          ],
        },
      ])
    })

    it('embeds one-to-one both ways and many-to-many through the junction', async () => {
      expect((await db().from('courses').select('id, course_details(summary)').eq('id', 2)).data).toEqual([
        { id: 2, course_details: { summary: 'Hard' } },
      ])
      expect((await db().from('course_details').select('summary, courses(slug)').eq('course_id', 1)).data).toEqual([
        { summary: 'Start here', courses: { slug: 'intro-programming' } },
      ])
      const m2m = await db()
        .from('students')
        .select('name, courses(id)')
        .order('id')
        .order('id', { referencedTable: 'courses' })
      expect(m2m.data).toEqual([
        { name: 'Sam', courses: [{ id: 1 }, { id: 2 }] },
        { name: 'Kim', courses: [{ id: 1 }] },
        { name: 'Lee', courses: [{ id: 3 }] },
      ])
      expect((await db().from('courses').select('id, students!enrollments(name)').eq('id', 2)).data).toEqual([
        { id: 2, students: [{ name: 'Sam' }] },
      ])
    })

    it('disambiguates with hints: a foreign key name or a column', async () => {
      const byKey = await db()
        .from('courses')
        .select('id, lead:authors!courses_author_id_fkey(name), co:authors!co_author_id(name)')
        .eq('id', 1)
      expect(byKey.data).toEqual([{ id: 1, lead: { name: 'Ada Lovelace' }, co: { name: 'Alan Turing' } }])
      const reverse = await db().from('authors').select('name, courses!co_author_id(id)').eq('id', 1)
      expect(reverse.data).toEqual([{ name: 'Ada Lovelace', courses: [{ id: 3 }] }])
    })

    it('follows a self reference both ways', async () => {
      const { data } = await db()
        .from('categories')
        .select('name, parent:parent_id(name), children:categories(name)')
        .eq('id', 2)
      expect(data).toEqual([{ name: 'Computing', parent: { name: 'Science' }, children: [{ name: 'Compilers' }] }])
    })

    it('filters parents by their embeds with !inner, and keeps them with !left', async () => {
      const inner = await db().from('courses').select('id, sections!inner(title)').eq('sections.title', 'Parsing')
      expect(inner.data).toEqual([{ id: 3, sections: [{ title: 'Parsing' }] }])
      const left = await db()
        .from('courses')
        .select('id, sections!left(title)')
        .eq('sections.title', 'Parsing')
        .order('id')
      expect(left.data!.map((r) => [r.id, r.sections.length])).toEqual([
        [1, 0],
        [2, 0],
        [3, 1],
        [4, 0],
      ])
      const toOne = await db()
        .from('courses')
        .select('id, authors!author_id!inner(name)')
        .eq('authors.name', 'Alan Turing')
      expect(toOne.data).toEqual([{ id: 2, authors: { name: 'Alan Turing' } }])
      const counted = await db().from('courses').select('id, sections!inner()', { count: 'exact', head: true })
      expect(counted.count).toBe(3)
    })

    it('filters on whether an embed is empty (rel=is.null)', async () => {
      const empty = await db().from('courses').select('id, sections()').is('sections', null)
      expect(empty.data).toEqual([{ id: 4 }])
      const notEmpty = await db().from('courses').select('id, sections()').not('sections', 'is', null).order('id')
      expect(notEmpty.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    })

    it('spreads to-one columns into the parent and to-many columns as arrays', async () => {
      const one = await db().from('courses').select('title, ...authors!author_id(author:name, email)').eq('id', 2)
      expect(one.data).toEqual([{ title: 'Computability', author: 'Alan Turing', email: 'alan@example.com' }])
      const many = await db()
        .from('courses')
        .select('id, ...sections(section_titles:title)')
        .eq('id', 1)
        .order('position', { referencedTable: 'sections' })
      expect(many.data).toEqual([{ id: 1, section_titles: ['Basics', 'Control flow'] }])
    })

    it('limits, offsets and orders embedded resources, and orders by to-one embeds', async () => {
      const limited = await db()
        .from('courses')
        .select('id, sections(id)')
        .eq('id', 3)
        .order('id', { referencedTable: 'sections' })
        .range(1, 1, { referencedTable: 'sections' })
      expect(limited.data).toEqual([{ id: 3, sections: [{ id: 5 }] }])
      const related = await db()
        .from('courses')
        .select('id, authors!author_id(name)')
        .order('authors(name)', { ascending: false })
        .order('id')
      expect(related.data!.map((r) => r.id)).toEqual([3, 2, 1, 4])
    })

    it('embeds from views through the keys of their base tables, also through renamed columns', async () => {
      const published = await db().from('published_courses').select('title, authors(name)').order('id')
      expect(published.data!.map((r) => (r.authors as unknown as { name: string }).name)).toEqual([
        'Ada Lovelace',
        'Alan Turing',
        'Ada Lovelace',
      ])
      const cards = await db().from('course_cards').select('heading, authors(name), sections(title)').eq('course_id', 2)
      expect(cards.data).toEqual([
        { heading: 'Computability', authors: { name: 'Alan Turing' }, sections: [{ title: 'Turing machines' }] },
      ])
    })

    it('answers PGRST201 (300) for ambiguous embeds and PGRST200 for missing relationships', async () => {
      const ambiguous = await db().from('courses').select('*, authors(*)')
      expect(ambiguous.status).toBe(300)
      expect(ambiguous.error).toEqual({
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'courses' and 'authors'",
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'courses with authors',
            relationship: 'courses_author_id_fkey using courses(author_id) and authors(id)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'courses with authors',
            relationship: 'courses_co_author_id_fkey using courses(co_author_id) and authors(id)',
          },
        ],
        hint: "Try changing 'authors' to one of the following: 'authors!courses_author_id_fkey', 'authors!courses_co_author_id_fkey'. Find the desired relationship in the 'details' key.",
      })
      const missing = await db().from('lessons').select('*, students(*)')
      expect(missing.status).toBe(400)
      expect(missing.error).toEqual({
        code: 'PGRST200',
        message: "Could not find a relationship between 'lessons' and 'students' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'lessons' and 'students' in the schema 'rest_test', but no matches were found.",
        hint: null,
      })
      const notEmbedded = await db().from('courses').select('id').eq('sections.title', 'x')
      expect(notEmbedded.error).toMatchObject({
        code: 'PGRST108',
        message: "'sections' is not an embedded resource in this request",
      })
      const toMany = await db().from('courses').select('id, sections(title)').order('sections(title)')
      expect(toMany.error).toMatchObject({ code: 'PGRST118' })
    })

    it('refuses one table embedded twice under one name with 42712, as PostgreSQL refuses the joins PostgREST writes', async () => {
      const twice = await db().from('courses').select('id, sections(id), sections(title)')
      expect(twice.status).toBe(400)
      expect(twice.data).toBeNull()
      expect(twice.error).toEqual({
        code: '42712',
        message: 'table name "courses_sections_1" specified more than once',
        details: null,
        hint: null,
      })
      // Hints alone do not make the names differ; one alias twice (even on different tables) clashes as well.
      const hinted = await db().from('courses').select('id, authors!author_id(name), authors!co_author_id(name)')
      expect(hinted.error).toMatchObject({
        code: '42712',
        message: 'table name "courses_authors_1" specified more than once',
      })
      const deep = await db().from('authors').select('id, courses!author_id(x:sections(id), x:course_details(summary))')
      expect(deep.error).toMatchObject({ code: '42712', message: 'table name "courses_x_2" specified more than once' })
      // A write with such a select changes nothing.
      const insert = await env.h
        .serviceRole()
        .from('sections')
        .insert({ id: 99, course_id: 1, title: 'Never', position: 9 })
        .select('id, courses(id), courses(title)')
      expect(insert.error).toMatchObject({
        code: '42712',
        message: 'table name "sections_courses_1" specified more than once',
      })
      expect((await env.h.serviceRole().from('sections').select('id').eq('id', 99)).data).toEqual([])
      const aliased = await db()
        .from('courses')
        .select('id, writer:authors!author_id(name), co:authors!co_author_id(name)')
        .eq('id', 1)
      expect(aliased.data).toEqual([{ id: 1, writer: { name: 'Ada Lovelace' }, co: { name: 'Alan Turing' } }])
    })
  })
}
