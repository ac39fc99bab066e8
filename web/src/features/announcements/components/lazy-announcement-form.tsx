// The "New announcement" form (its form state, schema and radio groups) loads in a chunk of its own, so the page's
// first code is the list of the course's announcements. The route's loader starts loading it with the page
// (`preload()`), so it arrives with the page's own code rather than after it; meanwhile a placeholder of its shape
// holds its place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyAnnouncementForm = lazyPreloaded(
  () => import('./announcement-form').then((module) => module.AnnouncementForm),
  <LoadingBlocks
    label="Loading the announcement form"
    blocks={['h-7 w-56', 'h-11 w-full', 'h-40 w-full', 'h-11 w-48']}
    className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
  />,
)
