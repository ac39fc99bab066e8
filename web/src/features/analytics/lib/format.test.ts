import { describe, expect, it } from 'vitest'
import { formatIdle } from './format'
import { toAnalyticsFilter } from './filter'

describe('formatIdle', () => {
  it('counts whole days since the last activity', () => {
    const now = new Date('2026-11-25T12:00:00Z')
    expect(formatIdle('2026-11-24T11:00:00Z', now)).toBe('1 day ago')
    expect(formatIdle('2026-11-13T12:00:00Z', now)).toBe('12 days ago')
    expect(formatIdle(null, now)).toBe('No activity yet')
  })
})

describe('toAnalyticsFilter', () => {
  it('makes the inclusive day range a half-open instant range from local midnights, swapping a reversed one', () => {
    const filter = toAnalyticsFilter({ cohort: undefined, from: '2026-11-20', to: '2026-11-10' })
    expect(filter.enrolledFrom).toBe(new Date(2026, 10, 10).toISOString())
    expect(filter.enrolledTo).toBe(new Date(2026, 10, 21).toISOString())
  })

  it('leaves unset bounds unset', () => {
    expect(toAnalyticsFilter({ cohort: 'c', from: undefined, to: undefined })).toEqual({
      cohortId: 'c',
      enrolledFrom: undefined,
      enrolledTo: undefined,
    })
  })
})
