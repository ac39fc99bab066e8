// What a notification says and where it leads, from its kind and the payload the database froze when it happened.
// Pure, so the bell, /notifications and their tests agree. A payload missing a field falls back to a plainer
// sentence and a safe destination rather than a broken link.
import type { AppNotification } from '../api/notifications.api'

export type NotificationTarget =
  | { to: '/courses/$slug'; params: { slug: string }; hash?: string }
  | { to: '/invitations/$invitationId'; params: { invitationId: string } }
  | { to: '/learn/$slug/$lessonId'; params: { slug: string; lessonId: string } }
  | { to: '/c/$code'; params: { code: string } }
  | { to: '/achievements' }
  | { to: '/calendar' }
  | { to: '/stats' }
  | { to: '/studio' }
  | { to: '/notifications' }

export interface NotificationItem {
  title: string
  detail: string | null
  target: NotificationTarget
}

function text(payload: Record<string, unknown>, key: string): string | null {
  const value = payload[key]
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

function courseTarget(payload: Record<string, unknown>, hash?: string): NotificationTarget {
  const slug = text(payload, 'course_slug')
  if (!slug) return { to: '/notifications' }
  return hash ? { to: '/courses/$slug', params: { slug }, hash } : { to: '/courses/$slug', params: { slug } }
}

/** A reminder's start as the database wrote it in the reader's zone: "2026-12-02 09:10 (Asia/Tokyo)". */
function localStart(payload: Record<string, unknown>): string | null {
  const start = text(payload, 'local_start')
  const zone = text(payload, 'time_zone')
  return start ? (zone ? `${start} (${zone})` : start) : null
}

export function describeNotification(notification: Pick<AppNotification, 'kind' | 'payload'>): NotificationItem {
  const { payload } = notification
  const course = text(payload, 'course_title') ?? 'a course'
  switch (notification.kind) {
    case 'course_added': {
      const invitation = text(payload, 'invitation_id')
      if (invitation) {
        const inviter = text(payload, 'invited_by_name')
        return {
          title: `You're invited to ${course}`,
          detail: inviter ? `${inviter} invited you. Accept to start learning.` : 'Accept to start learning.',
          target: { to: '/invitations/$invitationId', params: { invitationId: invitation } },
        }
      }
      const school = text(payload, 'school_name')
      return {
        title: `You were added to ${course}`,
        detail: school ? `By ${school}` : null,
        target: courseTarget(payload),
      }
    }
    case 'answer': {
      const author = text(payload, 'author_name') ?? 'Someone'
      const slug = text(payload, 'course_slug')
      const lessonId = text(payload, 'lesson_id')
      return {
        title: `${author} answered your question`,
        detail: text(payload, 'excerpt') ?? text(payload, 'lesson_title'),
        target: slug && lessonId ? { to: '/learn/$slug/$lessonId', params: { slug, lessonId } } : courseTarget(payload),
      }
    }
    case 'announcement':
      return {
        title: text(payload, 'title') ?? `New announcement in ${course}`,
        detail: `Announcement · ${course}`,
        target: courseTarget(payload, 'announcements'),
      }
    case 'certificate': {
      const code = text(payload, 'code')
      return {
        title: `Your certificate for ${course} is ready`,
        detail: code ? `Certificate ${code}` : null,
        target: code ? { to: '/c/$code', params: { code } } : { to: '/notifications' },
      }
    }
    case 'achievement':
      return {
        title: `Trophy earned: ${text(payload, 'title') ?? 'a new achievement'}`,
        detail: null,
        target: { to: '/achievements' },
      }
    case 'study_reminder':
      return {
        title: `Your study session for ${course} starts soon`,
        detail: localStart(payload),
        target: courseTarget(payload),
      }
    case 'event_reminder': {
      const title = text(payload, 'title') ?? (payload.reminder === 'deadline' ? 'A deadline' : 'A live session')
      return {
        title: payload.reminder === 'deadline' ? `Deadline tomorrow: ${title}` : `Live session tomorrow: ${title}`,
        detail: [course, localStart(payload)].filter(Boolean).join(' · '),
        target: { to: '/calendar' },
      }
    }
    case 'streak_reminder': {
      const days = typeof payload.streak_days === 'number' ? payload.streak_days : null
      return {
        title: days ? `Your ${days}-day streak ends tonight` : 'Your streak ends tonight',
        detail: 'Study for 5 minutes or complete a lesson to keep it.',
        target: { to: '/stats' },
      }
    }
    case 'weekly_digest': {
      const courses = Array.isArray(payload.courses) ? payload.courses.length : 0
      return {
        title: 'Your weekly digest',
        detail: courses === 1 ? 'News from 1 course you teach' : `News from ${courses} courses you teach`,
        target: { to: '/studio' },
      }
    }
    default:
      // A kind this app has no words for yet: what the payload says, linked to its course when it names one.
      return {
        title: text(payload, 'title') ?? 'New notification',
        detail: text(payload, 'course_title'),
        target: courseTarget(payload),
      }
  }
}

/** The badge's text: the count up to 99, then "99+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}

/** The bell button's accessible name, count included. */
export function bellLabel(count: number): string {
  if (count <= 0) return 'Notifications'
  return `Notifications, ${count > 99 ? 'more than 99' : count} unread`
}
