import { describe, expect, it } from 'vitest'
import type { EnrollmentSummary } from './course-outline.schema'
import { seesLearnerView, viewerMode } from './viewer-mode'

const enrollment = (status: EnrollmentSummary['status']): EnrollmentSummary => ({
  id: 'e1',
  status,
  enrolled_at: '2026-11-01T00:00:00Z',
  completed_at: null,
  last_lesson_id: null,
})

const viewer = (overrides: Partial<{ is_member: boolean; as_learner: boolean; enrollment: EnrollmentSummary }>) => ({
  viewer: { signed_in: true, is_member: false, as_learner: false, enrollment: null, ...overrides },
})

describe('viewerMode', () => {
  it('is a preview whenever the database confirmed one', () => {
    expect(viewerMode(viewer({ is_member: true, as_learner: true }))).toBe('preview')
  })

  it('treats members as staff, even when they are enrolled too', () => {
    expect(viewerMode(viewer({ is_member: true }))).toBe('staff')
    expect(viewerMode(viewer({ is_member: true, enrollment: enrollment('active') }))).toBe('staff')
  })

  it('is a learner for active and completed enrollments only', () => {
    expect(viewerMode(viewer({ enrollment: enrollment('active') }))).toBe('learner')
    expect(viewerMode(viewer({ enrollment: enrollment('completed') }))).toBe('learner')
    expect(viewerMode(viewer({ enrollment: enrollment('removed') }))).toBe('guest')
    expect(viewerMode(viewer({}))).toBe('guest')
  })

  it('reads an outline without as_learner as no preview', () => {
    expect(viewerMode({ viewer: { signed_in: false, is_member: false, enrollment: null } })).toBe('guest')
  })
})

describe('seesLearnerView', () => {
  it('shows the learner side to learners and previews only', () => {
    expect(['staff', 'preview', 'learner', 'guest'].filter((m) => seesLearnerView(m as never))).toEqual([
      'preview',
      'learner',
    ])
  })
})
