// The course editor's publishing section (what publishing needs, publish, unpublish, archive) loads in a chunk of its
// own: it is the last of the editor's sections. The route's loader starts loading it with the page (`preload()`), so
// it arrives with the page's own code rather than after it; meanwhile a placeholder holds its place.
import { lazyPreloaded } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'

export const LazyPublishPanel = lazyPreloaded(
  () => import('./publish-panel').then((module) => module.PublishPanel),
  <LoadingBlocks label="Loading the publishing section" blocks={['h-5 w-2/3', 'h-5 w-1/2', 'h-11 w-32']} />,
)
