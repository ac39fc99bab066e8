// The shape of calendar_items() rows, which the calendar page and home's "Upcoming" read (the plans' and the feed's
// shapes are in plan.schemas.ts, which home's first load does without). The generator types nullable columns of a
// set-returning function as plain strings, so the client parses them here.
import * as z from 'zod/mini'

export const calendarKinds = ['study', 'live', 'deadline'] as const
export type CalendarKind = (typeof calendarKinds)[number]

export const calendarItemRowSchema = z.object({
  id: z.string(),
  kind: z.enum(calendarKinds),
  title: z.string(),
  course_id: z.string(),
  course_slug: z.string(),
  course_title: z.string(),
  starts_at: z.string(),
  ends_at: z.nullable(z.string()),
  join_url: z.nullable(z.string()),
})
