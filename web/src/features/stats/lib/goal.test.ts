// Home's goal card words: progress, the nudge for a streak at risk, and whether the goal is still reachable.
import { describe, expect, it } from 'vitest'
import { goalProgress, goalState, isFirstWeek, streakNudge } from './goal'

const goal = (days_per_week: number, met_days: number, days_left: number) => ({
  days_per_week,
  met_days,
  days_left,
  met: met_days >= days_per_week,
  this_week: [],
})

describe('weekly goal words', () => {
  it('counts the days met against the goal', () => {
    expect(goalProgress(goal(4, 3, 2))).toBe('3 of 4 days this week')
    expect(goalProgress(goal(1, 0, 6))).toBe('0 of 1 day this week')
  })

  it('never counts more days met than the goal asks for', () => {
    expect(goalProgress(goal(4, 5, 1))).toBe('5 days this week, goal 4')
    expect(goalProgress(goal(4, 4, 1))).toBe('4 of 4 days this week')
  })

  it('invites a learner in their first week instead of saying the goal is out of reach', () => {
    expect(goalState(goal(3, 0, 0), false, true)).toBe(
      'Your first week: study 5 minutes or finish a lesson today to count your first day.',
    )
    expect(goalState(goal(3, 1, 0), true, true)).toMatch(/^Your first week: today counts\./)
    expect(goalState(goal(3, 0, 0), false, false)).toBe('Out of reach this week — a new week starts on Monday.')
    expect(goalState(goal(3, 0, 3), false, true)).toBe('3 more days to reach your goal.')
  })

  it('knows a first week from the days studied before it', () => {
    const week = [{ day: '2026-11-23', counts: false }]
    const stats = (heatmap: { day: string; seconds: number; lessons: number; counts: boolean }[]) => ({
      heatmap,
      goal: { ...goal(3, 0, 0), this_week: week },
    })
    expect(isFirstWeek(stats([{ day: '2026-11-20', seconds: 0, lessons: 0, counts: false }]))).toBe(true)
    expect(isFirstWeek(stats([{ day: '2026-11-24', seconds: 600, lessons: 1, counts: true }]))).toBe(true)
    expect(isFirstWeek(stats([{ day: '2026-11-20', seconds: 120, lessons: 0, counts: false }]))).toBe(false)
  })

  it('nudges only when the streak is at risk', () => {
    expect(streakNudge({ streak_at_risk: true, current_streak: 6 })).toBe(
      'Study 5 minutes today to keep your 6-day streak',
    )
    expect(streakNudge({ streak_at_risk: false, current_streak: 6 })).toBeNull()
  })

  it('says whether the goal can still be met, counting today while it is open', () => {
    expect(goalState(goal(3, 3, 0), true)).toBe('Goal met this week. Well done!')
    expect(goalState(goal(5, 2, 2), false)).toBe('3 more days to reach your goal.')
    expect(goalState(goal(5, 2, 2), true)).toBe('Out of reach this week — a new week starts on Monday.')
  })
})
