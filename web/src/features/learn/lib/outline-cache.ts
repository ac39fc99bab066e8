// Pure updates of a cached course outline after a progress change (an optimistic tick, a saved position, a change
// from another device): the lesson's progress, its section's "3/7" and the course's "n of m · p%" move together.
import type { CourseOutline, LessonProgress } from '@/lib/courses/course-outline.schema'

export interface ProgressPatch {
  lessonId: string
  /** The lesson's new progress; fields left out keep their cached value. */
  progress: Partial<LessonProgress> | null
  /** The server's course totals when known (a save_progress answer); otherwise they are recounted here. */
  courseProgress?: CourseOutline['progress']
  enrollment?: { status: 'active' | 'completed' | 'removed'; completed_at: string | null }
}

const emptyProgress: LessonProgress = {
  status: 'not_started',
  position_s: 0,
  watched_s: 0,
  completed_at: null,
  completed_by: null,
  updated_at: new Date(0).toISOString(),
}

export function outlineHasLesson(outline: Pick<CourseOutline, 'sections'>, lessonId: string): boolean {
  return outline.sections.some((section) => section.lessons.some((lesson) => lesson.id === lessonId))
}

/**
 * The outline with one lesson's progress replaced and every count that depends on it recomputed. An answer older than
 * the progress the outline holds (by the server's updated_at) changes nothing: two saves in flight can answer in
 * either order, and the tick the learner just made must not be undone by the answer to the save made before it.
 */
export function applyProgressPatch<T extends CourseOutline>(outline: T, patch: ProgressPatch): T {
  if (!outlineHasLesson(outline, patch.lessonId)) return outline
  if (isOlderThanCached(outline, patch)) return outline
  const sections = outline.sections.map((section) => {
    if (!section.lessons.some((lesson) => lesson.id === patch.lessonId)) return section
    const lessons = section.lessons.map((lesson) =>
      lesson.id === patch.lessonId
        ? {
            ...lesson,
            progress:
              patch.progress === null ? null : { ...emptyProgress, ...(lesson.progress ?? {}), ...patch.progress },
          }
        : lesson,
    )
    const completed = lessons.filter((lesson) => lesson.progress?.status === 'completed').length
    return { ...section, lessons, completed_count: completed }
  })
  const completed = sections.reduce((sum, section) => sum + section.completed_count, 0)
  const total = outline.progress.total || sections.reduce((sum, section) => sum + section.lessons.length, 0)
  const progress = patch.courseProgress ?? {
    completed,
    total,
    percent: total === 0 ? 0 : Math.floor((100 * completed) / total),
  }
  const enrollment =
    patch.enrollment && outline.viewer.enrollment
      ? { ...outline.viewer.enrollment, ...patch.enrollment }
      : outline.viewer.enrollment
  return { ...outline, sections, progress, viewer: { ...outline.viewer, enrollment } }
}

/** Whether cached data looks like an outline (the prefix ['courses', 'outline'] holds nothing else, but be sure). */
export function isOutline(data: unknown): data is CourseOutline {
  return typeof data === 'object' && data !== null && 'sections' in data && 'course' in data && 'progress' in data
}

function isOlderThanCached(outline: CourseOutline, patch: ProgressPatch): boolean {
  const incoming = patch.progress?.updated_at
  if (!incoming) return false
  const cached = outline.sections.flatMap((section) => section.lessons).find((l) => l.id === patch.lessonId)?.progress
  return cached ? Date.parse(incoming) < Date.parse(cached.updated_at) : false
}
