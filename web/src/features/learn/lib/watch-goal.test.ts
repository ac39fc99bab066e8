// The watched-toward-the-rule figures and sentences, and where the first skipped part starts.
import { describe, expect, it } from 'vitest'
import { endedShortText, jumpLabel, watchGoal, watchGoalLabel } from './watch-goal'
import { WatchedSeconds } from './watched-seconds'

describe('watchGoal', () => {
  it('shows the distinct seconds watched against the rule: 62 % of 90 %', () => {
    const goal = watchGoal({ watchedS: 62, durationS: 100, threshold: 0.9, rule: 'video' })
    expect(goal).toEqual({ percent: 62, targetPercent: 90, met: false })
    expect(watchGoalLabel(goal)).toBe('62 % of 90 % watched')
  })

  it('meets the rule at threshold × duration, as save_progress does', () => {
    expect(watchGoal({ watchedS: 22, durationS: 24, threshold: 0.9, rule: 'video' }).met).toBe(true)
    expect(watchGoal({ watchedS: 21, durationS: 24, threshold: 0.9, rule: 'video' }).met).toBe(false)
  })

  it('never goes past 100 % and has no target for a lesson ticked by hand', () => {
    const goal = watchGoal({ watchedS: 500, durationS: 30, threshold: 0.9, rule: 'manual' })
    expect(goal).toEqual({ percent: 100, targetPercent: null, met: false })
    expect(watchGoalLabel(goal)).toBe('100 % watched')
  })
})

describe('endedShortText', () => {
  it('says why the lesson is not complete when the video ended short of the rule', () => {
    const goal = watchGoal({ watchedS: 12, durationS: 24, threshold: 0.9, rule: 'video' })
    expect(endedShortText(goal)).toBe(
      'Not complete yet: you have watched 50 % of this video and the lesson completes at 90 %. Some parts were skipped.',
    )
  })

  it('says nothing when the rule is met or the lesson has no rule', () => {
    expect(endedShortText(watchGoal({ watchedS: 24, durationS: 24, threshold: 0.9, rule: 'video' }))).toBeNull()
    expect(endedShortText(watchGoal({ watchedS: 1, durationS: 24, threshold: 0.9, rule: 'manual' }))).toBeNull()
  })
})

describe('first unwatched part', () => {
  it('is the first second not played, after a skip forward', () => {
    const watched = new WatchedSeconds()
    for (let t = 0; t <= 5; t += 0.5) watched.played(t)
    watched.interrupt()
    for (let t = 15; t <= 24; t += 0.5) watched.played(t)
    expect(watched.firstUnwatched(24)).toBe(6)
    expect(jumpLabel(6)).toBe('Watch the first part you skipped (from 0:06)')
  })

  it('is null when every second was played', () => {
    const watched = new WatchedSeconds(Array.from({ length: 24 }, (_, i) => i))
    expect(watched.firstUnwatched(24)).toBeNull()
  })
})
