// Whether the learner has finished a course, from its outline: the enrollment says completed (it stays so even if
// lessons are added or unticked later), or every lesson is done. A finished course is never "continued".
import type { CourseOutline } from '@/lib/courses/course-outline.schema'

export function isFinished(outline: Pick<CourseOutline, 'viewer' | 'progress'>): boolean {
  if (outline.viewer.enrollment?.status === 'completed') return true
  return outline.progress.total > 0 && outline.progress.completed >= outline.progress.total
}
