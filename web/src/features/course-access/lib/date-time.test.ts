// Times in the viewer's zone with the zone named, and the datetime-local round trip the forms rely on.
import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDateTimeRange, fromLocalInput, localInputInDays, toLocalInput } from './date-time'

describe('formatDateTime', () => {
  it('names the zone it shows the time in', () => {
    const text = formatDateTime('2026-12-03T17:00:00Z', { locale: 'en-GB', timeZone: 'Europe/Berlin' })
    expect(text).toBe('Thu, 3 Dec 2026, 18:00 CET')
  })

  it('shows the same moment in another zone with that zone', () => {
    const text = formatDateTime('2026-12-03T17:00:00Z', { locale: 'en-US', timeZone: 'America/New_York' })
    expect(text).toBe('Thu, Dec 3, 2026, 12:00 PM EST')
  })

  it('writes a same-day range with the date once', () => {
    const text = formatDateTimeRange('2026-12-03T17:00:00Z', '2026-12-03T18:30:00Z', {
      locale: 'en-GB',
      timeZone: 'Europe/Berlin',
    })
    // ICU versions differ in the spacing around the dash, not in what is said.
    expect(text).toMatch(/^Thu, 3 Dec 2026, 18:00\s?–\s?19:30 CET$/)
  })
})

describe('datetime-local values', () => {
  it('round-trips a moment through the input value in the local zone', () => {
    const iso = '2026-12-03T17:45:00.000Z'
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
  })

  it('answers null for an empty or malformed value', () => {
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('tomorrow')).toBeNull()
    expect(fromLocalInput('2026-13-45T99:00')).toBeNull()
  })

  it('puts the default expiry whole days ahead at the same wall-clock minute', () => {
    const from = new Date(2026, 0, 30, 9, 15, 42)
    expect(localInputInDays(14, from)).toBe('2026-02-13T09:15')
  })
})
