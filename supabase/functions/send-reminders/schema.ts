// What claim_due_reminders answers (one row per email to send), checked before anything is sent: the reminder, the
// notification kind it falls under (its unsubscribe link), the recipient, and what the database froze in the payload
// when it came due (the course, the event, the learner's zone and local start, the streak, the digest's courses).
import { z } from 'zod'

const course = {
  course_id: z.string(),
  course_slug: z.string(),
  course_title: z.string(),
  school_name: z.string(),
  school_accent: z.string().nullish(),
}

/** A local moment as the database wrote it: the instant and the reader's IANA zone. */
const moment = { starts_at: z.string(), time_zone: z.string() }

export const studySessionPayload = z.object({ ...course, ...moment, ends_at: z.string(), minutes: z.number() })
export const eventPayload = z.object({
  ...course,
  ...moment,
  event_kind: z.enum(['live', 'deadline']),
  title: z.string(),
  ends_at: z.string().nullable(),
  join_url: z.string().nullable(),
})
export const streakPayload = z.object({
  streak_days: z.number().int().positive(),
  day: z.string(),
  time_zone: z.string(),
})
export const digestCourse = z.object({
  ...course,
  at_risk: z.number().int().nonnegative(),
  at_risk_names: z.array(z.string()),
  unanswered: z.number().int().nonnegative(),
  new_enrollments: z.number().int().nonnegative(),
})
export const digestPayload = z.object({
  week_of: z.string(),
  time_zone: z.string(),
  courses: z.array(digestCourse).min(1),
})

const recipient = {
  id: z.string(),
  user_id: z.string(),
  email: z.string().nullable(),
  display_name: z.string(),
}

export const claimedReminder = z.discriminatedUnion('reminder', [
  z.object({
    ...recipient,
    reminder: z.literal('study_session'),
    kind: z.literal('study_reminder'),
    payload: studySessionPayload,
  }),
  z.object({ ...recipient, reminder: z.literal('event'), kind: z.literal('event_reminder'), payload: eventPayload }),
  z.object({ ...recipient, reminder: z.literal('deadline'), kind: z.literal('event_reminder'), payload: eventPayload }),
  z.object({ ...recipient, reminder: z.literal('streak'), kind: z.literal('streak_reminder'), payload: streakPayload }),
  z.object({ ...recipient, reminder: z.literal('digest'), kind: z.literal('weekly_digest'), payload: digestPayload }),
])

export type ClaimedReminder = z.infer<typeof claimedReminder>
export type DigestCourse = z.infer<typeof digestCourse>
