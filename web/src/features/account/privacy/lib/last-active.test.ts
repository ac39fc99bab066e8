// Last-active wording in the sessions list, with a fixed "now" and an English locale.
import { describe, expect, it } from 'vitest'
import { exactTime, lastActiveLabel } from './last-active'

const now = new Date('2026-11-25T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

describe('lastActiveLabel', () => {
  it.each([
    [0, 'Active now'],
    [59, 'Active now'],
    [-30, 'Active now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [2 * 3600, '2 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [14 * 86_400, '2 weeks ago'],
    [60 * 86_400, '2 months ago'],
    [400 * 86_400, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, expected) => {
    expect(lastActiveLabel(ago(seconds), now, 'en')).toBe(expected)
  })

  it('says "Unknown" for a value that is not a time', () => {
    expect(lastActiveLabel('not a date', now, 'en')).toBe('Unknown')
  })
})

describe('exactTime', () => {
  it('gives the date and the time to the second', () => {
    const text = exactTime('2026-11-25T10:41:07Z', 'en-GB')
    expect(text).toMatch(/2026/)
    expect(text).toMatch(/\d{2}:07/)
  })

  it('is empty for a value that is not a time', () => {
    expect(exactTime('nope')).toBe('')
  })
})
