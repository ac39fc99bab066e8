// Patching cached outlines: the lesson, its section count and the course totals change together; other courses'
// lessons and answers older than the cached progress leave the outline untouched.
import { describe, expect, it } from 'vitest'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { applyProgressPatch } from './outline-cache'

function lesson(id: string, status: 'completed' | 'in_progress' | null) {
  return {
    id,
    position: 1,
    title: `Lesson ${id}`,
    kind: 'text' as const,
    duration_s: 60,
    is_preview: false,
    completion_rule: 'manual' as const,
    completion_threshold: 0.9,
    available: true,
    lock: null,
    progress: status
      ? {
          status,
          position_s: 0,
          watched_s: 0,
          completed_at: null,
          completed_by: null,
          updated_at: '2026-01-01T00:00:00Z',
        }
      : null,
  }
}

function outline(): CourseOutline {
  const section = (id: string, lessons: ReturnType<typeof lesson>[]) => ({
    id,
    position: 1,
    title: id,
    release_at: null,
    release_offset_days: null,
    duration_s: 0,
    lesson_count: lessons.length,
    completed_count: lessons.filter((l) => l.progress?.status === 'completed').length,
    lessons,
  })
  return {
    course: {} as CourseOutline['course'],
    viewer: {
      signed_in: true,
      is_member: false,
      enrollment: { id: 'e', status: 'active', enrolled_at: 'x', completed_at: null, last_lesson_id: null },
    },
    progress: { completed: 1, total: 4, percent: 25 },
    sections: [
      section('s1', [lesson('a', 'completed'), lesson('b', null)]),
      section('s2', [lesson('c', null), lesson('d', 'in_progress')]),
    ],
  }
}

describe('applyProgressPatch', () => {
  it('ticks a lesson and recounts its section and the course', () => {
    const next = applyProgressPatch(outline(), { lessonId: 'c', progress: { status: 'completed' } })
    expect(next.sections[1]?.lessons[0]?.progress?.status).toBe('completed')
    expect(next.sections[1]?.completed_count).toBe(1)
    expect(next.sections[0]?.completed_count).toBe(1)
    expect(next.progress).toEqual({ completed: 2, total: 4, percent: 50 })
  })

  it('unticks a lesson and keeps its saved position', () => {
    const base = applyProgressPatch(outline(), { lessonId: 'a', progress: { position_s: 42 } })
    const next = applyProgressPatch(base, { lessonId: 'a', progress: { status: 'in_progress' } })
    expect(next.sections[0]?.lessons[0]?.progress).toMatchObject({ status: 'in_progress', position_s: 42 })
    expect(next.progress).toEqual({ completed: 0, total: 4, percent: 0 })
  })

  it('prefers the server totals and enrollment when given', () => {
    const next = applyProgressPatch(outline(), {
      lessonId: 'b',
      progress: { status: 'completed' },
      courseProgress: { completed: 4, total: 4, percent: 100 },
      enrollment: { status: 'completed', completed_at: '2026-02-02T00:00:00Z' },
    })
    expect(next.progress.percent).toBe(100)
    expect(next.viewer.enrollment?.status).toBe('completed')
    expect(next.viewer.enrollment?.id).toBe('e')
  })

  it('leaves the outline as it is for an answer older than the progress it holds, whichever arrives last', () => {
    // The tick's answer (12:00:02) came back first; the answer to the save made as the lesson opened (12:00:01) after.
    const ticked = applyProgressPatch(outline(), {
      lessonId: 'd',
      progress: { status: 'completed', updated_at: '2026-01-01T12:00:02.5Z' },
      courseProgress: { completed: 2, total: 4, percent: 50 },
    })
    const late = applyProgressPatch(ticked, {
      lessonId: 'd',
      progress: { status: 'in_progress', updated_at: '2026-01-01T12:00:01Z' },
      courseProgress: { completed: 1, total: 4, percent: 25 },
    })
    expect(late).toBe(ticked)
    expect(late.sections[1]?.lessons[1]?.progress?.status).toBe('completed')
    // A newer answer, or one without a date (an optimistic tick), still applies.
    const newer = applyProgressPatch(ticked, {
      lessonId: 'd',
      progress: { status: 'in_progress', updated_at: '2026-01-01T12:00:03Z' },
    })
    expect(newer.sections[1]?.lessons[1]?.progress?.status).toBe('in_progress')
    expect(applyProgressPatch(ticked, { lessonId: 'd', progress: { status: 'in_progress' } }).progress.completed).toBe(
      1,
    )
  })

  it('returns the same object for a lesson of another course', () => {
    const base = outline()
    expect(applyProgressPatch(base, { lessonId: 'zzz', progress: { status: 'completed' } })).toBe(base)
  })
})
