// Posting times read naturally for recent posts and as a date for older ones.
import { describe, expect, it } from 'vitest'
import { relativeTime } from './when'

const now = new Date('2026-11-25T12:00:00Z')

describe('relativeTime', () => {
  it('says "now" within a minute, then minutes, hours and days', () => {
    expect(relativeTime('2026-11-25T11:59:30Z', now, 'en')).toBe('now')
    expect(relativeTime('2026-11-25T11:55:00Z', now, 'en')).toBe('5 minutes ago')
    expect(relativeTime('2026-11-25T09:00:00Z', now, 'en')).toBe('3 hours ago')
    expect(relativeTime('2026-11-24T12:00:00Z', now, 'en')).toBe('yesterday')
  })
  it('gives a date past a week, and nothing for a bad timestamp', () => {
    expect(relativeTime('2026-10-01T12:00:00Z', now, 'en')).toBe('Oct 1, 2026')
    expect(relativeTime('not a date', now, 'en')).toBe('')
  })
})
