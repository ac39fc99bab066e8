// The staff's bar and a member's learner-preview banner, above the course page and the player. Only the school's
// members see them, so their code loads when the outline says this viewer is one: the pages' loaders start it
// (`preloadViewerBar`) beside their own code, and a learner's or a visitor's first load goes without it.
import { lazyRetrying } from '@/components/lazy-retrying'
import type { ViewerMode } from '@/lib/courses/viewer-mode'
import { loadOnce } from '@/lib/load-once'

// One load per module, shared by the loaders' preloads and the first render (and tried again after a failure).
const staffBar = loadOnce(() => import('./staff-bar'))
const previewBanner = loadOnce(() => import('./preview-banner'))

/** Starts loading the bar this viewer will see, if any. */
export function preloadViewerBar(mode: ViewerMode): void {
  const load = mode === 'staff' ? staffBar : mode === 'preview' ? previewBanner : undefined
  // A preload that fails is not an error yet: the bar loads again when it renders, and shows its failure there.
  void load?.().catch(() => {})
}

export const StaffBar = lazyRetrying(() => staffBar().then((m) => m.StaffBar))
export const PreviewBanner = lazyRetrying(() => previewBanner().then((m) => m.PreviewBanner))
