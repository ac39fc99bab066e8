// The private iCal subscription (./calendar-feed-section) comes last on /calendar, under the calendar and the study
// plans, so it is not in the page's first load: it loads once the page has loaded and the browser is idle. /account
// loads the same chunk after its profile. A failed load is tried again at the next mount.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'

const loadSection = loadSoonAfterPageLoad(() => import('./calendar-feed-section'))

export const LazyCalendarFeedSection = lazyRetrying<{ userId: string }>(
  () => loadSection().then((m) => m.CalendarFeedSection),
  <LoadingBlocks label="Loading the calendar subscription" blocks={['h-7 w-64', 'h-28 w-full']} />,
)
