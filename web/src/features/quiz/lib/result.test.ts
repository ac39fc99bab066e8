// What a learner may do after an attempt.
import { describe, expect, it } from 'vitest'
import { nextStep } from './result'

const now = Date.parse('2026-11-29T10:00:00Z')

describe('next step after an attempt', () => {
  it('goes on after a pass, waits out a cooldown, tries again, or stops when none is left', () => {
    expect(nextStep({ passed: true, attempts_left: 0, next_attempt_at: null }, now)).toBe('passed')
    expect(nextStep({ passed: false, attempts_left: 0, next_attempt_at: null }, now)).toBe('exhausted')
    expect(nextStep({ passed: false, attempts_left: 2, next_attempt_at: '2026-11-29T10:05:00Z' }, now)).toBe('wait')
    expect(nextStep({ passed: false, attempts_left: null, next_attempt_at: '2026-11-29T09:55:00Z' }, now)).toBe(
      'try_again',
    )
  })
})
