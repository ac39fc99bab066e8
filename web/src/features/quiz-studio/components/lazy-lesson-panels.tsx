// The lesson editor's panel for the lesson's kind, from the quiz studio: a quiz lesson's settings (with its own form
// and the preview), a video lesson's in-video checks. Each shows under the lesson's form, for one kind of lesson only,
// so its code loads once the route's loader has read the lesson and knows the kind (`preloadLessonPanel`), beside the
// editor's own; a text lesson's editor loads neither. A failed load is tried again at the next mount.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import type { Database } from '@/lib/database.types'
import { loadOnce } from '@/lib/load-once'

interface PanelProps {
  courseId: string
  lessonId: string
}

const quizSettings = loadOnce(() => import('./quiz-settings-section'))
const videoChecks = loadOnce(() => import('./video-checks-panel'))

/** Starts loading the panel of a lesson of this kind, if it has one (a failure shows when the panel renders). */
export function preloadLessonPanel(kind: Database['public']['Enums']['lesson_kind']): void {
  const load = kind === 'quiz' ? quizSettings : kind === 'video' ? videoChecks : undefined
  void load?.().catch(() => {})
}

const loading = (label: string) => (
  <LoadingBlocks
    label={label}
    blocks={['h-7 w-48', 'h-32 w-full', 'h-11 w-40']}
    className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
  />
)

export const LazyQuizSettingsSection = lazyRetrying<PanelProps>(
  () => quizSettings().then((m) => m.QuizSettingsSection),
  loading('Loading the quiz settings'),
)

export const LazyVideoChecksPanel = lazyRetrying<PanelProps>(
  () => videoChecks().then((m) => m.VideoChecksPanel),
  loading('Loading the in-video checks'),
)
