// The words for each kind of notification, shared by the preferences table, the unsubscribe page and the list.
// A kind the app has no words for yet (added by a later migration) is named from its code.
import type { NotificationKind } from '../api/notifications.api'

const labels: Record<string, string> = {
  course_added: 'Added or invited to a course',
  answer: 'Answers to my questions',
  announcement: 'Course announcements',
  certificate: 'Certificates issued',
  achievement: 'Trophies earned',
  study_reminder: 'Study session reminders',
  event_reminder: 'Live session and deadline reminders',
  streak_reminder: 'Streak reminders',
  weekly_digest: 'Weekly digest of the courses I teach',
}

const emails: Record<string, string> = {
  course_added: 'emails about being added or invited to a course',
  answer: 'emails about answers to your questions',
  announcement: 'course announcement emails',
  certificate: 'emails about certificates issued to you',
  achievement: 'emails about trophies you earn',
  study_reminder: 'study session reminder emails',
  event_reminder: 'live session and deadline reminder emails',
  streak_reminder: 'streak reminder emails',
  weekly_digest: 'the weekly digest email of the courses you teach',
}

/** "study_reminder" → "Study reminder". */
function fromCode(kind: string): string {
  const words = kind.replaceAll('_', ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The kind's name in the preferences table: "Course announcements". */
export function kindLabel(kind: NotificationKind): string {
  return labels[kind] ?? `${fromCode(kind)}s`
}

/** How emails of the kind are named in a sentence: "course announcement emails". */
export function kindEmails(kind: NotificationKind): string {
  return emails[kind] ?? `${fromCode(kind).toLowerCase()} emails`
}
