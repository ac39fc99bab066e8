// The attempt's clock: read against the server's clock, announced at 5 min, 1 min and 10 s only.
import { describe, expect, it } from 'vitest'
import { announcementFor, clockInWords, clockOffsetMs, clockText, remainingMs } from './timer'

describe('quiz timer', () => {
  it('counts down to the deadline by the server clock, not the device clock', () => {
    const offset = clockOffsetMs('2026-11-29T10:00:30.000Z', Date.parse('2026-11-29T10:00:00.000Z'))
    expect(offset).toBe(30_000)
    // The device says 10:00:00, the server 10:00:30: a 10:01:00 deadline is 30 s away.
    expect(remainingMs('2026-11-29T10:01:00.000Z', offset, Date.parse('2026-11-29T10:00:00.000Z'))).toBe(30_000)
    expect(remainingMs('2026-11-29T10:00:00.000Z', offset, Date.parse('2026-11-29T10:00:00.000Z'))).toBe(0)
  })

  it('announces only when 5 min, 1 min, 10 s are crossed, and time up', () => {
    expect(announcementFor(301, 300)).toBe('5 minutes left.')
    expect(announcementFor(300, 299)).toBeNull()
    expect(announcementFor(61, 60)).toBe('1 minute left.')
    expect(announcementFor(11, 10)).toBe('10 seconds left.')
    expect(announcementFor(9, 8)).toBeNull()
    expect(announcementFor(1, 0)).toBe("Time's up. Your answers are being submitted.")
    // A tab woken after minutes asleep reads the latest moment only.
    expect(announcementFor(400, 30)).toBe('1 minute left.')
  })

  it('shows the clock as m:ss or h:mm:ss and says it in words', () => {
    expect(clockText(65_000)).toBe('1:05')
    expect(clockText(3_725_000)).toBe('1:02:05')
    expect(clockText(0)).toBe('0:00')
    expect(clockInWords(61_000)).toBe('1 minute 1 second left')
    expect(clockInWords(120_000)).toBe('2 minutes left')
    expect(clockInWords(0)).toBe('0 seconds left')
  })
})
