// Unit tests of the plan media type as PostgREST reads it: `application/vnd.pgrst.plan[+json|+text]` with `for` and
// `options`, spaces and `;q=` dropped first, acceptable only when db-plan-enabled is on and never for the root.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../errors.ts'
import { negotiateMedia, planContentTypeOf } from './media.ts'

const json = { kind: 'json', stripNulls: false }

function message(accept: string, planEnabled = false): string {
  try {
    negotiateMedia(accept, false, planEnabled)
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return (error as ApiError).body.message
  }
  throw new Error('expected PGRST107')
}

describe('plan media type', () => {
  it('reads format, for and options, options in PostgREST order', () => {
    expect(negotiateMedia('application/vnd.pgrst.plan', false, true)).toEqual({
      output: json,
      plan: { format: 'text', output: json, forMime: 'application/json', options: [] },
    })
    // What supabase-js's explain() sends.
    const fromClient = negotiateMedia(
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose|analyze;',
      false,
      true,
    )
    expect(fromClient.output).toEqual({ kind: 'object', stripNulls: false })
    expect(fromClient.plan).toMatchObject({ format: 'json', options: ['analyze', 'verbose'] })
    expect(planContentTypeOf(fromClient.plan!)).toBe(
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8',
    )
    expect(negotiateMedia('application/vnd.pgrst.plan+text;for=text/csv;options=wal|nope', false, true).plan).toEqual({
      format: 'text',
      output: { kind: 'csv' },
      forMime: 'text/csv',
      options: ['wal'],
    })
    expect(
      negotiateMedia('application/vnd.pgrst.plan; for="application/vnd.pgrst.array"', false, true).plan,
    ).toMatchObject({ forMime: 'application/json' })
    expect(negotiateMedia('application/vnd.pgrst.plan; for=""', false, true).plan).toMatchObject({ forMime: '*/*' })
  })

  it('is not acceptable while off, for the root, or for a representation nothing produces', () => {
    expect(message('application/vnd.pgrst.plan')).toBe(
      'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
    )
    expect(message('application/vnd.pgrst.plan+json; for="text/plain"; options=buffers|analyze', true)).toBe(
      'None of these media types are available: application/vnd.pgrst.plan+json; for="text/plain"; options=analyze|buffers',
    )
    expect(() => negotiateMedia('application/vnd.pgrst.plan', true, true)).toThrow(ApiError)
    // A type after it is still acceptable; another case is another (unknown) type.
    expect(negotiateMedia('application/vnd.pgrst.plan, text/csv', false, false)).toEqual({ output: { kind: 'csv' } })
    expect(message('Application/Vnd.Pgrst.Plan', true)).toBe(
      'None of these media types are available: Application/Vnd.Pgrst.Plan',
    )
  })

  it('goes by quality like any other type', () => {
    expect(negotiateMedia('text/csv;q=0.5, application/vnd.pgrst.plan', false, true).plan?.format).toBe('text')
    expect(negotiateMedia('text/csv, application/vnd.pgrst.plan;q=0.5', false, true)).toEqual({
      output: { kind: 'csv' },
    })
  })
})
