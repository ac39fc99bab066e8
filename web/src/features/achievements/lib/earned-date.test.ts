import { describe, expect, it } from 'vitest'
import { earnedLabel, formatEarnedDate } from './earned-date'

describe('earnedLabel', () => {
  it('writes the day in the given locale', () => {
    expect(earnedLabel('2026-11-03T10:00:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('Earned 3 November 2026')
    expect(earnedLabel('2026-11-03T10:00:00Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('Earned November 3, 2026')
  })

  it('uses the time zone to pick the day', () => {
    const lateInUtc = '2026-11-03T23:30:00Z'
    expect(formatEarnedDate(lateInUtc, { locale: 'en-GB', timeZone: 'UTC' })).toBe('3 November 2026')
    expect(formatEarnedDate(lateInUtc, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('4 November 2026')
    expect(formatEarnedDate(lateInUtc, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('3 November 2026')
  })
})
