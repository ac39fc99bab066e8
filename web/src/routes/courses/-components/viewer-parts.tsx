// The parts of the course page that only some viewers see: an enrolled learner's ticks and live progress (with the
// progress mutations and Realtime behind them), the staff's bar, a member's learner preview (both shared with the
// player: features/courses/components/lazy-viewer-bars.tsx), the live sessions of enrolled learners and staff with how
// many of them have the course open, and the announcements of learners and staff. They load when the outline says
// this viewer sees them, so a visitor's first load goes without them; the loader starts loading them as soon as the
// outline is known (`preloadViewerParts`).
import { lazyRetrying } from '@/components/lazy-retrying'
import { preloadViewerBar } from '@/features/courses/components/lazy-viewer-bars'
import type { ViewerMode } from '@/lib/courses/viewer-mode'
import { loadOnce } from '@/lib/load-once'

// One load per module, shared by the loader's preload and the first render (and tried again after a failure).
const checkboxes = loadOnce(() => import('./lesson-complete-checkbox'))
const liveProgress = loadOnce(() => import('./live-progress'))
const courseEvents = loadOnce(() => import('@/features/courses/components/course-events'))
const learningNow = loadOnce(() => import('@/features/leaderboard/components/learning-now'))
const announcements = loadOnce(() => import('@/features/announcements/components/course-announcements'))

/** Starts loading what this viewer will see, beside the rest of the page. */
export function preloadViewerParts(mode: ViewerMode, seesEvents: boolean): void {
  // A preload that fails is not an error yet: the part loads again when it renders, and shows its failure there.
  const preload = (...loads: (() => Promise<unknown>)[]) => loads.forEach((load) => void load().catch(() => {}))
  preloadViewerBar(mode)
  if (mode === 'learner') preload(checkboxes, liveProgress)
  if (mode === 'preview') preload(checkboxes)
  if (mode === 'learner' || mode === 'staff') preload(announcements)
  if (seesEvents) preload(courseEvents, learningNow)
}

/** Holds the tick's place (same size, inert) for the moment it loads, so the row does not shift. */
const checkboxPlaceholder = (
  <span aria-hidden="true" className="inline-block size-5 shrink-0 rounded border border-slate-300 bg-white" />
)

export const LessonCompleteCheckbox = lazyRetrying(
  () => checkboxes().then((m) => m.LessonCompleteCheckbox),
  checkboxPlaceholder,
)
export const PreviewLessonCheckbox = lazyRetrying(
  () => checkboxes().then((m) => m.PreviewLessonCheckbox),
  checkboxPlaceholder,
)
export const LiveProgress = lazyRetrying(() => liveProgress().then((m) => m.LiveProgress))
export { PreviewBanner, StaffBar } from '@/features/courses/components/lazy-viewer-bars'
export const CourseEvents = lazyRetrying(() => courseEvents().then((m) => m.CourseEvents))
export const LearningNow = lazyRetrying(() => learningNow().then((m) => m.LearningNow))
// Shows nothing until its list has arrived either way, so no placeholder is lost.
export const CourseAnnouncements = lazyRetrying(() => announcements().then((m) => m.CourseAnnouncements))
