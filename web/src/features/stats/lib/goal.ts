// Words for home's weekly goal card, from learner_stats()'s goal and streak.
import type { LearnerStats } from '../schemas/learner-stats.schema'
import { plural } from './format'

/** "3 of 4 days this week". */
export function goalProgress(goal: LearnerStats['goal']): string {
  return `${goal.met_days} of ${plural(goal.days_per_week, 'day')} this week`
}

/** The gentle nudge when a streak needs today, or null. */
export function streakNudge(stats: Pick<LearnerStats, 'streak_at_risk' | 'current_streak'>): string | null {
  if (!stats.streak_at_risk) return null
  return `Study 5 minutes today to keep your ${stats.current_streak}-day streak`
}

/** What the goal means now: met, reachable in the days left, or out of reach this week. */
export function goalState(goal: LearnerStats['goal'], todayCounts: boolean): string {
  if (goal.met) return 'Goal met this week. Well done!'
  const needed = goal.days_per_week - goal.met_days
  // Today is still open when it does not count yet.
  const open = goal.days_left + (todayCounts ? 0 : 1)
  if (needed <= open) return `${plural(needed, 'more day')} to reach your goal.`
  return 'Out of reach this week — a new week starts on Monday.'
}
