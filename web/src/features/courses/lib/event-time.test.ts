// Event times in the learner's zone: a live session's range (the date once on a single day), a deadline's moment,
// and which events are still ahead.
import { describe, expect, it } from 'vitest'
import { formatEventTime, splitByNow } from './event-time'

describe('formatEventTime', () => {
  it('shows a live session as a range in the given zone, the date once', () => {
    const text = formatEventTime('2026-12-03T17:00:00Z', '2026-12-03T18:30:00Z', {
      locale: 'en-GB',
      timeZone: 'Europe/Berlin',
    })
    expect(text).toMatch(/Thu 3 Dec/)
    expect(text).toMatch(/18:00/)
    expect(text).toMatch(/19:30/)
    expect(text.match(/Dec/g)).toHaveLength(1)
  })

  it('moves the same moment to another zone', () => {
    const tokyo = formatEventTime('2026-12-03T17:00:00Z', null, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })
    expect(tokyo).toMatch(/Fri 4 Dec/)
    expect(tokyo).toMatch(/02:00/)
  })
})

describe('splitByNow', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  const event = (id: string, startsAt: string, endsAt: string | null = null) => ({ id, startsAt, endsAt })

  it('keeps a session that is under way upcoming and lists the past latest first', () => {
    const { upcoming, past } = splitByNow(
      [
        event('old', '2026-11-01T10:00:00Z'),
        event('older-deadline-passed', '2026-11-20T10:00:00Z'),
        event('live-now', '2026-12-01T11:30:00Z', '2026-12-01T12:30:00Z'),
        event('next', '2026-12-05T10:00:00Z'),
      ],
      now,
    )
    expect(upcoming.map((e) => e.id)).toEqual(['live-now', 'next'])
    expect(past.map((e) => e.id)).toEqual(['older-deadline-passed', 'old'])
  })
})
