// Home's goal card words: progress, the nudge for a streak at risk, and whether the goal is still reachable.
import { describe, expect, it } from 'vitest'
import { goalProgress, goalState, streakNudge } from './goal'
import { longDay, shortDay, weekdayIndex } from './format'

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

describe('day words', () => {
  it('reads calendar dates without a time zone', () => {
    expect(longDay('2026-03-29')).toBe('Sunday 29 March')
    expect(shortDay('2026-11-03')).toBe('3 Nov')
    expect(weekdayIndex('2026-11-02')).toBe(0)
  })
})
