import { describe, expect, it } from 'vitest'
import { announcementErrorMessage, announcementState } from './announcement-state'

describe('announcementState', () => {
  it('tells sent, scheduled and deleted apart (deleted wins)', () => {
    expect(announcementState({ sent_at: '2026-11-29T10:00:00Z', deleted_at: null })).toBe('sent')
    expect(announcementState({ sent_at: null, deleted_at: null })).toBe('scheduled')
    expect(announcementState({ sent_at: '2026-11-29T10:00:00Z', deleted_at: '2026-11-29T11:00:00Z' })).toBe('deleted')
  })
})

describe('announcementErrorMessage', () => {
  it("shows the database's own sentence for the rate limit and edits after sending", () => {
    const limited = { code: 'rate_limited', message: 'This course has had 5 announcements in the last 24 hours.' }
    expect(announcementErrorMessage(limited)).toBe('This course has had 5 announcements in the last 24 hours.')
    expect(announcementErrorMessage({ code: 'announcement_sent', message: 'Sent already.' })).toBe('Sent already.')
  })

  it('falls back to the app-wide sentence for anything else', () => {
    expect(announcementErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'We could not reach Summit. Check your connection and try again.',
    )
  })
})
