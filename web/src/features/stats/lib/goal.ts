// Words for home's weekly goal card, from learner_stats()'s goal and streak. A learner's first week invites rather
// than counts what they could not have done yet, and a week past the goal says so instead of "5 of 4 days".
import { plural } from '@/lib/format/plural'
import type { LearnerStats } from '../schemas/learner-stats.schema'

/** "3 of 4 days this week"; past the goal, "5 days this week, goal 4". */
export function goalProgress(goal: LearnerStats['goal']): string {
  if (goal.met_days > goal.days_per_week) return `${plural(goal.met_days, 'day')} this week, goal ${goal.days_per_week}`
  return `${goal.met_days} of ${plural(goal.days_per_week, 'day')} this week`
}

/** The gentle nudge when a streak needs today, or null. */
export function streakNudge(stats: Pick<LearnerStats, 'streak_at_risk' | 'current_streak'>): string | null {
  if (!stats.streak_at_risk) return null
  return `Study 5 minutes today to keep your ${stats.current_streak}-day streak`
}

/** Whether nothing was studied before this week: the learner is new here (or back after three months away). */
export function isFirstWeek(stats: Pick<LearnerStats, 'heatmap' | 'goal'>): boolean {
  const monday = stats.goal.this_week[0]?.day
  if (!monday) return false
  return !stats.heatmap.some((day) => day.day < monday && (day.seconds > 0 || day.lessons > 0))
}

/** What the goal means now: met, reachable in the days left, a first week's invitation, or out of reach. */
export function goalState(goal: LearnerStats['goal'], todayCounts: boolean, firstWeek = false): string {
  if (goal.met) return 'Goal met this week. Well done!'
  const needed = goal.days_per_week - goal.met_days
  // Today is still open when it does not count yet.
  const open = goal.days_left + (todayCounts ? 0 : 1)
  if (needed <= open) return `${plural(needed, 'more day')} to reach your goal.`
  if (firstWeek) {
    return todayCounts
      ? 'Your first week: today counts. Each day with 5 minutes of study or a finished lesson adds to your streak.'
      : 'Your first week: study 5 minutes or finish a lesson today to count your first day.'
  }
  return 'Out of reach this week — a new week starts on Monday.'
}
