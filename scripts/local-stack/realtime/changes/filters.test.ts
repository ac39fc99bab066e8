// The postgres_changes parameter parser against the real server's documented answers, and against every filter
// realtime-js's filter builder can write: a value goes through build() and comes back unchanged.
import { postgresChangesFilter } from '@supabase/supabase-js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseSubscriptionParams, splitTopLevel } from './filters.ts'
import { paramsToLog } from './subscriptions.ts'

const parse = (params: Record<string, unknown>) => parseSubscriptionParams(params as never)

describe('parseSubscriptionParams', () => {
  it('reads the examples of Realtime’s own documentation', () => {
    expect(parse({ schema: 'public', table: 'messages', filter: 'subject=eq.hey' })).toEqual({
      ok: true,
      params: {
        action: '*',
        schema: 'public',
        table: 'messages',
        filters: [{ column: 'subject', op: 'eq', value: 'hey', negate: false }],
        select: null,
      },
    })
    const filters = (filter: string) => {
      const result = parse({ schema: 'public', table: 'messages', filter })
      return result.ok ? result.params.filters : result.error
    }
    expect(filters('subject=in.(hidee,ho)')).toEqual([
      { column: 'subject', op: 'in', value: '{hidee,ho}', negate: false },
    ])
    expect(filters('subject=not.like.hey%')).toEqual([{ column: 'subject', op: 'like', value: 'hey%', negate: true }])
    expect(filters('id=gt.0,id=lt.100')).toHaveLength(2)
    expect(filters('   ')).toEqual([])
    expect(filters('subject=foo.hey')).toBe('Error parsing `filter` params: ["foo", "hey"]')
    expect(filters('undefined')).toBe('Error parsing `filter` params: ["undefined"]')
    expect(filters('id=eq.1,,id=eq.2')).toBe(
      'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    )
    expect(filters('id=in.1,2')).toBe('Error parsing `filter` params: `in` filter value must be wrapped by parentheses')
    expect(parse({ schema: 'public' })).toMatchObject({ ok: true, params: { schema: 'public', table: '*' } })
    expect(parse({ table: 'messages' })).toMatchObject({ ok: true, params: { schema: 'public', table: 'messages' } })
    expect(parse({})).toEqual({
      ok: false,
      error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    })
    expect(parse({ user_token: 'x' })).toMatchObject({ ok: false, error: expect.stringMatching(/<redacted>$/) })
    expect(parse({ schema: 'public', select: ['a'] })).toEqual({
      ok: false,
      error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    })
    expect(parse({ schema: 'public', table: 't', select: 'a' })).toMatchObject({ ok: false })
    expect(parse({ event: 'update', schema: 'public', table: 't', select: [] })).toMatchObject({
      ok: true,
      params: { action: 'UPDATE', select: [] },
    })
  })

  it('splits on top-level commas only: quotes and parentheses protect them', () => {
    expect(splitTopLevel('a=eq."x,y",b=in.(1,2),c=eq.z')).toEqual(['a=eq."x,y"', 'b=in.(1,2)', 'c=eq.z'])
    expect(splitTopLevel('a=eq."x\\",y"')).toEqual(['a=eq."x\\",y"'])
  })

  it('reads back every value realtime-js’s filter builder writes', () => {
    const value = fc.string({ maxLength: 20 })
    fc.assert(
      fc.property(value, value, (a, b) => {
        const built = postgresChangesFilter().eq('title', a).not('note', 'like', b).build()
        const result = parse({ schema: 'public', table: 't', filter: built })
        expect(result).toMatchObject({ ok: true })
        if (!result.ok) return
        expect(result.params.filters).toEqual([
          { column: 'title', op: 'eq', value: a, negate: false },
          { column: 'note', op: 'like', value: b, negate: true },
        ])
      }),
    )
  })

  it('writes parameters into error messages as Realtime logs them', () => {
    const result = parse({ event: 'INSERT', schema: 'public', table: 't', filter: 'a=eq.1', select: ['a'] })
    expect(result.ok && paramsToLog(result.params)).toBe(
      'event: INSERT, schema: public, table: t, filters: [{"a", "eq", "1", false}], select: ["a"]',
    )
  })
})
