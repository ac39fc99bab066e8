// How far a video lesson is toward its completion rule: the distinct seconds watched as a share of the video, the
// share the rule asks for, and the sentences the player shows ("62 % of 90 % watched", why it is not complete yet).
// The server decides completion (save_progress, watched_s ≥ threshold × duration_s); this only mirrors it.
import { formatClock } from '@/lib/format/clock'

export interface WatchGoal {
  /** Whole percent of the video watched (distinct seconds), 0–100. */
  percent: number
  /** The percent the completion rule asks for, or null for a lesson ticked by hand. */
  targetPercent: number | null
  /** The rule's seconds are reached (the server completes the lesson on the save that crosses them). */
  met: boolean
}

export function watchGoal(input: {
  watchedS: number
  durationS: number
  threshold: number
  rule: 'manual' | 'video'
}): WatchGoal {
  const duration = Math.max(0, input.durationS)
  const watched = Math.min(Math.max(0, input.watchedS), duration)
  const percent = duration > 0 ? Math.floor((100 * watched) / duration) : 0
  if (input.rule !== 'video' || duration === 0) return { percent, targetPercent: null, met: false }
  return {
    percent,
    targetPercent: Math.round(input.threshold * 100),
    met: watched >= input.threshold * duration,
  }
}

export function watchGoalLabel(goal: WatchGoal): string {
  return goal.targetPercent === null
    ? `${goal.percent} % watched`
    : `${goal.percent} % of ${goal.targetPercent} % watched`
}

/** Said when the video ends before the rule is met: the learner skipped parts. Null when nothing is missing. */
export function endedShortText(goal: WatchGoal): string | null {
  if (goal.targetPercent === null || goal.met) return null
  return `Not complete yet: you have watched ${goal.percent} % of this video and the lesson completes at ${goal.targetPercent} %. Some parts were skipped.`
}

export function jumpLabel(second: number): string {
  return `Watch the first part you skipped (from ${formatClock(second)})`
}
