// The player's sentences (clock times are formatted by @/lib/format and tested there).
import { describe, expect, it } from 'vitest'
import { canTrackProgress, continueLabel, incompleteReason, trophySummary } from './player-text'

describe('continueLabel', () => {
  it('labels the continue button with the clock position', () => {
    expect(continueLabel(83)).toBe('Continue at 1:23')
    expect(continueLabel(3725)).toBe('Continue at 1:02:05')
  })
})

describe('incompleteReason', () => {
  const progress = (status: 'completed' | 'in_progress') => ({
    status,
    position_s: 0,
    watched_s: 0,
    completed_at: null,
    completed_by: null,
    updated_at: 'x',
  })

  it('asks to watch the threshold for a video with the video rule', () => {
    expect(
      incompleteReason({ kind: 'video', completion_rule: 'video', completion_threshold: 0.9, progress: null }),
    ).toBe('Watch 90% of the video to complete it, or tick it yourself')
    expect(
      incompleteReason({ kind: 'video', completion_rule: 'video', completion_threshold: 0.75, progress: null }),
    ).toContain('Watch 75%')
  })

  it('asks to tick manual lessons and says nothing once complete', () => {
    expect(
      incompleteReason({
        kind: 'text',
        completion_rule: 'manual',
        completion_threshold: 0.9,
        progress: progress('in_progress'),
      }),
    ).toBe('Tick when you are done')
    expect(
      incompleteReason({
        kind: 'video',
        completion_rule: 'video',
        completion_threshold: 0.9,
        progress: progress('completed'),
      }),
    ).toBeNull()
  })
})

describe('trophySummary', () => {
  it('mentions the certificate only when the course has one', () => {
    expect(trophySummary({ completed: 12, total: 40, percent: 30 }, true)).toBe(
      '12 of 40 lessons · 30% · certificate at 100%',
    )
    expect(trophySummary({ completed: 1, total: 1, percent: 100 }, false)).toBe('1 of 1 lesson · 100%')
  })
})

describe('canTrackProgress', () => {
  it('is true for active and completed enrollments only', () => {
    const viewer = (status: 'active' | 'completed' | 'removed' | null) => ({
      viewer: {
        signed_in: true,
        is_member: false,
        enrollment: status ? { id: 'e', status, enrolled_at: 'x', completed_at: null, last_lesson_id: null } : null,
      },
    })
    expect(canTrackProgress(viewer('active'))).toBe(true)
    expect(canTrackProgress(viewer('completed'))).toBe(true)
    expect(canTrackProgress(viewer('removed'))).toBe(false)
    expect(canTrackProgress(viewer(null))).toBe(false)
  })

  it('is false for staff, even enrolled, and for previews', () => {
    const enrollment = {
      id: 'e',
      status: 'active' as const,
      enrolled_at: 'x',
      completed_at: null,
      last_lesson_id: null,
    }
    expect(canTrackProgress({ viewer: { signed_in: true, is_member: true, enrollment } })).toBe(false)
    expect(canTrackProgress({ viewer: { signed_in: true, is_member: true, as_learner: true, enrollment: null } })).toBe(
      false,
    )
  })
})
