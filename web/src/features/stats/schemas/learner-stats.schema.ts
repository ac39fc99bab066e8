// The shape of learner_stats()'s jsonb answer (README, "Stats, streaks and the weekly goal"). The generator types
// it as Json, so the client parses it: a changed answer fails loudly here rather than deep in a chart.
import * as z from 'zod/mini'

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
const count = z.number().check(z.int(), z.nonnegative())

export const learnerStatsSchema = z.object({
  timezone: z.string(),
  today: day,
  today_counts: z.boolean(),
  current_streak: count,
  longest_streak: count,
  streak_at_risk: z.boolean(),
  total_minutes: count,
  lessons_completed_total: count,
  minutes_per_day: z.array(z.object({ day, minutes: count })),
  minutes_per_week: z.array(z.object({ week_start: day, minutes: count })),
  lessons_per_week: z.array(z.object({ week_start: day, lessons: count })),
  // Quizzes passed for the first time per ISO week (M5); optional so a cached answer from before reads as none.
  quizzes_per_week: z.optional(z.array(z.object({ week_start: day, quizzes: count }))),
  heatmap: z.array(z.object({ day, seconds: count, lessons: count, counts: z.boolean() })),
  goal: z.object({
    days_per_week: z.number().check(z.int(), z.gte(1), z.lte(7)),
    this_week: z.array(z.object({ day, counts: z.boolean() })),
    met_days: count,
    met: z.boolean(),
    days_left: count,
  }),
})

export type LearnerStats = z.infer<typeof learnerStatsSchema>
export type HeatmapDay = LearnerStats['heatmap'][number]
export type GoalDay = LearnerStats['goal']['this_week'][number]

/** The weekly goal a learner can choose (profiles_weekly_goal_days_range). */
export const weeklyGoalSchema = z.number().check(z.int(), z.gte(1), z.lte(7))
