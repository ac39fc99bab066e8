// The words for each kind of notification, shared by the preferences table and the unsubscribe page.
import type { NotificationKind } from '../api/notifications.api'

export const kindLabels: Record<NotificationKind, string> = {
  course_added: 'Added or invited to a course',
  answer: 'Answers to my questions',
  announcement: 'Course announcements',
  certificate: 'Certificates issued',
  achievement: 'Trophies earned',
}

/** How an email of the kind is named in a sentence: "emails about course announcements". */
export const kindEmails: Record<NotificationKind, string> = {
  course_added: 'emails about being added or invited to a course',
  answer: 'emails about answers to your questions',
  announcement: 'course announcement emails',
  certificate: 'emails about certificates issued to you',
  achievement: 'emails about trophies you earn',
}
