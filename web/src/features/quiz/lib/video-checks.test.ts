// In-video checks stop the video at their moment, once, and not after a seek far past them.
import { describe, expect, it } from 'vitest'
import { dueCheck } from './video-checks'

const checks = [
  { id: 'a', lesson_id: 'l', at_s: 10 },
  { id: 'b', lesson_id: 'l', at_s: 30 },
]

describe('dueCheck', () => {
  it('is due just after its moment, not before and not long after', () => {
    expect(dueCheck(checks, 9.9, new Set())).toBeNull()
    expect(dueCheck(checks, 10.2, new Set())?.id).toBe('a')
    expect(dueCheck(checks, 12, new Set())).toBeNull()
    expect(dueCheck(checks, 30.4, new Set())?.id).toBe('b')
  })

  it('is asked once', () => {
    expect(dueCheck(checks, 10.2, new Set(['a']))).toBeNull()
  })
})
