// The parts of the course page that only some viewers see: an enrolled learner's ticks and live progress (with the
// progress mutations and Realtime behind them), the staff's bar, a member's learner preview, the live sessions of
// enrolled learners and staff with how many of them have the course open, and the announcements of learners and staff. They load when the outline says this
// viewer sees them, so a visitor's first load goes without them; the loader starts loading them as soon as the
// outline is known (`preloadViewerParts`).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import type { ViewerMode } from '@/lib/courses/viewer-mode'

// One promise per module: the loader's preload and the first render share it.
const once = <T,>(load: () => Promise<T>) => {
  let module: Promise<T> | undefined
  return () => (module ??= load())
}
const checkboxes = once(() => import('./lesson-complete-checkbox'))
const liveProgress = once(() => import('./live-progress'))
const staffBar = once(() => import('@/features/courses/components/staff-bar'))
const previewBanner = once(() => import('@/features/courses/components/preview-banner'))
const courseEvents = once(() => import('@/features/courses/components/course-events'))
const learningNow = once(() => import('@/features/leaderboard/components/learning-now'))
const announcements = once(() => import('@/features/announcements/components/course-announcements'))

/** Starts loading what this viewer will see, beside the rest of the page. */
export function preloadViewerParts(mode: ViewerMode, seesEvents: boolean): void {
  if (mode === 'learner') void Promise.all([checkboxes(), liveProgress()])
  if (mode === 'preview') void Promise.all([checkboxes(), previewBanner()])
  if (mode === 'staff') void staffBar()
  if (mode === 'learner' || mode === 'staff') void announcements()
  if (seesEvents) void Promise.all([courseEvents(), learningNow()])
}

/** A part loaded by `load` (one of the above), shown with `fallback` until its code has arrived. */
function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): (props: Props) => ReactNode {
  const Lazy = lazy(() => load().then((component) => ({ default: component })))
  return function Part(props) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}

/** Holds the tick's place (same size, inert) for the moment it loads, so the row does not shift. */
const checkboxPlaceholder = (
  <span aria-hidden="true" className="inline-block size-5 shrink-0 rounded border border-slate-300 bg-white" />
)

export const LessonCompleteCheckbox = lazyPart(
  () => checkboxes().then((m) => m.LessonCompleteCheckbox),
  checkboxPlaceholder,
)
export const PreviewLessonCheckbox = lazyPart(
  () => checkboxes().then((m) => m.PreviewLessonCheckbox),
  checkboxPlaceholder,
)
export const LiveProgress = lazyPart(() => liveProgress().then((m) => m.LiveProgress))
export const StaffBar = lazyPart(() => staffBar().then((m) => m.StaffBar))
export const PreviewBanner = lazyPart(() => previewBanner().then((m) => m.PreviewBanner))
export const CourseEvents = lazyPart(() => courseEvents().then((m) => m.CourseEvents))
export const LearningNow = lazyPart(() => learningNow().then((m) => m.LearningNow))
// Shows nothing until its list has arrived either way, so no placeholder is lost.
export const CourseAnnouncements = lazyPart(() => announcements().then((m) => m.CourseAnnouncements))
