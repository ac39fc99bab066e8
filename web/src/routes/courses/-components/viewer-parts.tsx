// The parts of the course page that only some viewers see: an enrolled learner's ticks and live progress (with the
// progress mutations and Realtime behind them), the staff's bar, a member's learner preview, and the live sessions of
// enrolled learners and staff. They load when the outline says this viewer sees them, so a visitor's first load goes
// without them; the loader starts loading them as soon as the outline is known (`preloadViewerParts`).
import { lazy, Suspense, type ComponentProps } from 'react'
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

/** Starts loading what this viewer will see, beside the rest of the page. */
export function preloadViewerParts(mode: ViewerMode, seesEvents: boolean): void {
  if (mode === 'learner') void Promise.all([checkboxes(), liveProgress()])
  if (mode === 'preview') void Promise.all([checkboxes(), previewBanner()])
  if (mode === 'staff') void staffBar()
  if (seesEvents) void courseEvents()
}

const LazyLessonCheckbox = lazy(() => checkboxes().then((m) => ({ default: m.LessonCompleteCheckbox })))
const LazyPreviewCheckbox = lazy(() => checkboxes().then((m) => ({ default: m.PreviewLessonCheckbox })))
const LazyLiveProgress = lazy(() => liveProgress().then((m) => ({ default: m.LiveProgress })))
const LazyStaffBar = lazy(() => staffBar().then((m) => ({ default: m.StaffBar })))
const LazyPreviewBanner = lazy(() => previewBanner().then((m) => ({ default: m.PreviewBanner })))
const LazyCourseEvents = lazy(() => courseEvents().then((m) => ({ default: m.CourseEvents })))

/** Holds the tick's place (same size, inert) for the moment it loads, so the row does not shift. */
function CheckboxPlaceholder() {
  return <span aria-hidden="true" className="inline-block size-5 shrink-0 rounded border border-slate-300 bg-white" />
}

export function LessonCompleteCheckbox(props: ComponentProps<typeof LazyLessonCheckbox>) {
  return (
    <Suspense fallback={<CheckboxPlaceholder />}>
      <LazyLessonCheckbox {...props} />
    </Suspense>
  )
}

export function PreviewLessonCheckbox(props: ComponentProps<typeof LazyPreviewCheckbox>) {
  return (
    <Suspense fallback={<CheckboxPlaceholder />}>
      <LazyPreviewCheckbox {...props} />
    </Suspense>
  )
}

export function LiveProgress(props: ComponentProps<typeof LazyLiveProgress>) {
  return (
    <Suspense fallback={null}>
      <LazyLiveProgress {...props} />
    </Suspense>
  )
}

export function StaffBar(props: ComponentProps<typeof LazyStaffBar>) {
  return (
    <Suspense fallback={null}>
      <LazyStaffBar {...props} />
    </Suspense>
  )
}

export function PreviewBanner(props: ComponentProps<typeof LazyPreviewBanner>) {
  return (
    <Suspense fallback={null}>
      <LazyPreviewBanner {...props} />
    </Suspense>
  )
}

export function CourseEvents(props: ComponentProps<typeof LazyCourseEvents>) {
  return (
    <Suspense fallback={null}>
      <LazyCourseEvents {...props} />
    </Suspense>
  )
}
