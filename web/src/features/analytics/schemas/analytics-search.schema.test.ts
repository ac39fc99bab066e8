import { describe, expect, it } from 'vitest'
import { analyticsSearchSchema } from './analytics-search.schema'

describe('analyticsSearchSchema', () => {
  it('keeps valid params and drops bad ones instead of failing the page', () => {
    expect(analyticsSearchSchema.parse({})).toEqual({})
    expect(analyticsSearchSchema.parse({ from: '2026-01-01', to: 'yesterday', cohort: 'x' })).toEqual({
      from: '2026-01-01',
      to: undefined,
      cohort: undefined,
    })
  })
})
