// Builders for course_outline answers in tests: a valid outline with sensible defaults, overridable per field.
import type { CourseOutline, OutlineLesson, OutlineSection } from '@/lib/courses/course-outline.schema'

export function lessonFixture(overrides: Partial<OutlineLesson> = {}): OutlineLesson {
  return {
    id: 'lesson-1',
    position: 1,
    title: 'What accessibility means',
    kind: 'video',
    duration_s: 125,
    is_preview: false,
    completion_rule: 'manual',
    completion_threshold: 0.9,
    available: true,
    lock: null,
    progress: null,
    ...overrides,
  }
}

export function sectionFixture(overrides: Partial<OutlineSection> = {}): OutlineSection {
  const lessons = overrides.lessons ?? [lessonFixture()]
  return {
    id: 'section-1',
    position: 1,
    title: 'Getting started',
    release_at: null,
    release_offset_days: null,
    duration_s: lessons.reduce((sum, lesson) => sum + lesson.duration_s, 0),
    lesson_count: lessons.length,
    completed_count: lessons.filter((lesson) => lesson.progress?.status === 'completed').length,
    ...overrides,
    lessons,
  }
}

export function outlineFixture(overrides: Partial<CourseOutline> = {}): CourseOutline {
  return {
    course: {
      id: 'course-1',
      slug: 'web-accessibility-basics',
      title: 'Web Accessibility Basics',
      subtitle: 'Build interfaces everyone can use',
      description_md: 'A **short** course.',
      cover_path: null,
      level: 'beginner',
      language: 'en',
      status: 'published',
      visibility: 'public',
      enrollment_mode: 'open',
      progression: 'free',
      certificate_enabled: true,
      published_at: '2026-11-01T10:00:00Z',
      school: { id: 'school-1', slug: 'summit-academy', name: 'Summit Academy' },
      instructors: [{ display_name: 'Olivia Owner', avatar_path: null, role: 'owner' }],
      duration_s: 125,
      lesson_count: 1,
    },
    viewer: { signed_in: false, is_member: false, as_learner: false, enrollment: null },
    progress: { completed: 0, total: 1, percent: 0 },
    sections: [sectionFixture()],
    ...overrides,
  }
}

export function completedProgress(): NonNullable<OutlineLesson['progress']> {
  return {
    status: 'completed',
    position_s: 0,
    watched_s: 0,
    completed_at: '2026-11-02T10:00:00Z',
    completed_by: 'manual',
    updated_at: '2026-11-02T10:00:00Z',
  }
}

export function inProgress(): NonNullable<OutlineLesson['progress']> {
  return { ...completedProgress(), status: 'in_progress', completed_at: null, completed_by: null }
}
