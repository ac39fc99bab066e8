// The "New announcement" form (its form state, schema and radio groups) loads in a chunk of its own, so the page's
// first code is the list of the course's announcements. The route's loader starts loading it with the page
// (`preload()`), so it arrives with the page's own code rather than after it; meanwhile a placeholder of its shape
// holds its place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyAnnouncementForm = lazyPreloaded(
  () => import('./announcement-form').then((module) => module.AnnouncementForm),
  // The form's parts at their heights (title, message, audience, when, the button), so the list below stays put.
  <LoadingBlocks
    label="Loading the announcement form"
    blocks={['h-7 w-56', 'h-17.5 w-full', 'h-70 w-full sm:h-65', 'h-16.5 w-full', 'h-18 w-full', 'h-10 w-48']}
    className="gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
  />,
)
