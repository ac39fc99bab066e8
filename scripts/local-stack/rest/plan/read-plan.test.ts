// Unit tests of the planner against an in-memory schema cache: relationships found both ways and through a
// junction, hints, ambiguity (PGRST201), missing relationships (PGRST200), unknown columns (42703), casts,
// embed paths (PGRST108) and related order (PGRST118).
import { describe, expect, it } from 'vitest'
import type { ApiError } from '../errors.ts'
import { parseQueryParams } from '../request/query-params.ts'
import { fakeCache } from '../testing/fake-cache.ts'
import { planRead } from './read-plan.ts'

const cache = fakeCache()

function plan(table: string, query: string) {
  return planRead({
    cache,
    schema: 'api',
    table: cache.tables.get(`api.${table}`)!,
    origin: table,
    from: { kind: 'relation' },
    params: parseQueryParams(query, false),
    maxRows: 1000,
    aggregatesEnabled: false,
    isMutation: false,
  })
}

function failure(fn: () => unknown): ApiError {
  try {
    fn()
  } catch (error) {
    return error as ApiError
  }
  throw new Error('expected an error')
}

describe('read plan', () => {
  it('embeds many-to-one, one-to-many and many-to-many relationships', () => {
    const root = plan('courses', 'select=title,author:authors!author_id(name),sections(title),students(name)')
    expect(root.embeds.map((e) => [e.name, e.relationship.cardinality, e.toOne])).toEqual([
      ['authors', 'many-to-one', true],
      ['sections', 'one-to-many', false],
      ['students', 'many-to-many', false],
    ])
    expect(root.embeds[2]!.relationship.junction!.table.name).toBe('enrollments')
  })

  it('answers PGRST201 (300) with the candidates when a relationship is ambiguous', () => {
    const e = failure(() => plan('courses', 'select=*,authors(*)'))
    expect(e.status).toBe(300)
    expect(e.body.code).toBe('PGRST201')
    expect(e.body.hint).toBe(
      "Try changing 'authors' to one of the following: 'authors!courses_author_id_fkey', 'authors!courses_co_author_id_fkey'. Find the desired relationship in the 'details' key.",
    )
    expect(e.body.details).toEqual([
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
    ])
  })

  it('answers PGRST200 with a suggestion when no relationship exists', () => {
    const e = failure(() => plan('courses', 'select=*,sectons(*)'))
    expect(e.status).toBe(400)
    expect(e.body).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'courses' and 'sectons' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'courses' and 'sectons' in the schema 'api', but no matches were found.",
      hint: "Perhaps you meant 'sections' instead of 'sectons'.",
    })
  })

  it('checks columns like PostgreSQL would (42703), naming embedded tables by their alias', () => {
    expect(failure(() => plan('courses', 'select=titel')).body).toEqual({
      code: '42703',
      message: 'column courses.titel does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "courses.title".',
    })
    expect(failure(() => plan('courses', 'select=sections(nope)')).body.message).toBe(
      'column sections_1.nope does not exist',
    )
    expect(failure(() => plan('courses', 'id=eq.1&nope=eq.2')).status).toBe(400)
  })

  it('only allows casts to types the cache knows', () => {
    expect(plan('courses', 'select=id::text').select[0]!.cast).toBe('"pg_catalog"."text"')
    expect(failure(() => plan('courses', 'select=id::evil_type')).body.code).toBe('42704')
  })

  it('places filters, order and ranges on embedded resources, and rejects unknown paths', () => {
    const root = plan(
      'courses',
      'select=sections(title)&sections.title=eq.x&sections.order=title.desc&sections.limit=2',
    )
    const sections = root.embeds[0]!.node
    expect(sections.where).toHaveLength(1)
    expect(sections.order).toHaveLength(1)
    expect(sections.range).toEqual({ offset: 0, limit: 2 })
    expect(root.range).toEqual({ offset: 0, limit: 1000 })
    expect(failure(() => plan('courses', 'select=id&sections.title=eq.x')).body.code).toBe('PGRST108')
  })

  it('orders by to-one embeds only (PGRST118 otherwise)', () => {
    expect(plan('courses', 'select=authors!author_id(name)&order=authors(name)').order[0]!.relationAlias).toBe(
      'pgrst_a1',
    )
    expect(failure(() => plan('courses', 'select=sections(title)&order=sections(title)')).body.code).toBe('PGRST118')
  })

  it('refuses aggregates unless enabled (PGRST123)', () => {
    expect(failure(() => plan('courses', 'select=count()')).body.code).toBe('PGRST123')
  })

  it('names embeds with short aliases unique in the statement, however long the names the request uses', () => {
    const long = 'x'.repeat(70)
    const root = plan(
      'courses',
      `select=a${long}:sections(title,${long}:courses(id)),b${long}:sections(title),c${long}:students(name),authors!author_id(name)`,
    )
    const embeds = [...root.embeds, root.embeds[0]!.node.embeds[0]!]
    const names = embeds.flatMap((e) => [e.aggAlias, e.node.ref, ...(e.junctionRef ? [e.junctionRef] : [])])
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(Buffer.byteLength(name), name).toBeLessThanOrEqual(20)
    // Error messages keep PostgREST's names for embedded tables.
    expect(embeds.map((e) => e.node.errorName)).toEqual([
      'sections_1',
      'sections_1',
      'students_1',
      'authors_1',
      'courses_2',
    ])
    // Names equal in their first 63 bytes are one name to PostgreSQL: PostgREST's statement fails with 42712.
    expect(() => plan('courses', `select=${long}1:sections(title),${long}2:sections(title)`)).toThrow(
      `table name "courses_${'x'.repeat(55)}" specified more than once`,
    )
  })
})
