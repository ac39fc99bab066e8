// The sentences the player shows: why a lesson is not complete yet, the Trophy summary, "Continue at mm:ss". Clock
// times come from the app's one formatter (@/lib/format).
import { formatClock } from '@/lib/format/clock'
import type { CourseOutline, OutlineLesson } from '@/lib/courses/course-outline.schema'
import { viewerMode } from '@/lib/courses/viewer-mode'

export function continueLabel(positionS: number): string {
  return `Continue at ${formatClock(positionS)}`
}

/** Why the lesson is not complete yet, or null when it is. */
export function incompleteReason(
  lesson: Pick<OutlineLesson, 'completion_rule' | 'completion_threshold' | 'kind' | 'progress'>,
): string | null {
  if (lesson.progress?.status === 'completed') return null
  if (lesson.completion_rule === 'video' && lesson.kind === 'video') {
    return `Watch ${Math.round(lesson.completion_threshold * 100)}% of the video to complete it, or tick it yourself`
  }
  return 'Tick when you are done'
}

export function trophySummary(progress: CourseOutline['progress'], certificateEnabled: boolean): string {
  const lessons = progress.total === 1 ? 'lesson' : 'lessons'
  const parts = [`${progress.completed} of ${progress.total} ${lessons}`, `${progress.percent}%`]
  if (certificateEnabled) parts.push('certificate at 100%')
  return parts.join(' · ')
}

/** Whether the caller can save progress in this course: enrolled and not removed, not staff, not a preview. */
export function canTrackProgress(outline: Pick<CourseOutline, 'viewer'>): boolean {
  return viewerMode(outline) === 'learner'
}
