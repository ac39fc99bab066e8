// Unit tests of "finished": a completed enrollment, or every lesson done; never an empty or partly done course.
import { describe, expect, it } from 'vitest'
import { isFinished } from './finished'

const enrollment = (status: 'active' | 'completed' | 'removed') => ({
  id: 'e',
  status,
  enrolled_at: '2026-11-01T00:00:00Z',
  completed_at: status === 'completed' ? '2026-11-10T00:00:00Z' : null,
  last_lesson_id: null,
})
const outline = (status: 'active' | 'completed' | 'removed', completed: number, total: number) => ({
  viewer: { signed_in: true, is_member: false, enrollment: enrollment(status) },
  progress: { completed, total, percent: total === 0 ? 0 : Math.floor((100 * completed) / total) },
})

describe('isFinished', () => {
  it('is true for a completed enrollment, even with a lesson unticked since', () => {
    expect(isFinished(outline('completed', 3, 4))).toBe(true)
  })
  it('is true when every lesson is done', () => {
    expect(isFinished(outline('active', 4, 4))).toBe(true)
  })
  it('is false midway and for a course without lessons', () => {
    expect(isFinished(outline('active', 3, 4))).toBe(false)
    expect(isFinished(outline('active', 0, 0))).toBe(false)
  })
})
