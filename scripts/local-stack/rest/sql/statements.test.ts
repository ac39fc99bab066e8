// Unit tests of the SQL stage: one statement per request, identifiers only from the cache, and every value and
// every request-supplied name (aliases, JSON keys) bound as a parameter, never written into the SQL text.
import { describe, expect, it } from 'vitest'
import { planRead } from '../plan/read-plan.ts'
import { parseQueryParams } from '../request/query-params.ts'
import { fakeCache } from '../testing/fake-cache.ts'
import { buildStatement } from './statements.ts'

const cache = fakeCache()

function statement(table: string, query: string) {
  const root = planRead({
    cache,
    schema: 'api',
    table: cache.tables.get(`api.${table}`)!,
    origin: table,
    from: { kind: 'relation' },
    params: parseQueryParams(query, false),
    maxRows: 1000,
    aggregatesEnabled: true,
    isMutation: false,
  })
  return buildStatement({ root, body: { kind: 'json', stripNulls: false }, exactCount: true })
}

describe('statements', () => {
  it('binds filter values instead of writing them', () => {
    const evil = "x'); drop table api.courses; --"
    const s = statement('courses', `select=id&title=eq.${encodeURIComponent(evil)}&or=(id.in.(1,2),title.like.a*)`)
    expect(s.text).not.toContain('drop table')
    expect(s.values).toContain(evil)
    expect(s.values).toContain('{"1","2"}')
    expect(s.values).toContain('a%')
  })

  it('binds aliases and JSON keys, so request text never becomes an identifier', () => {
    const select = encodeURIComponent('"x\\"y":name,profile->"k;--"->>0')
    const s = statement('authors', `select=${select}&id=eq.1`)
    expect(s.text).not.toContain('x"y')
    expect(s.text).not.toContain('k;--')
    expect(s.values).toEqual(expect.arrayContaining(['x"y', 'k;--', '0']))
  })

  it('quotes identifiers from the cache and joins embeds laterally', () => {
    const s = statement('courses', 'select=title,sections(title),students(name)')
    expect(s.text).toContain('FROM "api"."courses"')
    expect(s.text).toContain('LEFT JOIN LATERAL')
    expect(s.text).toContain('"api"."enrollments" AS "pgrst_j2"')
    expect(s.text).toMatch(/pgrst_source_count AS/)
  })

  it('gives the same text for the same shape, whatever the values', () => {
    expect(statement('courses', 'id=eq.1').text).toBe(statement('courses', 'id=eq.2').text)
  })
})
