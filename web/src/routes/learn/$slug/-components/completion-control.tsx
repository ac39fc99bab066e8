// How an open lesson's completion shows in the player: the "Mark complete" tick for a learner who can save progress
// (inert in a learner preview), otherwise a note saying why nothing is ticked here (visitors, staff).
import { CompleteToggle } from '@/features/learn/components/complete-toggle'
import type { ProgressSnapshot } from '@/features/learn/lib/progress-saver'
import type { ProgressSyncStatus } from '@/features/learn/use-progress-sync'
import type { CourseOutline, OutlineLesson } from '@/lib/courses/course-outline.schema'
import type { ViewerMode } from '@/lib/courses/viewer-mode'
import { TrackingNote } from './tracking'

export interface CompletionControlProps {
  slug: string
  outline: CourseOutline
  lesson: OutlineLesson
  mode: ViewerMode
  canSave: boolean
  /** The video's live position and seconds watched (video lessons), sent with the tick. */
  live?: () => ProgressSnapshot | null
  sync: ProgressSyncStatus
}

export function CompletionControl({ slug, outline, lesson, mode, canSave, live, sync }: CompletionControlProps) {
  if (canSave) return <CompleteToggle slug={slug} lesson={lesson} live={live} liveSync={sync} />
  if (mode === 'preview') return <CompleteToggle slug={slug} lesson={lesson} previewing />
  return <TrackingNote slug={slug} outline={outline} />
}
