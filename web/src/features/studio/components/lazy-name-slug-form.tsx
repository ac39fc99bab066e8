// "New school" and "New course" show their form only when asked for, so the form (./name-slug-form, with
// react-hook-form and its zod resolver, about 16 KiB gzip) is not in the studio's first load: it loads once the page
// has loaded and the browser is idle, or at the first click if that comes sooner. After a failed load, the next
// opening loads it again.
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'
import type { NameSlugFormProps } from './name-slug-form'

const loadForm = loadSoonAfterPageLoad(() => import('./name-slug-form'))

export const LazyNameSlugForm = lazyRetrying<NameSlugFormProps>(
  () => loadForm().then((m) => m.NameSlugForm),
  <LoadingBlocks label="Loading the form" blocks={['h-16 w-full', 'h-16 w-full', 'h-10 w-48']} />,
)
