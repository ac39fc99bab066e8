// The shapes of the study plan state that save_study_plan(), replan_study_plan() and my_study_plans() answer as
// jsonb, and of a new feed token. The generator types jsonb as Json, so the client parses them here.
import * as z from 'zod/mini'

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
const count = z.number().check(z.int())

export const planStateSchema = z.object({
  course_id: z.string(),
  days_of_week: z.array(count),
  start_time: z.string(),
  minutes: count,
  target_end_date: z.nullable(day),
  time_zone: z.string(),
  remaining_minutes: count,
  planned_minutes: count,
  sessions_ahead: count,
  next_session_at: z.nullable(z.string()),
  projected_end_date: z.nullable(day),
  behind: z.boolean(),
  reachable: z.boolean(),
  updated_at: z.string(),
})
export type PlanState = z.infer<typeof planStateSchema>

export const myPlansSchema = z.array(
  z.object({ ...planStateSchema.shape, course_title: z.string(), course_slug: z.string() }),
)
export type MyPlan = z.infer<typeof myPlansSchema>[number]

export const newFeedSchema = z.object({ id: z.string(), token: z.string(), created_at: z.string() })
