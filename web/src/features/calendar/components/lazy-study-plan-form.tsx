// The study plan's form (./study-plan-form, with react-hook-form and its zod resolver, about 16 KiB gzip) sits below
// the calendar, so it is not in /calendar's first load: it loads once the page has loaded and the browser is idle,
// while the cards show the plans' state in words. A failed load is tried again at the next mount.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'
import type { StudyPlanFormProps } from './study-plan-form'

const loadForm = loadSoonAfterPageLoad(() => import('./study-plan-form'))

export const LazyStudyPlanForm = lazyRetrying<StudyPlanFormProps>(
  () => loadForm().then((m) => m.StudyPlanForm),
  <LoadingBlocks label="Loading the study plan form" blocks={['h-20 w-full', 'h-16 w-full', 'h-11 w-40']} />,
)
