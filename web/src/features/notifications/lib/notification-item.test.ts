import { describe, expect, it } from 'vitest'
import { bellLabel, describeNotification, unreadBadge } from './notification-item'

describe('describeNotification', () => {
  it('links an invitation to its accept page and names who sent it', () => {
    const item = describeNotification({
      kind: 'course_added',
      payload: {
        course_title: 'Alpine Basics',
        course_slug: 'alpine-basics',
        invitation_id: 'i-1',
        invited_by_name: 'Ivan',
      },
    })
    expect(item.title).toBe("You're invited to Alpine Basics")
    expect(item.detail).toBe('Ivan invited you. Accept to start learning.')
    expect(item.target).toEqual({ to: '/invitations/$invitationId', params: { invitationId: 'i-1' } })
  })

  it('links being added to the course page', () => {
    const item = describeNotification({
      kind: 'course_added',
      payload: { course_title: 'Alpine Basics', course_slug: 'alpine-basics', school_name: 'Alpine Academy' },
    })
    expect(item).toEqual({
      title: 'You were added to Alpine Basics',
      detail: 'By Alpine Academy',
      target: { to: '/courses/$slug', params: { slug: 'alpine-basics' } },
    })
  })

  it('links an answer to its lesson, with the excerpt', () => {
    const item = describeNotification({
      kind: 'answer',
      payload: { author_name: 'Ivan', excerpt: 'A figure eight.', course_slug: 'alpine-basics', lesson_id: 'l-1' },
    })
    expect(item.title).toBe('Ivan answered your question')
    expect(item.detail).toBe('A figure eight.')
    expect(item.target).toEqual({ to: '/learn/$slug/$lessonId', params: { slug: 'alpine-basics', lessonId: 'l-1' } })
  })

  it('shows an announcement by its title, linked to the course page section', () => {
    const item = describeNotification({
      kind: 'announcement',
      payload: { title: 'Week 2 is open', course_title: 'Alpine Basics', course_slug: 'alpine-basics' },
    })
    expect(item.title).toBe('Week 2 is open')
    expect(item.target).toEqual({ to: '/courses/$slug', params: { slug: 'alpine-basics' }, hash: 'announcements' })
  })

  it('links a certificate to its verification page and a trophy to achievements', () => {
    expect(describeNotification({ kind: 'certificate', payload: { code: 'ABCDEFGHJK' } }).target).toEqual({
      to: '/c/$code',
      params: { code: 'ABCDEFGHJK' },
    })
    expect(describeNotification({ kind: 'achievement', payload: { title: 'First lesson' } })).toEqual({
      title: 'Trophy earned: First lesson',
      detail: null,
      target: { to: '/achievements' },
    })
  })

  it('falls back to plain words and the inbox when the payload lacks a field', () => {
    const item = describeNotification({ kind: 'answer', payload: {} })
    expect(item.title).toBe('Someone answered your question')
    expect(item.target).toEqual({ to: '/notifications' })
    expect(describeNotification({ kind: 'certificate', payload: { course_slug: 7 } }).target).toEqual({
      to: '/notifications',
    })
  })
})

it('shows a kind it has no words for by its payload, without failing', () => {
  expect(
    describeNotification({ kind: 'course_poll', payload: { title: 'A poll in 15 minutes', course_slug: 'a-b' } }),
  ).toEqual({
    title: 'A poll in 15 minutes',
    detail: null,
    target: { to: '/courses/$slug', params: { slug: 'a-b' } },
  })
  expect(describeNotification({ kind: 'course_poll', payload: {} }).title).toBe('New notification')
})

describe('reminders and the weekly digest', () => {
  it("links a study session reminder to its course, with the start in the learner's zone", () => {
    const item = describeNotification({
      kind: 'study_reminder',
      payload: {
        reminder: 'study_session',
        course_title: 'Alpine Basics',
        course_slug: 'alpine-basics',
        local_start: '2026-12-02 09:10',
        time_zone: 'Asia/Tokyo',
      },
    })
    expect(item).toEqual({
      title: 'Your study session for Alpine Basics starts soon',
      detail: '2026-12-02 09:10 (Asia/Tokyo)',
      target: { to: '/courses/$slug', params: { slug: 'alpine-basics' } },
    })
  })

  it('names a live session or a deadline by its title and links the calendar', () => {
    const payload = { title: 'Live Q&A', course_title: 'Alpine Basics', local_start: '2026-12-03 09:00' }
    expect(describeNotification({ kind: 'event_reminder', payload: { ...payload, reminder: 'event' } })).toEqual({
      title: 'Live session tomorrow: Live Q&A',
      detail: 'Alpine Basics · 2026-12-03 09:00',
      target: { to: '/calendar' },
    })
    expect(describeNotification({ kind: 'event_reminder', payload: { reminder: 'deadline' } }).title).toBe(
      'Deadline tomorrow: A deadline',
    )
  })

  it('links a streak at risk to the stats and the digest to the studio', () => {
    expect(describeNotification({ kind: 'streak_reminder', payload: { streak_days: 4 } })).toMatchObject({
      title: 'Your 4-day streak ends tonight',
      target: { to: '/stats' },
    })
    expect(describeNotification({ kind: 'weekly_digest', payload: { courses: [{}, {}] } })).toEqual({
      title: 'Your weekly digest',
      detail: 'News from 2 courses you teach',
      target: { to: '/studio' },
    })
  })
})

describe('the badge and the bell label', () => {
  it('shows nothing at zero and caps at 99+', () => {
    expect(unreadBadge(0)).toBeNull()
    expect(unreadBadge(3)).toBe('3')
    expect(unreadBadge(120)).toBe('99+')
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(2)).toBe('Notifications, 2 unread')
    expect(bellLabel(100)).toBe('Notifications, more than 99 unread')
  })
})
