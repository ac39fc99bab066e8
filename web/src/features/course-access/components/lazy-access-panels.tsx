// The access tabs of a course's learners page (cohorts, invite links, access codes, events), with their forms and
// the new secret's dialog: one shows at a time, and the page opens on the roster, so their code is not in the page's
// first load. It loads once the page has loaded and the browser is idle, or when one of these tabs is shown first
// (opened, or named by the address). A failed load is tried again at the next mount.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'

interface PanelProps {
  courseId: string
}

const loadPanels = loadSoonAfterPageLoad(() => import('./access-panels'))
const loading = <LoadingBlocks label="Loading the tab" blocks={['h-7 w-1/2', 'h-24 w-full', 'h-11 w-40']} />

export const LazyCohortsPanel = lazyRetrying<PanelProps>(() => loadPanels().then((m) => m.CohortsPanel), loading)
export const LazyInvitesPanel = lazyRetrying<PanelProps>(() => loadPanels().then((m) => m.InvitesPanel), loading)
export const LazyAccessCodesPanel = lazyRetrying<PanelProps>(
  () => loadPanels().then((m) => m.AccessCodesPanel),
  loading,
)
export const LazyEventsPanel = lazyRetrying<PanelProps>(() => loadPanels().then((m) => m.EventsPanel), loading)
