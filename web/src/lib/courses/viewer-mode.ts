// Who is looking at a course page or lesson, from course_outline's viewer: the school's staff (every lesson open,
// no progress of their own), a member previewing as a learner, an enrolled learner, or anyone else (a guest).
import type { CourseOutline } from './course-outline.schema'

export type ViewerMode = 'staff' | 'preview' | 'learner' | 'guest'

export function viewerMode({ viewer }: Pick<CourseOutline, 'viewer'>): ViewerMode {
  if (viewer.as_learner) return 'preview'
  // Staff who also enrolled still see the course as its staff: progress is for learners.
  if (viewer.is_member) return 'staff'
  const status = viewer.enrollment?.status
  return status === 'active' || status === 'completed' ? 'learner' : 'guest'
}

/** Whether the page shows the learner's side (progress, ticks, next lesson): learners and previews of them. */
export function seesLearnerView(mode: ViewerMode): boolean {
  return mode === 'learner' || mode === 'preview'
}
